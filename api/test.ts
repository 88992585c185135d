import { test as base, expect } from '@playwright/test';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { LaunchOptions } from 'playwright';
import { appBaseURL } from '../core/base-url.ts';
import { launchOptions } from '../core/browser.ts';
import type { ReplayReport } from '../core/schema/replay-report.ts';
import { replayHistory, ReplayFailedError, type ReplayHistoryOptions } from '../replay/test-helper.ts';

/**
 * `brow-use/test`: what generated specs import. `replayHistory(page, history)` replays a recorded
 * history on the test's page; the `test` fixture adds `replay(history)`, which does the same on
 * the test's own page and base URL; `browserLaunchOptions()` gives a Playwright config the
 * Chromium `bu` itself uses; `appBaseURL(process.env.BASE_URL, recorded)` the base URL of an app
 * recorded at `recorded`, moved where BASE_URL says (another host keeps the recorded path).
 */

export { appBaseURL, expect, replayHistory, ReplayFailedError };
export type { ReplayHistoryOptions, ReplayReport };

export interface BrowUseFixtures {
  /**
   * Replays a history on the test's page, its URLs rebased onto the project's `baseURL`. `history`
   * is the parsed JSON or a path to it (relative paths start at the Playwright config's folder).
   * Throws `ReplayFailedError` naming the failed step.
   */
  replay(history: unknown, options?: ReplayHistoryOptions): Promise<ReplayReport>;
}

async function readHistory(history: unknown, configFile: string | undefined): Promise<unknown> {
  if (typeof history !== 'string') return history;
  const file = path.resolve(configFile ? path.dirname(configFile) : process.cwd(), history);
  return JSON.parse(await fs.readFile(file, 'utf8')) as unknown;
}

export const test = base.extend<BrowUseFixtures>({
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
