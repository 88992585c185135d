import { expect, test } from '../support/fixtures.ts';
import { replay } from '../../replay/replay.ts';
import { kRefusedFindMs } from './support/find-limits.ts';
import { recordOn } from './support/record.ts';
import { htmlPage, startPagesSite, type PagesSite } from '../../harness/sites/pages-site.ts';

/**
 * A table whose every row carries the same caption (an "edit" link) beside its data: a release
 * that rewords that caption on every row ("modify") changes every row's text, so the recorded
 * row's text is nowhere on the page. The row that holds the recorded data with only that caption
 * reworded is still the recorded row, and its unnamed checkbox (a name every row shares) is the
 * one to click. Another row is never taken for it: one whose data differ keeps a word of its own
 * the page still has, and a row put in the place of a removed one ("Walk the cat" for "Walk the
 * dog") brings a word no other row carries.
 */

let site: PagesSite;
test.afterEach(async () => site?.close());

/** Rows of [id, data]; `caption`: the link every row carries. */
function table(rows: [number, string][], caption = 'edit'): string {
  return htmlPage('Tasks', `<main><h1>Tasks</h1><form action="/tasks" method="post"><table><tbody>
    ${rows.map(([id, data]) => `<tr><td><input type="checkbox" name="check[]" value="${id}" onchange="act('pick ${id}')"></td><td><a href="/tasks/${id}/edit">${caption}</a></td><td>${id}</td><td>${data}</td></tr>`).join('')}
    </tbody></table></form></main>`);
}

const kRows: [number, string][] = [[1, 'Water the beans daily'], [2, 'Walk the dog weekly'], [3, 'Feed the fish daily']];

async function recordPick(browser: Parameters<typeof recordOn>[0]) {
  site = await startPagesSite(() => table(kRows));
  const history = await recordOn(browser, site.url, [{ action: 'click', params: {}, target: (p) => p.getByRole('row').filter({ hasText: 'Walk the dog' }).getByRole('checkbox') }]);
  expect(site.state.log).toEqual(['pick 2']);
  expect(history.steps[0]!.fingerprint!.container).toMatchObject({ role: 'row', text: 'edit 2 Walk the dog weekly' });
  site.state.log = [];
  return history;
}

for (const [how, caption] of [['reworded', 'modify'], ['translated', 'bearbeiten']] as const) {
  test(`a row whose caption every row carries was ${how} is still the recorded row, re-sorted too`, async ({ browser, page }) => {
    const history = await recordPick(browser);
    site.state.render = () => table([kRows[2]!, kRows[0]!, kRows[1]!], caption);
    const { report } = await replay(page, history, { replayId: `rows-${how}`, findTimeoutMs: 1_000 });
    expect(site.state.log, JSON.stringify(report.steps, null, 1)).toEqual(['pick 2']);
  });
}

test('a row put in the place of the recorded one is not taken for it, however its caption reads', async ({ browser, page }) => {
  const history = await recordPick(browser);
  site.state.render = () => table([kRows[0]!, [2, 'Walk the cat weekly'], kRows[2]!], 'modify');
  const { report } = await replay(page, history, { replayId: 'rows-replaced', findTimeoutMs: kRefusedFindMs });
  expect(site.state.log, JSON.stringify(report.steps, null, 1)).toEqual([]);
  expect(report.steps[0]!.status).toBe('failed');
});

test('with the recorded row removed, no other row is taken for it when the caption was reworded', async ({ browser, page }) => {
  const history = await recordPick(browser);
  site.state.render = () => table([kRows[0]!, kRows[2]!, [4, 'Walk the cat weekly']], 'modify');
  const { report } = await replay(page, history, { replayId: 'rows-removed', findTimeoutMs: kRefusedFindMs });
  expect(site.state.log, JSON.stringify(report.steps, null, 1)).toEqual([]);
  expect(report.steps[0]!.status).toBe('failed');
});
