import { expect, test } from '../support/fixtures.ts';
import { replay } from '../../replay/replay.ts';
import { recordOn } from './support/record.ts';
import { htmlPage, startPagesSite, type PagesSite } from '../../harness/sites/pages-site.ts';

/**
 * Fields with no label element, each captioned by the text written just before it
 * (`Title:<br><input>`): the caption is what tells one from the other, so a replay types into the
 * recorded one instead of refusing two fields that differ only by their place.
 */

let site: PagesSite;
test.afterEach(async () => site?.close());

const kForm = htmlPage('New collection', `<main><h1>New collection</h1><form>
  Title:<br><input type="text" class="field"><br>
  Description:<br><input type="text" class="field"><br>
  <button type="button">Create</button></form></main>`);

test('an unlabelled field is told from its neighbour by the caption before it', async ({ browser, page }) => {
  site = await startPagesSite(() => kForm);
  const history = await recordOn(browser, site.url, [
    { action: 'input', params: { text: 'Garden club' }, target: (p) => p.getByRole('textbox').first() },
    { action: 'input', params: { text: 'Work days' }, target: (p) => p.getByRole('textbox').nth(1) },
  ]);
  expect(history.steps.map((s) => s.fingerprint?.label)).toEqual(['Title', 'Description']);
  const { report } = await replay(page, history, { replayId: 'captions', findTimeoutMs: 1_000 });
  expect(report.summary.ok, JSON.stringify(report.steps.map((s) => s.message))).toBe(true);
  expect(await page.getByRole('textbox').evaluateAll((els) => els.map((el) => (el as HTMLInputElement).value))).toEqual(['Garden club', 'Work days']);
});
