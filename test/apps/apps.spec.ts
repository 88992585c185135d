import { expect, test } from '../support/fixtures.ts';
import type { Page, Request } from '@playwright/test';
import { realApps, releasePairs, suiteApps, type AppLogin, type RunningApp } from '../../harness/apps/index.ts';
import { needRealApp } from '../support/real-app-required.ts';

/**
 * Every app of the registry starts from a fresh temp dir, shows its real content in Chromium, sends
 * no request off 127.0.0.1, and stops (its port closed, its temp dir gone).
 */

/** The slowest app's first render (Fauxton's 2 MB bundle) takes ~5 s alone; the test timeout covers start, render and stop. */
const kAppTimeoutMs = 90_000;

/** Fills the first visible text field with the user, the password field with the password, and submits. */
async function signIn(page: Page, login: AppLogin): Promise<void> {
  await page.locator('input[type=text], input:not([type])').filter({ visible: true }).first().fill(login.user);
  await page.locator('input[type=password]').fill(login.password);
  await page.locator('input[type=password]').press('Enter');
}

/** The requests that went out: all but those the page's own content security policy stopped in the browser. */
async function leftTheHost(requests: Request[]): Promise<string[]> {
  const left: string[] = [];
  for (const request of requests) {
    await request.response();
    const failure = request.failure()?.errorText ?? '';
    if (failure !== 'csp' && !failure.includes('BLOCKED_BY_CSP')) left.push(request.url());
  }
  return left;
}

// Apps that run in the benchmarks only are not started here (make test's time).
for (const app of suiteApps()) {
  test(`${app.name}: ${app.kind}`, async ({ page }) => {
    test.setTimeout(kAppTimeoutMs);
    const reason = app.unavailable();
    needRealApp(reason);
    const offHost: Request[] = [];
    page.context().on('request', (request) => {
      const url = new URL(request.url());
      if (url.protocol !== 'data:' && url.protocol !== 'blob:' && url.hostname !== '127.0.0.1') offHost.push(request);
    });
    let running: RunningApp | null = await app.start();
    try {
      expect(new URL(running.url).hostname).toBe('127.0.0.1');
      await page.goto(running.url);
      await expect(page.getByText(app.readyText).filter({ visible: true }).first()).toBeVisible({ timeout: 30_000 });
      if (app.traits.includes('login')) {
        expect(running.login, 'a login app gives its login').toBeDefined();
        expect(app.signedInText, 'a login app says what it shows once signed in').toBeDefined();
        await signIn(page, running.login!);
        await expect(page.getByText(app.signedInText!).filter({ visible: true }).first()).toBeVisible();
      }
      if (app.traits.includes('path-prefix')) expect(new URL(page.url()).pathname).not.toBe('/');
      expect(await leftTheHost(offHost)).toEqual([]);
      const { url, dir } = running;
      await running.stop();
      running = null;
      await expect(fetch(url)).rejects.toThrow();
      await expect.poll(async () => (await import('node:fs')).existsSync(dir)).toBe(false);
    } finally {
      await running?.stop();
    }
  });
}

test('release pairs are two releases of one app, both in the registry', () => {
  expect(releasePairs.length).toBeGreaterThanOrEqual(1);
  for (const pair of releasePairs) {
    expect(realApps).toContain(pair.older);
    expect(realApps).toContain(pair.newer);
    expect(pair.older.source.version).not.toBe(pair.newer.source.version);
    expect(pair.older.kind).toBe(pair.newer.kind);
  }
});
