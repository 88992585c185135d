import { test as base, expect } from '@playwright/test';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { ReplayReport } from '../core/schema/replay-report.ts';
import { replayHistory, ReplayFailedError, type ReplayHistoryOptions } from '../replay/test-helper.ts';

/**
 * `brow-use/test`: what generated replay specs import. `replayHistory(page, history)` replays a
 * recorded history on the test's page; the `test` fixture adds `replay(history)`, which does the
 * same on the test's own page and base URL. `browserLaunchOptions()` and `appBaseURL()` are
 * `brow-use/config`'s, here too for Playwright configs generated before it.
 */

export { appBaseURL, browserLaunchOptions } from './config.ts';
export { expect, replayHistory, ReplayFailedError };
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
