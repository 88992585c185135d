import { expect, test } from '../support/fixtures.ts';
import { replay } from '../../replay/replay.ts';
import { recordHistory } from './support/record.ts';
import { htmlPage, startPagesSite, type PagesSite } from '../../harness/sites/pages-site.ts';

/**
 * A recorded locator that picks one of several look-alikes (`.nth(1)`: the same button repeated in
 * identical rows) still picks the recorded element on the page it was recorded on: that step passed
 * as recorded, it was not healed. Renamed, the same pick is found another way, and says so. With
 * a look-alike added before it, the pick would move: place alone decides nothing, and identical
 * rows are refused.
 */

const kPage = (caption: string, rows: string[]) => htmlPage('Beds', `<main><h1>Beds</h1>
  <ul>${rows.map((row) => `<li><button onclick="act('water ${row}')">${caption}</button></li>`).join('')}</ul></main>`);

let site: PagesSite;
let caption = 'Water';
let rows = ['0', '1', '2'];
const log = () => site.state.log.splice(0);

test.beforeAll(async () => {
  site = await startPagesSite(() => kPage(caption, rows));
});

test.afterAll(async () => site?.close());

test('a positional recorded locator that still picks the recorded element passes as recorded; renamed, it is healed', async ({ browser }) => {
  const page = await browser.newPage();
  const history = await recordHistory(page, site.url, [
    { action: 'click', params: {}, target: (p) => p.getByRole('button', { name: 'Water' }).nth(1) },
  ]);
  expect(history.steps[0]!.locator!.code).toMatch(/\.nth\(1\)$/);
  await expect.poll(() => log().join()).toBe('water 1');

  const unchanged = await browser.newPage();
  const same = (await replay(unchanged, history, { replayId: 'as-recorded', findTimeoutMs: 2_000 })).report.steps[0]!;
  expect([same.status, same.level, same.candidates], same.notes.join('; ')).toEqual(['passed', 'recorded', 3]);
  await expect.poll(() => log().join()).toBe('water 1');

  caption = 'Irrigate';
  const renamed = await browser.newPage();
  const moved = (await replay(renamed, history, { replayId: 'renamed', findTimeoutMs: 2_000 })).report.steps[0]!;
  expect(moved.status, moved.notes.join('; ')).not.toBe('passed');
  if (moved.status === 'healed') await expect.poll(() => log().join()).toBe('water 1');
  else expect(log()).toEqual([]);
  caption = 'Water';

  rows = ['new', '0', '1', '2'];
  const added = await browser.newPage();
  const shifted = (await replay(added, history, { replayId: 'added', findTimeoutMs: 2_000 })).report.steps[0]!;
  expect([shifted.status, shifted.category], shifted.notes.join('; ')).toEqual(['failed', 'ambiguous']);
  expect(log()).toEqual([]);
  rows = ['0', '1', '2'];
  await Promise.all([page.close(), unchanged.close(), renamed.close(), added.close()]);
});

/**
 * Fields nothing names (their captions are text written before them, not labels), as a calendar
 * server's form has them: a crawler's locator picks one by its place among every field of the role
 * (`getByRole('textbox').nth(1)`), counted one. Their look-alikes were counted by role alone when
 * recorded, as that query counts them: on the page as recorded the pick is the recorded field, told
 * from the others by its caption, a step that passed, not one healed. With a field added before
 * them, the pick moves: never taken as recorded, and the text never lands in another field. (Bare
 * look-alikes that only their place tells apart are refused: wrong-element.spec.)
 */
const kFormPage = (fields: string[]) => htmlPage('New collection', `<main><h1>Create new collection</h1><form onsubmit="return false">
  ${fields.map((field) => `${field}:<br><input type="text" data-field="${field}"><br>`).join('\n  ')}</form></main>`);

test('a pick among unnamed fields counted by role alone passes as recorded; with a field added before it, it is not taken as recorded', async ({ browser }) => {
  let fields = ['Title', 'Description', 'Colour'];
  const form = await startPagesSite(() => kFormPage(fields));
  try {
    const page = await browser.newPage();
    const history = await recordHistory(page, form.url, [
      { action: 'input', params: { text: 'Tomatoes', clear: true }, target: (p) => p.getByRole('textbox').nth(1) },
    ]);
    const step = history.steps[0]!;
    expect([step.fingerprint!.name, step.fingerprint!.label, step.fingerprint!.roleNameCount]).toEqual(['', 'Description', 3]);
    // As the crawler writes it: the pick, counted as the one element it names.
    step.locator = { code: "getByRole('textbox').nth(1)", matches: 1 };
    const valueOf = (p: typeof page, field: string) => p.locator(`[data-field="${field}"]`).inputValue();

    const unchanged = await browser.newPage();
    const same = (await replay(unchanged, history, { replayId: 'unnamed-as-recorded', findTimeoutMs: 2_000 })).report.steps[0]!;
    expect([same.status, same.level], same.notes.join('; ')).toEqual(['passed', 'recorded']);
    expect(await valueOf(unchanged, 'Description')).toBe('Tomatoes');

    fields = ['Owner', 'Title', 'Description', 'Colour'];
    const added = await browser.newPage();
    const shifted = (await replay(added, history, { replayId: 'unnamed-added', findTimeoutMs: 2_000 })).report.steps[0]!;
    expect(shifted.status, shifted.notes.join('; ')).not.toBe('passed');
    for (const other of ['Owner', 'Title', 'Colour']) expect(await valueOf(added, other)).toBe('');
    if (shifted.status === 'healed') expect(await valueOf(added, 'Description')).toBe('Tomatoes');
    await Promise.all([page.close(), unchanged.close(), added.close()]);
  } finally {
    await form.close();
  }
});
