import { expect, test } from '../support/fixtures.ts';
import { replay } from '../../replay/replay.ts';
import { kRefusedFindMs } from './support/find-limits.ts';
import { recordOn } from './support/record.ts';
import { startPagesSite, type PagesSite } from '../../harness/sites/pages-site.ts';

/**
 * Releases where the recorded element is gone and another one stands where it was, or beside it:
 * replay must act on nothing and fail, never act on the other element and pass. Each page logs
 * what was typed where and what was pressed; the test judges what replay did, not its verdict.
 */

let site: PagesSite;
test.afterEach(async () => site?.close());

/** The find limit of a replay that is to find its element. */
const kFindMs = 1_000;

/** A page whose controls log to the site without leaving the page. */
function page(title: string, body: string, lang: string | null = null): string {
  const log = `<script>function note(what) { fetch('/act', { method: 'POST', body: what }); }</script>`;
  return `<!doctype html><html${lang ? ` lang="${lang}"` : ''}><head><title>${title}</title>${log}</head><body>${body}</body></html>`;
}

/** A newsletter form with one field. */
function newsletter(label: string, name: string): string {
  return page('Newsletter', `<main><h1>Newsletter</h1><form onsubmit="event.preventDefault()">
    <label for="f">${label}</label><input id="f" name="${name}" onchange="note('typed ' + this.name + '=' + this.value)">
    <button onclick="note('subscribe')">Subscribe</button></form></main>`);
}

const kSubscribe = [
  { action: 'input' as const, params: { text: 'ann@example.com' }, target: (p: import('playwright').Page) => p.getByLabel('Email') },
  { action: 'click' as const, params: {}, target: (p: import('playwright').Page) => p.getByRole('button', { name: 'Subscribe' }) },
];

test('a field that changed purpose (another caption, another form name) is not typed into', async ({ browser, page: tab }) => {
  site = await startPagesSite(() => newsletter('Email', 'email'));
  const history = await recordOn(browser, site.url, kSubscribe);
  await expect.poll(() => site.state.log).toEqual(['typed email=ann@example.com', 'subscribe']);
  site.state.log = [];
  site.state.render = () => newsletter('Coupon code', 'coupon');
  const { report } = await replay(tab, history, { replayId: 'purpose', findTimeoutMs: kRefusedFindMs });
  await tab.waitForTimeout(200);
  expect(site.state.log, JSON.stringify(report.steps, null, 1)).toEqual([]);
  expect(report.steps[0]!.status).toBe('failed');
  expect(report.steps[0]!.notes.join('\n')).toMatch(/form name coupon is not email/);
});

test('a field relabelled with its form name kept is the recorded field', async ({ browser, page: tab }) => {
  site = await startPagesSite(() => newsletter('Email', 'email'));
  const history = await recordOn(browser, site.url, kSubscribe);
  site.state.log = [];
  site.state.render = () => newsletter('E-mail address', 'email');
  const { report } = await replay(tab, history, { replayId: 'relabelled', findTimeoutMs: kFindMs });
  await expect.poll(() => site.state.log, { message: JSON.stringify(report.steps, null, 1) }).toEqual(['typed email=ann@example.com', 'subscribe']);
  expect(report.summary.ok).toBe(true);
});

/** A toolbar of buttons. */
function toolbar(buttons: string[]): string {
  return page('Files', `<main><h1>Files</h1><div role="toolbar" aria-label="Actions">${buttons.map((b) =>
    `<button onclick="note('${b}')">${b}</button>`).join('')}</div><ul><li>a.txt</li><li>b.txt</li></ul></main>`);
}

test('a removed button is not replaced by the recorded button whose name holds its name', async ({ browser, page: tab }) => {
  site = await startPagesSite(() => toolbar(['Delete', 'Delete all', 'Rename']));
  const history = await recordOn(browser, site.url, [{ action: 'click', params: {}, target: (p) => p.getByRole('button', { name: 'Delete', exact: true }) }]);
  await expect.poll(() => site.state.log).toEqual(['Delete']);
  expect(history.steps[0]!.fingerprint!.peers).toEqual(expect.arrayContaining(['delete all', 'rename']));
  site.state.log = [];
  site.state.render = () => toolbar(['Delete all', 'Rename']);
  const { report } = await replay(tab, history, { replayId: 'peer-left', findTimeoutMs: kRefusedFindMs });
  await tab.waitForTimeout(200);
  expect(site.state.log, JSON.stringify(report.steps, null, 1)).toEqual([]);
  expect(report.steps[0]!.status).toBe('failed');
  expect(report.steps[0]!.notes.join('\n')).toMatch(/"Delete all" was another button of the page when recorded/);
});

test('a button replaced in its place by one of another purpose is not pressed', async ({ browser, page: tab }) => {
  site = await startPagesSite(() => toolbar(['Delete', 'Rename']));
  const history = await recordOn(browser, site.url, [{ action: 'click', params: {}, target: (p) => p.getByRole('button', { name: 'Delete' }) }]);
  site.state.log = [];
  site.state.render = () => toolbar(['Archive', 'Rename']);
  const { report } = await replay(tab, history, { replayId: 'substituted', findTimeoutMs: kRefusedFindMs });
  await tab.waitForTimeout(200);
  expect(site.state.log, JSON.stringify(report.steps, null, 1)).toEqual([]);
  expect(report.steps[0]!.status).toBe('failed');
});

/** The settings page, or what the same address shows once the session expired. */
function settings(signedIn: boolean): string {
  const form = signedIn
    ? `<h1>Settings</h1><form onsubmit="event.preventDefault()"><label for="n">Display name</label><input id="n" onchange="note('typed display=' + this.value)"><button onclick="note('save')">Save</button></form>`
    : `<h1>Sign in</h1><form onsubmit="event.preventDefault()"><label for="n">Username</label><input id="n" onchange="note('typed user=' + this.value)"><button onclick="note('sign in')">Sign in</button></form>`;
  return page(signedIn ? 'Settings' : 'Sign in', `<main>${form}</main>`);
}

test('a sign-in page at the recorded address is not filled in as the recorded page', async ({ browser, page: tab }) => {
  site = await startPagesSite(() => settings(true));
  const history = await recordOn(browser, site.url, [
    { action: 'input', params: { text: 'Ann' }, target: (p) => p.getByLabel('Display name') },
    { action: 'click', params: {}, target: (p) => p.getByRole('button', { name: 'Save' }) },
  ]);
  await expect.poll(() => site.state.log).toEqual(['typed display=Ann', 'save']);
  site.state.log = [];
  site.state.render = () => settings(false);
  const { report } = await replay(tab, history, { replayId: 'signed-out', findTimeoutMs: kRefusedFindMs });
  await tab.waitForTimeout(200);
  expect(site.state.log, JSON.stringify(report.steps, null, 1)).toEqual([]);
  expect(report.steps[0]!.status).toBe('failed');
  expect(report.steps[0]!.category).toBe('page_changed');
  expect(report.steps[0]!.message).toMatch(/heading "Settings" \(now "Sign in"\)/);
  // Under the title it had (the app's name on every page), the elements' own rules refuse: the
  // field's id is its own (the same id would say it is the recorded field, reworded).
  site.state.render = () => settings(false).replace('<title>Sign in</title>', '<title>Settings</title>').replace('for="n"', 'for="u"').replace('id="n"', 'id="u"');
  await tab.goto('about:blank');
  const sameTitle = await replay(tab, history, { replayId: 'signed-out-same-title', findTimeoutMs: kRefusedFindMs });
  await tab.waitForTimeout(200);
  expect(site.state.log, JSON.stringify(sameTitle.report.steps, null, 1)).toEqual([]);
  expect(sameTitle.report.steps[0]!.status).toBe('failed');
});

test('the same page translated (its language changed) still finds its renamed controls in place', async ({ browser, page: tab }) => {
  site = await startPagesSite(() => page('Files', `<main><h1>Files</h1><button onclick="note('delete')">Delete</button></main>`, 'en'));
  const history = await recordOn(browser, site.url, [{ action: 'click', params: {}, target: (p) => p.getByRole('button', { name: 'Delete' }) }]);
  site.state.log = [];
  site.state.render = () => page('Dateien', `<main><h1>Dateien</h1><button onclick="note('delete')">Löschen</button></main>`, 'de');
  const { report } = await replay(tab, history, { replayId: 'translated', findTimeoutMs: kFindMs });
  await expect.poll(() => site.state.log, { message: JSON.stringify(report.steps, null, 1) }).toEqual(['delete']);
  // The same change without a change of language is another button in its place.
  site.state.log = [];
  site.state.render = () => page('Dateien', `<main><h1>Dateien</h1><button onclick="note('archive')">Archivieren</button></main>`, 'en');
  await tab.goto('about:blank');
  const other = await replay(tab, history, { replayId: 'not-translated', findTimeoutMs: kRefusedFindMs });
  await tab.waitForTimeout(200);
  expect(site.state.log, JSON.stringify(other.report.steps, null, 1)).toEqual([]);
});

/** A list whose rows each have one button, captioned `caption(row)`. */
function rows(caption: (row: string) => string): string {
  return page('Groceries', `<main><h1>Groceries</h1><ul>${['Milk', 'Bread', 'Eggs'].map((row) =>
    `<li><span>${row}</span> <button onclick="note('${caption(row)} ${row}')">${caption(row)}</button></li>`).join('')}</ul></main>`);
}

test('a row\'s button reworded in every row is the recorded one in its row; replaced in its row alone, it is not', async ({ browser, page: tab }) => {
  site = await startPagesSite(() => rows(() => 'Remove'));
  const history = await recordOn(browser, site.url, [{ action: 'click', params: {}, target: (p) => p.getByRole('listitem').filter({ hasText: 'Bread' }).getByRole('button') }]);
  await expect.poll(() => site.state.log).toEqual(['Remove Bread']);
  site.state.log = [];
  site.state.render = () => rows(() => 'Drop');
  const { report } = await replay(tab, history, { replayId: 'reworded-rows', findTimeoutMs: kFindMs });
  await expect.poll(() => site.state.log, { message: JSON.stringify(report.steps, null, 1) }).toEqual(['Drop Bread']);
  site.state.log = [];
  site.state.render = () => rows((row) => (row === 'Bread' ? 'Archive' : 'Remove'));
  await tab.goto('about:blank');
  const replaced = await replay(tab, history, { replayId: 'replaced-in-row', findTimeoutMs: kRefusedFindMs });
  await tab.waitForTimeout(200);
  expect(site.state.log, JSON.stringify(replaced.report.steps, null, 1)).toEqual([]);
  expect(replaced.report.steps[0]!.status).toBe('failed');
});
