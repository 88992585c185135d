import { expect, test } from '../support/fixtures.ts';
import type { Browser } from '@playwright/test';
import { replay } from '../../replay/replay.ts';
import { recordOn } from './support/record.ts';
import { htmlPage, startPagesSite, type PagesSite } from '../../harness/sites/pages-site.ts';

/**
 * Replay acts on an element read at its recorded path through a guard (replay/at-path.ts
 * `actingGuard`): the action itself proves that the recorded locator names that one element by
 * the recorded role and name. When it does not, nothing is done, the element is found again by
 * the count, and the report says so: a doubled, lost or renamed locator never acts on the wrong
 * element and never passes as found by the recorded locator.
 */

let site: PagesSite;
test.afterEach(async () => site?.close());

const kRefound = 'recorded: the locator and the element at the recorded path no longer agree; found again';

function notes(main: string): string {
  return htmlPage('Notes', `<main><h1>Notes</h1>${main}</main>`);
}

const kRecorded = '<section><p>Draft</p><button data-testid="save" onclick="act(\'save\')">Save</button></section>';

async function recordSave(browser: Browser) {
  site = await startPagesSite(() => notes(kRecorded));
  const history = await recordOn(browser, site.url, [{ action: 'click', params: {}, target: (p) => p.getByTestId('save') }]);
  expect(site.state.log).toEqual(['save']);
  expect(history.steps[0]!.locator?.code).toBe("getByTestId('save')");
  site.state.log = [];
  return history;
}

test('on the page as recorded the guarded click lands at once, found by the recorded locator', async ({ browser, page }) => {
  const history = await recordSave(browser);
  const { report } = await replay(page, history, { replayId: 'guarded', findTimeoutMs: 1_000 });
  expect(site.state.log).toEqual(['save']);
  expect(report.steps[0]).toMatchObject({ status: 'passed', level: 'recorded', candidates: 1, locator: "getByTestId('save')" });
  expect(report.steps[0]!.notes).not.toContain(kRefound);
});

test('a second element with the recorded test id: the guard refuses, the copy is never clicked', async ({ browser, page }) => {
  const history = await recordSave(browser);
  site.state.render = () => notes(`${kRecorded}<aside><button data-testid="save" onclick="act('copy')">Save</button></aside>`);
  const { report } = await replay(page, history, { replayId: 'guarded', findTimeoutMs: 1_000 });
  expect(site.state.log).not.toContain('copy');
  expect(report.steps[0]!.notes).toContain(kRefound);
  expect(report.steps[0]!.status).not.toBe('passed');
});

test('the recorded test id gone from the element at the path: found again, not passed as the recorded locator', async ({ browser, page }) => {
  const history = await recordSave(browser);
  site.state.render = () => notes('<section><p>Draft</p><button onclick="act(\'save\')">Save</button></section>');
  const { report } = await replay(page, history, { replayId: 'guarded', findTimeoutMs: 1_000 });
  expect(report.steps[0]!.notes).toContain(kRefound);
  expect(report.steps[0]!.status).not.toBe('passed');
  expect(site.state.log).not.toContain('copy');
});

test('the element at the path renamed under the same test id: the guard refuses, and the element is judged again by the count', async ({ browser, page }) => {
  const history = await recordSave(browser);
  site.state.render = () => notes('<section><p>Draft</p><button data-testid="save" onclick="act(\'delete\')">Delete</button></section>');
  const { report } = await replay(page, history, { replayId: 'guarded', findTimeoutMs: 1_000 });
  expect(report.steps[0]!.notes).toContain(kRefound);
});

test('a link the guard refused does not move the expected address: after a re-sort the recorded link is clicked and its page checked', async ({ browser, page }) => {
  // Two links to the same page with another value in their query: after the list is re-sorted,
  // the one at the recorded path is the other link, whose target must not become the expected URL.
  const menu = (order: string[]) => htmlPage('Home', `<main><h1>Home</h1><ul>${order.map((what) => `<li><a href="/go?do=${what}">${what === 'admin' ? 'Admin' : 'Profile'}</a></li>`).join('')}</ul></main>`);
  site = await startPagesSite((url) => (url.pathname === '/go' ? htmlPage(url.searchParams.get('do')!, `<main><h1>${url.searchParams.get('do')}</h1></main>`) : menu(['admin', 'profile'])));
  const history = await recordOn(browser, site.url, [{ action: 'click', params: {}, target: (p) => p.getByRole('link', { name: 'Admin' }) }]);
  expect(history.steps[0]!.post.url).toContain('do=admin');
  site.state.render = (url) => (url.pathname === '/go' ? htmlPage(url.searchParams.get('do')!, `<main><h1>${url.searchParams.get('do')}</h1></main>`) : menu(['profile', 'admin']));
  const { report } = await replay(page, history, { replayId: 'guarded', findTimeoutMs: 1_000 });
  const steps = JSON.stringify(report.steps.map((s) => [s.status, s.level, s.message, s.notes]));
  expect(report.steps[0]!.notes, steps).toContain(kRefound);
  expect(page.url(), steps).toContain('do=admin');
  expect(report.steps[0]!.status, steps).not.toBe('failed');
});
