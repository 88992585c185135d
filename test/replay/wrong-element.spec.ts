import { expect, test } from '../support/fixtures.ts';
import { replay } from '../../replay/replay.ts';
import { kRefusedFindMs } from './support/find-limits.ts';
import { recordOn } from './support/record.ts';
import { htmlPage, startPagesSite, type PagesSite } from '../../harness/sites/pages-site.ts';

/**
 * Pages where the wrong element is there and plausible: replay must refuse rather than act on it.
 * The app logs every action; a test judges what it did, not replay's verdict.
 */

let site: PagesSite;
test.afterEach(async () => site?.close());

/** The find limit of a replay that is to find its element, or whose page has frames to wait for (else kRefusedFindMs). */
const kFindMs = 1_000;

const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** A list whose rows have an unnamed checkbox and an icon-only delete button; the row's text names them. */
function rows(titles: string[]): string {
  const icon = '<svg width="12" height="12" aria-hidden="true"><path d="M1 1L11 11" stroke="black"/></svg>';
  return htmlPage('Tasks', `<main><h1>Tasks</h1><ul class="list">${titles.map((t) =>
    `<li class="row"><input type="checkbox" class="toggle" onchange="act('toggle ${escape(t)}')"><span>${escape(t)}</span>` +
    `<button class="destroy" onclick="act('delete ${escape(t)}')">${icon}</button></li>`).join('')}</ul></main>`);
}

test('a row that only shares words with the gone recorded row does not stand in for it', async ({ browser, page }) => {
  site = await startPagesSite(() => rows(['Buy milk', 'Walk the dog', 'Pay rent']));
  const history = await recordOn(browser, site.url, [
    { action: 'click', params: {}, target: (p) => p.getByRole('listitem').filter({ hasText: 'Walk the dog' }).getByRole('checkbox') },
  ]);
  expect(site.state.log).toEqual(['toggle Walk the dog']);
  site.state.log = [];
  site.state.render = () => rows(['Buy milk', 'Walk the cat', 'Pay rent']);
  const { report } = await replay(page, history, { replayId: 'near-row', findTimeoutMs: kRefusedFindMs });
  expect(site.state.log, JSON.stringify(report.steps, null, 1)).toEqual([]);
  expect(report.steps[0]!.status).toBe('failed');
});

/** Sections with a "Remove" button each, not look-alike containers (each has its own class); the app logs which was pressed. */
function sections(names: string[]): string {
  return htmlPage('Groups', `<main><h1>Groups</h1>${names.map((n) =>
    `<section class="group-${n.toLowerCase()}"><h2>${n}</h2><p>Members of ${n}</p><button onclick="act('remove ${n}')">Remove</button></section>`).join('')}</main>`);
}

const kLocators = {
  'as recorded': null,
  'pinned to the second': { code: "getByRole('button', { name: 'Remove' }).nth(1)", matches: 3 },
  'unpinned although it matched several when recorded': { code: "getByRole('button', { name: 'Remove' })", matches: 3 },
};

for (const [how, locator] of Object.entries(kLocators)) {
  test(`the one "Remove" left after its look-alikes went is not taken for the recorded one (locator ${how})`, async ({ browser, page }) => {
    site = await startPagesSite(() => sections(['Alpha', 'Beta', 'Gamma']));
    const recorded = await recordOn(browser, site.url, [{ action: 'click', params: {}, target: (p) => p.getByRole('button', { name: 'Remove' }).nth(1) }]);
    expect(site.state.log).toEqual(['remove Beta']);
    expect(recorded.steps[0]!.fingerprint!.roleNameCount).toBe(3);
    const history = locator ? { ...recorded, steps: [{ ...recorded.steps[0]!, locator }] } : recorded;
    site.state.log = [];
    site.state.render = () => sections(['Gamma']);
    const { report } = await replay(page, history, { replayId: 'shared-name', findTimeoutMs: kRefusedFindMs });
    expect(site.state.log, JSON.stringify(report.steps, null, 1)).toEqual([]);
    expect(report.steps[0]!.status).toBe('failed');
  });
}

/** Frames with the same URL (`about:srcdoc`), each with a "Save" button that logs its frame's label. */
function framed(labels: string[], title = 'Editor'): string {
  const frame = (label: string) => `<iframe title="${title}" srcdoc="${escape(`<button onclick="fetch('/act', { method: 'POST', body: 'save ${label}' })">Save</button>`)}"></iframe>`;
  return htmlPage('Editors', `<main><h1>Editors</h1>${labels.map(frame).join('')}</main>`);
}

test('look-alikes in two frames with the same URL are two candidates, not one', async ({ browser, page }) => {
  site = await startPagesSite(() => framed(['one']));
  const history = await recordOn(browser, site.url, [{ action: 'click', params: {}, target: (p) => p.frameLocator('iframe').getByRole('button', { name: 'Save' }) }]);
  await expect.poll(() => site.state.log).toEqual(['save one']);
  site.state.log = [];
  // Retitled frames, and a second editor with the same button: nothing tells which one was recorded.
  site.state.render = () => framed(['two', 'one'], 'Note editor');
  const { report } = await replay(page, history, { replayId: 'frames', findTimeoutMs: kFindMs });
  await page.waitForTimeout(200);
  expect(site.state.log, JSON.stringify(report.steps, null, 1)).toEqual([]);
  expect(report.steps[0]!.category, JSON.stringify(report.steps, null, 1)).toBe('ambiguous');
});

/** Rows with two unnamed icon buttons that only their drawing tells apart (or nothing, with `alike`). */
function iconRows(order: ('archive' | 'remove')[], alike = false): string {
  const dots = '<circle cx="6" cy="6" r="2"/>';
  const icons = alike ? { archive: dots, remove: dots } : { archive: '<path d="M1 4H11V11H1Z" stroke="black"/>', remove: '<path d="M1 1L11 11M11 1L1 11" stroke="black"/>' };
  const button = (row: string, kind: 'archive' | 'remove') => `<button onclick="act('${kind} ${row}')"><svg width="12" height="12" aria-hidden="true">${icons[kind]}</svg></button>`;
  return htmlPage('Tasks', `<main><h1>Tasks</h1><ul>${['Buy milk', 'Walk the dog', 'Pay rent'].map((row) =>
    `<li><span>${row}</span>${order.map((kind) => button(row, kind)).join('')}</li>`).join('')}</ul></main>`);
}

test('swapped look-alike icon buttons are not told apart by the slot the recorded one sat in', async ({ browser, page }) => {
  site = await startPagesSite(() => iconRows(['archive', 'remove'], true));
  const history = await recordOn(browser, site.url, [
    { action: 'click', params: {}, target: (p) => p.getByRole('listitem').filter({ hasText: 'Walk the dog' }).getByRole('button').first() },
  ]);
  expect(site.state.log).toEqual(['archive Walk the dog']);
  site.state.log = [];
  site.state.render = () => iconRows(['remove', 'archive'], true);
  const { report } = await replay(page, history, { replayId: 'slots', findTimeoutMs: kRefusedFindMs });
  expect(site.state.log, JSON.stringify(report.steps, null, 1)).toEqual([]);
  expect(report.steps[0]!.category).toBe('ambiguous');
});

test('unnamed icon buttons are told apart by their pictures: unchanged, the recorded one; swapped, the same picture', async ({ browser, page }) => {
  site = await startPagesSite(() => iconRows(['archive', 'remove']));
  const history = await recordOn(browser, site.url, [
    { action: 'click', params: {}, target: (p) => p.getByRole('listitem').filter({ hasText: 'Walk the dog' }).getByRole('button').first() },
  ]);
  expect(history.steps[0]!.fingerprint!.icon).toMatch(/^svg:/);
  for (const order of [['archive', 'remove'], ['remove', 'archive']] as const) {
    site.state.log = [];
    site.state.render = () => iconRows([...order]);
    const { report } = await replay(page, history, { replayId: 'icons', findTimeoutMs: kFindMs });
    expect(site.state.log, JSON.stringify(report.steps, null, 1)).toEqual(['archive Walk the dog']);
  }
});

const kLongRows = {
  a: 'Quarterly summary for the northern region including every subsidiary and all of the overseas partners abroad',
  b: 'Quarterly summary for the southern region including every subsidiary and all of the overseas partners abroad',
};

/** A form table whose row captions are long and whose fields are named by their place. */
function longRows(order: ('a' | 'b')[]): string {
  return htmlPage('Reports', `<main><h1>Reports</h1><table><tbody>${order.map((key, i) =>
    `<tr><td>${kLongRows[key]}</td><td><input type="checkbox" name="pick-${i + 1}" onchange="act('pick ${key}')"></td></tr>`).join('')}</tbody></table></main>`);
}

test('a long row caption cut mid-word in the fingerprint is still found on the page, so another row is not taken for it', async ({ browser, page }) => {
  site = await startPagesSite(() => longRows(['a', 'b']));
  const recorded = await recordOn(browser, site.url, [{ action: 'click', params: {}, target: (p) => p.locator('input[name="pick-2"]') }]);
  expect(site.state.log).toEqual(['pick b']);
  const text = recorded.steps[0]!.fingerprint!.container!.text!;
  expect(text.length).toBe(100);
  expect(kLongRows.b[100]).not.toBe(' ');
  // The field's place-name as the recorded locator: after the rows swap, it names the other row's field.
  const history = { ...recorded, steps: [{ ...recorded.steps[0]!, locator: { code: "locator('input[name=\"pick-2\"]')", matches: 1 } }] };
  site.state.log = [];
  site.state.render = () => longRows(['b', 'a']);
  const { report } = await replay(page, history, { replayId: 'long-rows', findTimeoutMs: kFindMs });
  expect(site.state.log, JSON.stringify(report.steps, null, 1)).toEqual(['pick b']);
});

/** A settings page whose danger zone holds one button. */
function dangerZone(heading: string, caption: string, action: string): string {
  return htmlPage('Project', `<main><h1>${heading}</h1><section aria-label="Danger zone"><h2>Danger zone</h2>
    <p>Careful here.</p><button onclick="act('${action}')">${caption}</button></section></main>`);
}

test('the only button of its kind left under a name sharing no word with the recorded one is not taken for it', async ({ browser, page }) => {
  site = await startPagesSite(() => dangerZone('Project settings', 'Delete', 'delete').replace('<html>', '<html lang="en">'));
  const history = await recordOn(browser, site.url, [{ action: 'click', params: {}, target: (p) => p.getByRole('button', { name: 'Delete' }) }]);
  expect(site.state.log).toEqual(['delete']);
  site.state.log = [];
  // "Delete" is gone; "Archive" sits where it was, on a page otherwise as recorded.
  site.state.render = () => dangerZone('Project settings', 'Archive', 'archive');
  const { report } = await replay(page, history, { replayId: 'sole-renamed', findTimeoutMs: kRefusedFindMs });
  expect(site.state.log, JSON.stringify(report.steps, null, 1)).toEqual([]);
  expect(report.steps[0]!.status).toBe('failed');
  // A changed main heading is no evidence either: a page whose heading and button both changed,
  // in the same language, may be another page at the same address.
  site.state.render = () => dangerZone('Projekteinstellungen', 'Löschen', 'delete').replace('<html>', '<html lang="en">');
  await page.goto('about:blank');
  const reheaded = await replay(page, history, { replayId: 'sole-reheaded', findTimeoutMs: kRefusedFindMs });
  expect(site.state.log, JSON.stringify(reheaded.report.steps, null, 1)).toEqual([]);
  // Translated as a whole (the page declares another language): the button at its recorded place is taken.
  site.state.render = () => dangerZone('Projekteinstellungen', 'Löschen', 'delete').replace('<html>', '<html lang="de">');
  await page.goto('about:blank');
  const translated = await replay(page, history, { replayId: 'sole-translated', findTimeoutMs: kFindMs });
  expect(site.state.log, JSON.stringify(translated.report.steps, null, 1)).toEqual(['delete']);
});
