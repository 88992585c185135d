import type { LaunchOptions } from 'playwright';
import { appBaseURL } from '../core/base-url.ts';
import { launchOptions } from '../core/browser.ts';

/**
 * `brow-use/config`: what a generated Playwright config imports. `browserLaunchOptions()` gives the
 * Chromium `bu` itself uses; `appBaseURL(process.env.BASE_URL, recorded)` the base URL of an app
 * recorded at `recorded`, moved where BASE_URL says (another host keeps the recorded path).
 *
 * Apart from `brow-use/test`: Playwright loads the config in its runner and in every worker, and
 * the replay engine `brow-use/test` loaded with it (52 modules, zod and its schemas) cost a run of
 * one flow spec ~0.4 CPU-s of ~2.6, in a run that never replays a history. This loads five.
 */

export { appBaseURL };

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
