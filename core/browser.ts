import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import type { Browser, BrowserType, LaunchOptions } from 'playwright';
import { UsageError } from './errors.ts';
import { kFromSources } from './package.ts';

/**
 * The one place that decides which Chromium runs and with which flags. Every launch in the
 * project (CLI, tests, benchmarks, generated Playwright configs) goes through here.
 */

/**
 * Playwright loaded with `require`: an ESM `import` of its CommonJS entry makes Node scan the
 * whole 3.6 MB bundle behind it for export names first, ~0.1 s of every `bu` start.
 */
export const chromium = (createRequire(import.meta.url)('playwright') as typeof import('playwright')).chromium as BrowserType;

/** Flags that keep Chromium quiet on a closed network and working as root in containers. */
export const kQuietArgs = [
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-default-apps',
  '--disable-quic',
];

/**
 * Playwright passes its own `--disable-features` list, and Chromium keeps only the last copy of a
 * switch: a second list must repeat Playwright's (test/core/browser-args.spec.ts fails when a
 * Playwright release adds a feature missing here). Chromium ignores names it does not know.
 */
const kPlaywrightDisabledFeatures = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * Headless Chromium builds a whole browser window, and recent releases preload the address bar's
 * suggestion popups there as WebUI pages: one more renderer per launch that nothing here shows.
 * On Chromium 156, eight launches that each browse eight pages took ~0.2 s less CPU and ~0.3 s
 * less wall time per launch without them; every capture, replay and test launch pays that.
 */
const kUnusedBrowserUi = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

export const kDisabledFeatures = [...kPlaywrightDisabledFeatures, ...kUnusedBrowserUi];

/** Playwright's own `--enable-features` list, repeated for the same reason as its disabled one. */
const kPlaywrightEnabledFeatures = ['CDPScreenshotNewSurface', 'SkipListAccountsWithoutGaiaCookies'];

/**
 * A headless browser without a GPU process or a network process of its own: the GPU thread
 * (SwiftShader, with --disable-gpu) and the network service run inside the browser process, so
 * fewer processes pass fewer messages. Nothing is shown, so nothing needs a GPU process. On
 * Chromium 156, the demo's 13-step plan capture took a median 5.33 s of the machine's CPU with
 * them against 5.59 s without (eight alternating pairs). Renderers still start from the zygote:
 * with --no-zygote a capture cost less again, but every new renderer became a process started
 * from scratch, and a browser opening context after context (a test suite) paid 220-262 ms of CPU
 * a context against 180-222 ms.
 */
const kHeadlessFewerProcesses = ['--in-process-gpu'];
export const kEnabledFeatures = [...kPlaywrightEnabledFeatures, 'NetworkServiceInProcess2'];

/** Debian's wrapper script lives in /usr/bin; the real binary is preferred to skip its shell. */
const kSystemCandidates = [
  '/usr/lib/chromium/chromium',
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/snap/bin/chromium',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
];

/**
 * Chromium's headless shell: the same engine without the desktop browser around it, which is
 * what Playwright itself launches for headless runs. Debian ships it as `chromium-headless-shell`.
 * On Chromium 156 a launch that opens one page took ~0.21 s and ~0.19 s of CPU with it against
 * ~0.49 s and ~0.51 s with the full browser, and pages cost less CPU after it. It cannot show a
 * window or load extensions.
 */
const kSystemShellCandidates = ['/usr/lib/chromium/chromium-headless-shell', '/usr/bin/chromium-headless-shell'];

export interface ResolvedBrowser {
  executablePath: string;
  source: 'BU_BROWSER' | 'playwright' | 'system';
  /** Chromium's headless shell (only ever chosen for a headless launch that needs no extension). */
  shell: boolean;
}

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

export interface ResolveOptions {
  /**
   * The browser runs headless and loads no extension, so the headless shell will do; it is taken
   * where a system one is installed and Playwright's own browser is not. Default false: the full
   * browser, which can also show a window.
   */
  headless?: boolean;
  /** Where Playwright's own Chromium would be (default: asked of Playwright). */
  playwrightPath?: string | null;
  /** System locations to try, in order (default: the usual Linux and macOS paths). */
  systemCandidates?: readonly string[];
  /** System locations of the headless shell, tried first for a headless launch. */
  shellCandidates?: readonly string[];
}

/**
 * `BU_BROWSER` > Playwright's downloaded Chromium > a system headless shell (headless launches
 * only) > a system Chromium or Chrome.
 */
export function resolveBrowser(env: NodeJS.ProcessEnv = process.env, options: ResolveOptions = {}): ResolvedBrowser {
  const override = env.BU_BROWSER;
  if (override) {
    if (!isExecutable(override)) {
      throw new UsageError(`BU_BROWSER=${override} is not an executable file`, 'point BU_BROWSER at a Chromium binary or unset it');
    }
    return { executablePath: override, source: 'BU_BROWSER', shell: false };
  }
  let bundled: string | null | undefined = options.playwrightPath;
  if (bundled === undefined) {
    try {
      bundled = chromium.executablePath();
    } catch {
      bundled = null;
    }
  }
  if (bundled && isExecutable(bundled)) return { executablePath: bundled, source: 'playwright', shell: false };
  const shells = options.headless ? (options.shellCandidates ?? kSystemShellCandidates) : [];
  for (const candidate of shells) {
    if (isExecutable(candidate)) return { executablePath: candidate, source: 'system', shell: true };
  }
  for (const candidate of options.systemCandidates ?? kSystemCandidates) {
    if (isExecutable(candidate)) return { executablePath: candidate, source: 'system', shell: false };
  }
  throw new UsageError(
    'no Chromium found (BU_BROWSER unset, no Playwright browser, no system Chromium)',
    `run ${kFromSources ? '`make setup` (or ' : ''}\`npx playwright install chromium\`, or \`apt-get install chromium\`${kFromSources ? ')' : ''}, or set BU_BROWSER`,
  );
}

function runsAsRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

/** Launch args for this platform: the quiet flags, plus no sandbox where Chromium needs it. */
export function chromiumArgs(): string[] {
  const args = [...kQuietArgs, `--disable-features=${kDisabledFeatures.join(',')}`];
  if (os.platform() === 'linux' && (runsAsRoot() || process.env.CI)) args.unshift('--no-sandbox');
  return args;
}

export interface BrowserLaunchOptions {
  headless?: boolean;
  /** The launch loads an extension or must be able to show a window later: never the headless shell. */
  fullBrowser?: boolean;
  env?: NodeJS.ProcessEnv;
  extraArgs?: string[];
}

/** Options for `chromium.launch()` / `launchPersistentContext()` / a Playwright config's `use.launchOptions`. */
export function launchOptions(options: BrowserLaunchOptions = {}): LaunchOptions {
  const headless = options.headless ?? true;
  const { executablePath } = resolveBrowser(options.env, { headless: headless && !options.fullBrowser });
  return {
    executablePath,
    headless,
    args: [...chromiumArgs(), ...(headless ? headlessArgs() : []), ...(options.extraArgs ?? [])],
  };
}

/** What a headless launch adds to `chromiumArgs()` (see kHeadlessFewerProcesses). */
export function headlessArgs(): string[] {
  return [...kHeadlessFewerProcesses, `--enable-features=${kEnabledFeatures.join(',')}`];
}

/**
 * What Playwright says when the browser process died while it was starting (a crash of its own, a
 * segfault on a machine short of memory or time): launched once more, as a person would start it again.
 */
const kDiedStarting = /Target page, context or browser has been closed|process did exit: exitCode=null, signal=SIG(SEGV|BUS|ABRT|TRAP)/;

/**
 * The CLI owns SIGINT/SIGTERM (cli/main.ts: stop cleanly and save what was done, again to force):
 * Playwright must not close the browser or exit on them first. The browser still dies with the process.
 * `tracesDir`: where its traces go (a capture's).
 */
export async function launchBrowser(options: BrowserLaunchOptions = {}, { tracesDir }: { tracesDir?: string } = {}): Promise<Browser> {
  const launch = () => chromium.launch({ ...launchOptions(options), ...(tracesDir ? { tracesDir } : {}), handleSIGINT: false, handleSIGTERM: false, handleSIGHUP: false });
  try {
    return await launch();
  } catch (err) {
    if (!kDiedStarting.test(String((err as Error)?.message ?? err))) throw err;
    return launch();
  }
}
