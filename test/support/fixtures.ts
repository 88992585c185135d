import { test as base, type BrowserServer } from '@playwright/test';
import { Session } from '../../capture/session.ts';

/**
 * The suite's one `test`: every spec imports `test` and `expect` from here, never `test` from
 * `@playwright/test` (the lint forbids it). Playwright reuses a worker only for tests whose
 * worker-scoped fixtures are the same; a file on another `test.extend`, or with a `test.use` of a
 * worker option, made the runner stop a worker and start another at each switch between such
 * files. One `test` for every file keeps the run's workers for the whole run. A fixture the
 * suite needs goes here; a worker fixture costs nothing in the files that do not ask for it.
 *
 * One Chromium per worker for tests that drive the browser in-process. Playwright's own `browser`
 * and `page` fixtures are worker-scoped already; these add the same for brow-use's `Session`:
 *
 *   import { expect, test } from '../support/fixtures.ts';
 *   test('...', async ({ session }) => { const page = session.currentPageOrDie(); ... });
 *
 * `session` is a fresh Session (its own context and tab) on the worker's browser server, disposed
 * after the test; `browserServer` is that server, for tests that connect to it themselves.
 * A test about launching (flags, a missing browser, signals, crash salvage) keeps launching its own.
 */

export { expect } from '@playwright/test';

export interface SuiteWorkerFixtures {
  /** Launched once per worker with the config's launch options (core/browser.ts's). */
  browserServer: BrowserServer;
}

export interface SuiteTestFixtures {
  session: Session;
}

export const test = base.extend<SuiteTestFixtures, SuiteWorkerFixtures>({
  browserServer: [
    async ({ playwright, launchOptions }, use) => {
      const server = await playwright.chromium.launchServer({ ...launchOptions, host: '127.0.0.1' });
      await use(server);
      await server.close();
    },
    { scope: 'worker' },
  ],
  session: async ({ browserServer }, use) => {
    const session = await Session.create({ wsEndpoint: browserServer.wsEndpoint() });
    await use(session);
    await session.dispose();
  },
});
