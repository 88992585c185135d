import { expect, test } from '../support/fixtures.ts';
import type { History } from '../../core/schema/history.ts';
import { replay } from '../../replay/replay.ts';
import { kRefusedFindMs } from './support/find-limits.ts';
import { recordOn } from './support/record.ts';
import { htmlPage, startPagesSite, type PagesSite } from '../../harness/sites/pages-site.ts';

/**
 * Look-alikes that are one link repeated (a result listed under two headings) are interchangeable:
 * replay acts on the one at the recorded place among them. Look-alikes that only look the same
 * (another target, a button whose handler the markup does not show) are told apart by the
 * recorded pick only on the page as it was (as many of them, the pick at the recorded place); one
 * more of them before it, they stay a refused tie.
 */

let site: PagesSite;
test.afterEach(async () => site?.close());

/** The locator a recorder writes for one of several look-alikes: the query and its pick. */
function pinned(history: History, code: string): History {
  return { ...history, steps: [{ ...history.steps[0]!, locator: { code, matches: 2 } }] };
}

/**
 * Results under two captions; `first` and `second` are the markup of the result each lists first.
 * A click on any control logs its place among the page's controls (the handler is not in the markup).
 */
function results(first: string, second: string, before = ''): string {
  return htmlPage('Results', `<main><h1>Results</h1>
    <div class="results"><p>Title matches</p><ul>${before ? `<li>${before}</li>` : ''}<li>${first}</li></ul><p>All matches</p><ul><li>${second}</li><li><a href="#Garden">Garden</a></li></ul></div></main>
    <script>document.querySelectorAll('main a, main button').forEach((el, i) => el.addEventListener('click', (e) => { e.preventDefault(); act('open ' + i); }));</script>`);
}

const kLink = '<a class="result" href="#Beds">Beds</a>';

for (const [place, index] of [['first', 0], ['second', 1]] as const) {
  test(`one link listed twice is not ambiguous: the ${place} one, as recorded, is clicked`, async ({ browser, page }) => {
    site = await startPagesSite(() => results(kLink, kLink));
    const recorded = await recordOn(browser, site.url, [{ action: 'click', params: {}, target: (p) => p.getByRole('link', { name: 'Beds' }).nth(index) }]);
    expect(site.state.log).toEqual([`open ${index}`]);
    const history = pinned(recorded, `locator('.results a').filter({ hasText: 'Beds' }).nth(${index})`);
    site.state.log = [];
    const { report } = await replay(page, history, { replayId: 'repeated-link', findTimeoutMs: 1_000 });
    expect(site.state.log, JSON.stringify(report.steps, null, 1)).toEqual([`open ${index}`]);
    expect(report.summary.ok).toBe(true);
  });
}

const kLookAlikes = {
  'links to two targets under one caption': ['<a class="result" href="#Beds">Beds</a>', '<a class="result" href="#Beds-archive">Beds</a>'],
  'buttons whose handlers the markup does not show': ['<button class="result">Beds</button>', '<button class="result">Beds</button>'],
  'links with a target that only runs a script': ['<a class="result" href="#">Beds</a>', '<a class="result" href="#">Beds</a>'],
};

for (const [what, [first, second]] of Object.entries(kLookAlikes)) {
  test(`look-alikes that are not one link repeated: the recorded pick on the page as it was, a tie with one more before it: ${what}`, async ({ browser, page }) => {
    site = await startPagesSite(() => results(first!, second!));
    const role = first!.startsWith('<a') ? 'link' : 'button';
    const recorded = await recordOn(browser, site.url, [{ action: 'click', params: {}, target: (p) => p.getByRole(role, { name: 'Beds' }).first() }]);
    const history = pinned(recorded, `getByRole('${role}', { name: 'Beds' }).first()`);
    expect(site.state.log).toEqual(['open 0']);
    site.state.log = [];
    const same = await replay(page, history, { replayId: 'look-alikes', findTimeoutMs: kRefusedFindMs });
    expect(site.state.log, JSON.stringify(same.report.steps, null, 1)).toEqual(['open 0']);
    expect([same.report.steps[0]!.status, same.report.steps[0]!.level]).toEqual(['passed', 'recorded']);

    // One more look-alike ahead of it: the pick would land on it. The recorded one is now control 1.
    site.state.render = () => results(first!, second!, second!);
    site.state.log = [];
    // A context of its own: replay finds a step's tab among its context's pages.
    const context = await browser.newContext();
    const { report } = await replay(await context.newPage(), history, { replayId: 'look-alikes-added', findTimeoutMs: kRefusedFindMs });
    await context.close();
    expect(site.state.log, JSON.stringify(report.steps, null, 1)).not.toContain('open 0');
    if (report.steps[0]!.status === 'failed') expect(report.steps[0]!.category).toBe('ambiguous');
    else expect(site.state.log).toEqual(['open 1']);
  });
}

/** Results outside any landmark (in a list of class `list`), and the same link once more in the page's main text. */
function resultsBesideText(list = 'results'): string {
  return htmlPage('Results', `<main><h1>Garden</h1><p>See ${kLink} for what grows where.</p></main>
    <div class="${list}"><p>Title matches</p><ul><li>${kLink}</li></ul><p>All matches</p><ul><li>${kLink}</li></ul></div>
    <script>document.querySelectorAll('a').forEach((el, i) => el.addEventListener('click', (e) => { e.preventDefault(); act('open ' + i); }));</script>`);
}

test('one link repeated in another region too: the recorded place among the results is clicked after their list was renamed', async ({ browser, page }) => {
  site = await startPagesSite(() => resultsBesideText());
  // Controls in document order: 0 in the main text, 1 and 2 in the results.
  const recorded = await recordOn(browser, site.url, [{ action: 'click', params: {}, target: (p) => p.locator('.results a').nth(1) }]);
  expect(site.state.log).toEqual(['open 2']);
  const history = pinned(recorded, "locator('.results a').filter({ hasText: 'Beds' }).nth(1)");
  site.state.log = [];
  // A release renames the list's class: the recorded query finds nothing, and every "Beds" link ties.
  site.state.render = () => resultsBesideText('found');
  const { report } = await replay(page, history, { replayId: 'repeated-elsewhere', findTimeoutMs: 1_000 });
  expect(site.state.log, JSON.stringify(report.steps, null, 1)).toEqual(['open 2']);
});
