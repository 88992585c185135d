import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { corpusApps } from '../../harness/apps/index.ts';
import { npmPackageDir, npmPackageVersion, npmUnavailable } from '../../harness/apps/packages.ts';
import { serveStatic } from '../../harness/apps/serve.ts';
import type { MutantKind } from './in-page/mutate.ts';
import { injectFirst, mutantScript, startMutantProxy, type ProxyExtra } from './mutant-proxy.ts';

/**
 * The Playwright suites `bu heal --baseline` is measured on (bench/heal-suite.bench.ts): a public
 * suite a project ships with its app, and suites written here the ways teams write them, each run
 * unchanged against a real app of the heal corpus served as one of its mutants.
 */

/** How the suite's runs reach the app. */
export interface SuiteTarget {
  /** The config's baseURL; null when the suite names its pages itself. */
  baseURL: string | null;
  /** What the suite's tests read from the environment (a password). */
  env: Record<string, string>;
  /** Serves the app as `kind` (with `extra`) to the runs that follow. */
  use(kind: MutantKind, extra?: ProxyExtra): Promise<void>;
  /** Puts the app's data back as it started. */
  reset(): Promise<void>;
  stop(): Promise<void>;
}

/** The parts of the suite's Playwright config that are the suite's own. */
export interface SuiteConfig {
  testDir: string;
  testMatch: string;
  timeoutMs: number;
  expectTimeoutMs: number;
  testIdAttribute?: string;
  /** Workers of each run (default 1). */
  workers?: number;
}

export interface HandSuite {
  name: string;
  /** Who wrote it, where it comes from. */
  origin: string;
  /** Why it cannot run here; null when it can. */
  unavailable(): string | null;
  /** Puts the suite's files into `root` (its project folder). */
  prepare(root: string): SuiteConfig;
  start(root: string): Promise<SuiteTarget>;
}

const kSuitesDir = path.join(import.meta.dirname, 'suites');

/**
 * A suite of ours in suites/<name>/ against a corpus app served through the mutant proxy, laid out
 * as most teams lay one out: its specs in tests/ (the config's testDir), its page objects and
 * fixtures in pages/ beside it, outside testDir.
 */
function ownSuite(name: string, app: string, config: Omit<SuiteConfig, 'testDir' | 'testMatch'>, env: (login: { user: string; password: string } | undefined) => Record<string, string>): HandSuite {
  const realApp = () => corpusApps().find((a) => a.name === app) ?? null;
  return {
    name,
    origin: `written here the ways teams write them, against ${app}`,
    unavailable: () => {
      const found = realApp();
      return found ? found.unavailable() : `no app ${app} in the registry`;
    },
    prepare(root) {
      fs.cpSync(path.join(kSuitesDir, name.replace(/-hand$/, '')), root, { recursive: true });
      return { testDir: 'tests', testMatch: '**/*.spec.ts', ...config };
    },
    async start() {
      const running = await realApp()!.start();
      const proxy = await startMutantProxy(new URL('/', running.url).href).catch(async (err: unknown) => {
        await running.stop();
        throw err;
      });
      return {
        baseURL: new URL('/', proxy.url).href,
        env: env(running.login),
        use: async (kind, extra) => proxy.use(kind, extra),
        reset: () => running.reset(),
        stop: async () => {
          await proxy.close();
          await running.stop();
        },
      };
    },
  };
}

/**
 * TiddlyWiki's own Playwright test, as the npm package ships it (editions/test/playwright.spec.js):
 * it opens the test edition built into `output/test.html` beside it (a file), checks the site
 * title, and waits for the in-browser unit tests' result bar. A mutant is the built page with the
 * mutation as its first script.
 */
const tiddlywikiOwn: HandSuite = {
  name: 'tiddlywiki-own',
  origin: `TiddlyWiki's own Playwright test, shipped in the npm package tiddlywiki ${npmPackageVersion('tiddlywiki') ?? ''}`.trim(),
  unavailable: () => npmUnavailable('tiddlywiki', ['editions/test/playwright.spec.js', 'tiddlywiki.js']),
  prepare(root) {
    const edition = path.join(root, 'editions', 'test');
    fs.cpSync(path.join(npmPackageDir('tiddlywiki')!, 'editions', 'test'), edition, { recursive: true });
    // Its files are CommonJS, as in the project that wrote them (no `"type": "module"` above them).
    fs.writeFileSync(path.join(root, 'package.json'), '{ "private": true }\n');
    return { testDir: 'editions/test', testMatch: 'playwright.spec.js', timeoutMs: 90_000, expectTimeoutMs: 10_000 };
  },
  async start(root) {
    const edition = path.join(root, 'editions', 'test');
    const built = spawnSync(process.execPath, [path.join(npmPackageDir('tiddlywiki')!, 'tiddlywiki.js'), edition, '--rendertiddler', '$:/core/save/all', 'test.html', 'text/plain'], { encoding: 'utf8' });
    if (built.status !== 0) throw new Error(`building TiddlyWiki's test edition failed: ${built.stderr}`);
    const page = path.join(edition, 'output', 'test.html');
    const original = fs.readFileSync(page, 'utf8');
    return {
      baseURL: null,
      env: {},
      use: async (kind, extra = {}) => fs.writeFileSync(page, injectFirst(original, await mutantScript(kind, extra))),
      reset: async () => undefined,
      stop: async () => fs.writeFileSync(page, original),
    };
  },
};

/**
 * SVG-Edit's own end-to-end suite, as the npm package svgedit ships it (tests/e2e: page helpers
 * written once and called from many tests, CSS ids and attributes, fills, clicks and keys) against
 * the built editor the same package ships (dist/editor), served as a static site. Its in-page unit
 * harness (tests/e2e/unit) tests no element and is left out.
 */
const svgeditOwn: HandSuite = {
  name: 'svgedit-own',
  origin: `SVG-Edit's own Playwright suite, shipped in the npm package svgedit ${npmPackageVersion('svgedit') ?? ''}`.trim(),
  unavailable: () => npmUnavailable('svgedit', ['dist/editor/index.html', 'tests/e2e/helpers.js']),
  prepare(root) {
    const from = path.join(npmPackageDir('svgedit')!, 'tests', 'e2e');
    fs.cpSync(from, path.join(root, 'tests', 'e2e'), { recursive: true, filter: (file) => !file.startsWith(path.join(from, 'unit')) });
    // ES modules, as in the project that wrote them.
    fs.writeFileSync(path.join(root, 'package.json'), '{ "private": true, "type": "module" }\n');
    return { testDir: 'tests/e2e', testMatch: '*.spec.js', timeoutMs: 60_000, expectTimeoutMs: 10_000, workers: 2 };
  },
  async start() {
    const served = await serveStatic(path.join(npmPackageDir('svgedit')!, 'dist', 'editor'), '/');
    const proxy = await startMutantProxy(served.url).catch(async (err: unknown) => {
      await served.close();
      throw err;
    });
    return {
      baseURL: new URL('/', proxy.url).href,
      env: {},
      use: async (kind, extra) => proxy.use(kind, extra),
      reset: async () => undefined,
      stop: async () => {
        await proxy.close();
        await served.close();
      },
    };
  },
};

export const kHandSuites: HandSuite[] = [
  tiddlywikiOwn,
  svgeditOwn,
  ownSuite('dokuwiki-hand', 'dokuwiki', { timeoutMs: 30_000, expectTimeoutMs: 5_000, testIdAttribute: 'name' }, (login) => ({ WIKI_PASSWORD: login?.password ?? '' })),
  ownSuite('tiddlywiki-hand', 'tiddlywiki', { timeoutMs: 30_000, expectTimeoutMs: 5_000 }, () => ({})),
];
