import { expect, test } from '../support/fixtures.ts';
import { replay } from '../../replay/replay.ts';
import { recordOn } from './support/record.ts';
import { htmlPage, startPagesSite, type PagesSite } from '../../harness/sites/pages-site.ts';

/**
 * A step found by its recorded locator alone that went to another page is judged by its URL and
 * heading, as a hand-written test's `waitForURL` judges it: the new page's lines are not compared.
 * Found any other way (healed), the same step is judged by its effect as well.
 */

let site: PagesSite;
test.afterEach(async () => site?.close());

/** A list that links to a form; the form's page shows a few fields (a small, checkable effect). */
function pages(link: string): (url: URL) => string {
  return (url) => url.pathname === '/new'
    ? htmlPage('New item', '<main><h1>New item</h1><form><label>Title <input name="title"></label><button>Create</button></form></main>')
    : htmlPage('Items', `<main><h1>Items</h1><nav>${link}</nav><ul><li>Kettle</li></ul></main>`);
}

test('found as recorded, a step to another page is judged by its URL and heading; healed, by its effect too', async ({ browser, page }) => {
  site = await startPagesSite(pages('<a href="/new">New item</a>'));
  const history = await recordOn(browser, site.url, [{ action: 'click', params: {}, target: (p) => p.getByRole('link', { name: 'New item' }) }]);
  const step = history.steps[0]!;
  expect(new URL(step.post.url).pathname).toBe('/new');
  expect(step.effect!.appeared.length).toBeGreaterThan(0);
  expect(step.effect!.appeared.length).toBeLessThan(20);

  const asRecorded = await replay(page, history, { replayId: 'as-recorded', findTimeoutMs: 1_500 });
  expect(asRecorded.report.steps[0]!.status).toBe('passed');
  expect(asRecorded.report.steps[0]!.checks).toEqual(expect.arrayContaining(['url', 'heading moved']));
  expect(asRecorded.report.steps[0]!.checks.join()).not.toMatch(/effect/);

  // Reworded: re-found by its link target, so the page it leads to is compared line by line.
  site.state.render = pages('<a href="/new">Add an item</a>');
  const context = await browser.newContext();
  const healed = await replay(await context.newPage(), history, { replayId: 'healed', findTimeoutMs: 1_500 });
  await context.close();
  expect(healed.report.steps[0]!.status, JSON.stringify(healed.report.steps, null, 1)).toBe('healed');
  expect(healed.report.steps[0]!.checks.join()).toMatch(/effect \d+\/\d+/);
});
