import fs from 'node:fs';
import path from 'node:path';
import { resolveBrowser } from '../../../core/browser.ts';
import { kRepoRoot, runCli, runNode, type CliResult } from '../../../harness/cli.ts';
import { tempWorkspace } from '../../../harness/generate/on-disk.ts';
import { startPagesSite, type PagesSite } from '../../../harness/sites/pages-site.ts';
import { expect, test } from '../../support/fixtures.ts';

/**
 * A Playwright project written by hand the way teams write one (a config, tests/ and what they
 * import), on disk in a workspace of its own, run as its team runs it: what the heal tests of
 * hand-written suites share.
 */

/** The project's config: every test traced (a passing run is a baseline), the app's address from APP_URL. */
export const kHandSuiteConfig = `import { defineConfig } from '@playwright/test';
export default defineConfig({
  testDir: 'tests',
  timeout: 10_000,
  // The site answers from this machine and renders at once: an expectation that does not hold at
  // first does not later either, and the changed one fails in this time instead of the default 5 s.
  expect: { timeout: 2_000 },
  use: {
    baseURL: process.env.APP_URL,
    // Every test traced, without the screencast: \`bu baseline\` and \`bu heal\` read a trace's calls
    // and DOM snapshots only (make bench's suites keep the whole trace, as teams record it).
    trace: { mode: 'on', screenshots: false },
    actionTimeout: 2_000,
    launchOptions: { executablePath: process.env.BU_BROWSER, args: ['--no-sandbox', '--disable-gpu'] },
  },
});
`;

export interface HandSuite {
  /** The project's folder. */
  root: string;
  remove(): void;
}

/** Writes the project: `files` by path relative to its folder, the config unless `files` has one. */
export function writeHandSuite(label: string, files: Record<string, string>): HandSuite {
  const ws = tempWorkspace(label);
  const root = path.join(ws.root, 'suite');
  for (const [file, text] of Object.entries({ 'playwright.config.ts': kHandSuiteConfig, ...files })) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  return { root, remove: () => ws.remove() };
}

/** What the project's config reads: the app's address and the browser (for `bu heal --rerun` too). */
export function handSuiteEnv(appUrl: string): Record<string, string> {
  return { APP_URL: appUrl, BU_BROWSER: resolveBrowser(process.env, { headless: true }).executablePath };
}

/** The project's own run against `appUrl`, traces in its test-results/; `args` filter it (`--grep`). */
export function runHandSuite(root: string, appUrl: string, ...args: string[]): Promise<CliResult> {
  const cli = path.join(kRepoRoot, 'node_modules', '@playwright', 'test', 'cli.js');
  return runNode(cli, ['test', '--workers=1', '--reporter=line', '--output', path.join(root, 'test-results'), ...args], { cwd: root, env: handSuiteEnv(appUrl), timeoutMs: 240_000 });
}

/** A hand-written project against a site of pages of the spec's own, as one serial file of tests drives it. */
export interface PagesHandSuite {
  /** The project's folder. */
  readonly root: string;
  /** The site's address. */
  readonly url: string;
  /** The project's run after the last run's results are cleared; `args` filter it (`--grep`). */
  run(...args: string[]): Promise<CliResult>;
  /** `bu baseline` of the last run. */
  baseline(): Promise<CliResult>;
  /** The project's green run, asserted green, and `bu baseline` of it, asserted made; its result. */
  greenBaseline(): Promise<CliResult>;
  /** `bu heal` of the last run against the baseline, as JSON; `args` add `--write`, `--rerun`, ... */
  heal(...args: string[]): Promise<CliResult>;
  /** A file of the project as it is now, by its path from the project's folder. */
  read(file: string): string;
}

/**
 * Registers, in the calling spec file, the site (pages from `render`) and the project (`files`)
 * before its tests and their removal after: the tests run in order on one project, each a step of
 * its team's life (green run, baseline, release, heal), so the file runs serially.
 */
export function usePagesHandSuite(label: string, files: Record<string, string>, render: (url: URL) => string): PagesHandSuite {
  let site: PagesSite | undefined;
  let project: HandSuite | undefined;
  test.describe.configure({ mode: 'serial' });
  // Each step runs the project in a Playwright of its own and `bu` over its traces.
  test.setTimeout(300_000);
  test.beforeAll(async () => {
    site = await startPagesSite(render);
    project = writeHandSuite(label, files);
  });
  test.afterAll(async () => {
    await site?.close();
    project?.remove();
  });
  const root = () => {
    if (!project) throw new Error('the hand-written project is written before the first test');
    return project.root;
  };
  const url = () => {
    if (!site) throw new Error('the site is started before the first test');
    return site.url;
  };
  return {
    get root() {
      return root();
    },
    get url() {
      return url();
    },
    run(...args) {
      fs.rmSync(path.join(root(), 'test-results'), { recursive: true, force: true });
      return runHandSuite(root(), url(), ...args);
    },
    baseline() {
      return runCli(['baseline', 'test-results', '--json'], { cwd: root(), timeoutMs: 120_000 });
    },
    async greenBaseline() {
      const green = await this.run();
      expect(green.code, green.stdout + green.stderr).toBe(0);
      const made = await this.baseline();
      expect(made.code, made.stderr).toBe(0);
      return made;
    },
    heal(...args) {
      return runCli(['heal', 'test-results', '--baseline', '.brow-use/baseline.json', '--json', ...args], { cwd: root(), env: handSuiteEnv(url()), timeoutMs: 240_000 });
    },
    read(file) {
      return fs.readFileSync(path.join(root(), file), 'utf8');
    },
  };
}
