import { test as base, expect } from '@playwright/test';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { LaunchOptions, Page } from 'playwright';
import { appBaseURL } from '../core/base-url.ts';
import { launchOptions } from '../core/browser.ts';
import { kChangesDataTag, kResetCommandEnv } from '../core/changes-data.ts';
import { redactEnvSecrets } from '../core/redact-env-secrets.ts';
import type { ReplayReport } from '../core/schema/replay-report.ts';
import { ReplayFailedError } from '../replay/replay-failed-error.ts';
import type { ReplayHistoryOptions } from '../replay/test-helper.ts';
import { resetTimeoutMs, runReset } from './run-reset.ts';

/**
 * `brow-use/test`: what generated specs import. `replayHistory(page, history)` replays a recorded
 * history on the test's page; the `test` fixture adds `replay(history)`, which does the same on
 * the test's own page and base URL, and before each test tagged `@changes-data` runs the
 * project's reset command when one is set (`resetCommand`); `browserLaunchOptions()` gives a
 * Playwright config the Chromium `bu` itself uses; `appBaseURL(process.env.BASE_URL, recorded)`
 * the base URL of an app recorded at `recorded`, moved where BASE_URL says (another host keeps the
 * recorded path).
 *
 * Light to import: Playwright loads a project's config, which takes its two helpers from here, in
 * its runner and in every worker, and imports every spec to list its tests.
 */

export { appBaseURL, expect, ReplayFailedError };
export type { ReplayHistoryOptions, ReplayReport };

/**
 * The replay engine (the cascade and the schemas it parses with, ~50 modules) loads on the first
 * replay, not with this module: Playwright's runner imports every spec to list its tests, and only
 * the worker that runs a replay needs it (~0.2 CPU-s a process that imports it).
 */
let engine: Promise<typeof import('../replay/test-helper.ts')> | undefined;

/** Replays a history on `page` (URLs rebased onto `options.baseUrl`); throws `ReplayFailedError` naming the failed step. */
export async function replayHistory(page: Page, history: unknown, options: ReplayHistoryOptions = {}): Promise<ReplayReport> {
  engine ??= import('../replay/test-helper.ts');
  return (await engine).replayHistory(page, history, options);
}

export interface BrowUseFixtures {
  /**
   * Replays a history on the test's page, its URLs rebased onto the project's `baseURL`. `history`
   * is the parsed JSON or a path to it (relative paths start at the Playwright config's folder).
   * Throws `ReplayFailedError` naming the failed step.
   */
  replay(history: unknown, options?: ReplayHistoryOptions): Promise<ReplayReport>;
}

export interface BrowUseOptions {
  /**
   * A shell command that puts the app's test data back as the recordings found it (`npm run
   * db:reset`, a script that restores a dump): run before each test tagged `@changes-data`, in the
   * Playwright config's folder, so a flow that created a record or a page meets the data it was
   * recorded on, whatever ran before it. `BU_RESET_COMMAND` by default; unset, nothing runs.
   * One still running after a minute (or half the test's timeout) is stopped with every process it
   * started; the values of `BU_SECRET_*` in what it prints are replaced in the test's error.
   */
  resetCommand: string | undefined;
}

async function readHistory(history: unknown, configFile: string | undefined): Promise<unknown> {
  if (typeof history !== 'string') return history;
  const file = path.resolve(configFile ? path.dirname(configFile) : process.cwd(), history);
  return JSON.parse(await fs.readFile(file, 'utf8')) as unknown;
}

export const test = base.extend<BrowUseFixtures & BrowUseOptions & { resetData: void }>({
  resetCommand: [process.env[kResetCommandEnv] || undefined, { option: true }],
  // Before each test that changes the app's data, the reset command, when one is set.
  resetData: [
    async ({ resetCommand }, use, testInfo) => {
      if (resetCommand && testInfo.tags.includes(kChangesDataTag)) {
        await testInfo.attach('reset command', { body: redactEnvSecrets(resetCommand, process.env), contentType: 'text/plain' });
        const cwd = testInfo.config.configFile ? path.dirname(testInfo.config.configFile) : process.cwd();
        await runReset({ command: resetCommand, cwd, env: process.env, timeoutMs: resetTimeoutMs(testInfo.timeout) });
      }
      await use();
    },
    { auto: true },
  ],
  replay: async ({ page, baseURL }, use, testInfo) => {
    await use(async (history, options = {}) => {
      const parsed = await readHistory(history, testInfo.config.configFile);
      return replayHistory(page, parsed, { ...(baseURL ? { baseUrl: baseURL } : {}), ...options });
    });
  },
});

/**
 * `use.launchOptions` for a Playwright config: the Chromium `bu` resolves (`BU_BROWSER`, else
 * Playwright's own, else a system Chromium or Chrome) with brow-use's launch flags. The full
 * browser, so that `--headed` and `--debug` still show a window; `{ headless: true }` pins the
 * runs headless and lets a system headless shell run them, which starts faster.
 */
export function browserLaunchOptions(options: { headless?: boolean } = {}): LaunchOptions {
  // Connected to a browser server (Playwright's PW_TEST_CONNECT_WS_ENDPOINT), nothing launches
  // here: no local browser is needed, or looked for.
  if (process.env.PW_TEST_CONNECT_WS_ENDPOINT) return {};
  return launchOptions({ ...options, fullBrowser: options.headless !== true });
}
