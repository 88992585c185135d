import { expect, test } from '../support/fixtures.ts';
import type { History } from '../../core/schema/history.ts';
import { replay } from '../../replay/replay.ts';
import { kRefusedFindMs } from './support/find-limits.ts';
import { recordOn } from './support/record.ts';
import { htmlPage, startPagesSite, type PagesSite } from '../../harness/sites/pages-site.ts';

/**
 * A plan's author wrote where the element is (`css=#get >> role=button[name="Expand"]`): the
 * section is evidence even though its last step is no `getByRole`. With the recorded button gone,
 * the same button of another section (the same name, the same row) is not taken for it; reworded
 * inside its section, it is found there.
 */

let site: PagesSite;
test.afterEach(async () => site?.close());

/** Two operations whose schemas list the same field, each with its own expand button; `get` is the one recorded. */
function api(get: string | null): string {
  const row = (id: string, caption: string | null) => `<table><tbody><tr><td>${caption === null ? '' : `<button onclick="act('${id}')">${caption}</button>`} watering</td><td>How it is watered</td></tr></tbody></table>`;
  return htmlPage('API', `<main><h1>Garden API</h1>
    <section id="add"><h2>Add a plant</h2>${row('add', 'Expand')}</section>
    <section id="get"><h2>Get a plant</h2>${row('get', get)}</section></main>`);
}

/** The step's recorded locator as capture records a plan's written target. */
function written(history: History, code: string): History {
  return { ...history, steps: [{ ...history.steps[0]!, locator: { code, matches: 1, written: true } }] };
}

test('a written scope: its button gone, the same button elsewhere is refused; reworded in its scope, it is found there', async ({ browser }) => {
  site = await startPagesSite(() => api('Expand'));
  const recorded = await recordOn(browser, site.url, [{ action: 'click', params: {}, target: (p) => p.locator('#get').getByRole('button', { name: 'Expand' }) }]);
  expect(site.state.log).toEqual(['get']);
  const history = written(recorded, `locator('#get').locator('role=button[name="Expand"]')`);

  site.state.render = () => api(null);
  site.state.log = [];
  const gone = await browser.newContext();
  const refused = (await replay(await gone.newPage(), history, { replayId: 'written-gone', findTimeoutMs: kRefusedFindMs })).report.steps[0]!;
  await gone.close();
  expect(site.state.log, refused.notes.join('; ')).toEqual([]);
  expect(refused.status).toBe('failed');

  site.state.render = () => api('Expand details');
  const reworded = await browser.newContext();
  const healed = (await replay(await reworded.newPage(), history, { replayId: 'written-reworded', findTimeoutMs: 2_000 })).report.steps[0]!;
  await reworded.close();
  expect([healed.status, site.state.log], healed.notes.join('; ')).toEqual(['healed', ['get']]);
});
