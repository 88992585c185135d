import { expect, test } from '../support/fixtures.ts';
import { inPage } from '../../core/in-page.ts';
import type { RowProbeInput } from '../../core/in-page/row-probe.ts';
import { kTargetAttribute, TraceSnapshots } from '../../locate/snapshot/snapshot-html.ts';
import { kItemCss } from '../../generate/model/rows.ts';
import type { ActionRecord } from '../../core/schema/extract.ts';
import { alignSteps } from '../../generate/verify/align-steps.ts';
import { resourceOf } from '../../locate/snapshot/snapshot-page.ts';
import { recordedTail } from '../../generate/verify/dom-check.ts';
import { fp, history } from '../../harness/generate/fixtures.ts';

/**
 * The generate-time check: Playwright's DOM snapshots rendered back into HTML (references into
 * earlier snapshots of the frame, form state, the acted element's mark), and the key a row is
 * found by, chosen the way Playwright reads text.
 */

function snapshotLine(callId: string, phase: string, html: unknown, frameId = 'frame@1'): string {
  return JSON.stringify({ type: 'frame-snapshot', snapshot: { callId, phase, pageId: 'page@1', frameId, frameUrl: 'http://127.0.0.1:1/items', isMainFrame: true, html } });
}

test('a snapshot renders with its references resolved in post-order, its form state and its target mark; scripts never', () => {
  const first = ['HTML', {}, ['HEAD', {}, ['STYLE', {}, 'td > a { color: red }'], ['SCRIPT', {}, 'alert(1)']],
    ['BODY', {}, ['UL', {}, ['LI', {}, 'Milk'], ['LI', {}, 'Eggs']], ['INPUT', { __playwright_value_: 'typed', value: 'old' }]]];
  // Post-order numbering of `first`: 0 'td > a..', 1 STYLE, 2 'alert(1)', 3 SCRIPT, 4 HEAD, 5 'Milk', 6 LI, 7 'Eggs', 8 LI, 9 UL, ...
  const second = ['HTML', {}, [[1, 4]], ['BODY', {}, [[1, 9]], ['BUTTON', { __playwright_target__: 'call@2', onclick: 'x()' }, 'Add <b>'],
    ['INPUT', { type: 'checkbox', __playwright_checked_: 'true' }]]];
  const traces = new TraceSnapshots([snapshotLine('call@1', 'before', first), snapshotLine('call@2', 'action', second), '{"type":"before"}', 'not json']);
  expect(traces.find('call@1', 'action')).toBeNull();
  const html = traces.html(traces.find('call@2', 'action')!);
  expect(html).toBe('<!DOCTYPE html><HTML><HEAD><STYLE>td > a { color: red }</STYLE></HEAD><BODY><UL><LI>Milk</LI><LI>Eggs</LI></UL>' +
    `<BUTTON ${kTargetAttribute}>Add &lt;b&gt;</BUTTON><INPUT type="checkbox" checked></BODY></HTML>`);
  const firstHtml = traces.html(traces.find('call@1', 'before')!);
  expect(firstHtml).toContain('<INPUT value="typed">');
  expect(firstHtml).not.toContain('alert');
});

test('a reference to a node that does not exist renders nothing instead of failing', () => {
  const traces = new TraceSnapshots([snapshotLine('c', 'action', ['HTML', {}, ['BODY', {}, [[3, 0]], [[0, 99]], 'ok']])]);
  expect(traces.html(traces.find('c', 'action')!)).toBe('<!DOCTYPE html><HTML><BODY>ok</BODY></HTML>');
});

const probe = await inPage.fn('rowProbe');

function probeInput(role: string, typed: string[] = [], volatile: string[] = []): RowProbeInput {
  return { target: kTargetAttribute, item: kItemCss[role]!.item, list: kItemCss[role]!.list, testIdAttribute: 'data-testid', typed, volatile };
}

test('a row is keyed by a whole cell text no sibling row shows: data before numbers, numbers before control captions', async ({ page }) => {
  // Playwright reads this row as "1Red HammerHardware$4.990": a key joined with spaces ("1 Hardware
  // $4.99 0") is not even a substring of it. Whole cell texts are what `getByText(.., { exact })` matches.
  await page.setContent(`
    <table data-testid="items-table" aria-label="Items">
      <thead><tr><th>#</th><th>Title</th><th>Category</th><th>Price</th><th>Stock</th><th></th></tr></thead><tbody>
      <tr><td>1</td><td><a href="/items/1" ${kTargetAttribute}>Red Hammer</a></td><td>Hardware</td><td>$4.99</td><td>0</td><td><button>Edit</button></td></tr>
      <tr><td>2</td><td><a href="/items/2">Blue Kettle</a></td><td>Hardware</td><td>$12.50</td><td>0</td><td><button>Edit</button></td></tr>
    </tbody></table>`);
  const found = await page.evaluate(probe, probeInput('row'));
  expect(found!.siblings).toBe(2);
  // "Hardware", "0" and "Edit" are in the other row too; "1" and "$4.99" are numbers.
  expect(found!.keys).toEqual([{ text: 'Red Hammer', kind: 'data' }, { text: '1', kind: 'number' }, { text: '$4.99', kind: 'number' }]);
  expect(found!.lists).toEqual([{ testId: 'items-table', id: null, label: 'Items', role: null }]);
  // The link shows the row's data; its column says what it is.
  expect(found!.column).toBe('Title');
  const row = page.getByTestId('items-table').getByRole('row').filter({ has: page.getByText(found!.keys[0]!.text, { exact: true }) });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('link')).toHaveAttribute('href', '/items/1');
});

test('a cell holding a word the page changes by itself is no key: the row is keyed by its steady cells', async ({ page }) => {
  await page.setContent(`
    <table><tr><th>Job</th><th>Last scrape</th><th></th></tr>
      <tr><td>573ms ago</td><td>node</td><td><button ${kTargetAttribute}>Scrape</button></td></tr>
      <tr><td>1.2s ago</td><td>db</td><td><button>Scrape</button></td></tr></table>`);
  expect((await page.evaluate(probe, probeInput('row')))!.keys[0]).toEqual({ text: '573ms ago', kind: 'data' });
  expect((await page.evaluate(probe, probeInput('row', [], ['#ms', '#.#s'])))!.keys).toEqual([{ text: 'node', kind: 'data' }]);
});

test('a list item of label/value runs is keyed by its own value, and a value the flow typed comes first', async ({ page }) => {
  // Reads as "string:Hello World": the key is a run ("Hello World"), never "string :".
  await page.setContent(`
    <ul>
      <li><span>string</span><span>:</span><span>Hello World</span><button>Remove</button></li>
      <li><span>string</span><span>:</span><span>Other</span><button ${kTargetAttribute}>Remove</button><em>Walk the dog</em></li>
      <li><span>object</span><span>{6}</span><button>Remove</button></li>
    </ul>`);
  expect((await page.evaluate(probe, probeInput('listitem')))!.keys.map((k) => k.text)).toEqual(['Other', 'Walk the dog']);
  expect((await page.evaluate(probe, probeInput('listitem', ['Walk the dog'])))!.keys[0]).toEqual({ text: 'Walk the dog', kind: 'typed' });
});

test('an item whose every text is shared with a sibling has no key, and an element outside any item has no probe', async ({ page }) => {
  await page.setContent(`<ul><li><span>Same</span><button ${kTargetAttribute}>Go</button></li><li><span>Same</span><button>Go</button></li></ul>`);
  expect((await page.evaluate(probe, probeInput('listitem')))!.keys).toEqual([]);
  await page.setContent(`<main><button ${kTargetAttribute}>Go</button></main>`);
  expect(await page.evaluate(probe, probeInput('row'))).toBeNull();
});

function action(index: number, method: string, code: string | null): ActionRecord {
  return {
    index, callId: `call@${index}`, apiName: `locator.${method}`, class: 'Frame', method, step: null, groupId: null, pageId: null, frameId: null,
    locator: code ? { selector: 'internal:…', code } : null, params: {}, redacted: [], startMs: index, endMs: index, error: null, point: null, box: null,
    urlBefore: null, urlAfter: null, navigated: false, aria: { before: null, action: code ? `call@${index}-action` : null, after: null }, screenshot: null, screenshotSource: null,
  };
}

test('history steps line up with the trace actions that carried them out: by kind in order, the recorded locator first', () => {
  const button = fp({ role: 'button', name: 'Add' });
  const run = history('script-1', [
    { action: 'input', params: { text: 'Milk' }, fingerprint: fp({ role: 'textbox', name: 'Entry', tag: 'input' }), locator: { code: "getByLabel('Entry')", matches: 1 } },
    { action: 'navigate', params: { url: 'http://127.0.0.1:1/' } },
    { action: 'click', params: {}, fingerprint: button, locator: { code: "getByRole('button', { name: 'Add' })", matches: 1 } },
    { action: 'click', params: {}, fingerprint: button, locator: null },
  ]);
  const actions = [
    action(0, 'goto', null),
    action(1, 'fill', "getByLabel('Entry')"),
    action(2, 'continue', null),
    // A click the recorder made on its own (a dialog) before the step's: the step takes the one with its locator.
    action(3, 'click', "getByRole('button', { name: 'OK' })"),
    action(4, 'click', "getByRole('button', { name: 'Add' })"),
    action(5, 'click', "locator('aria-ref=e7')"),
  ];
  const aligned = alignSteps(run, actions);
  expect([...aligned].map(([index, a]) => [index, a.callId])).toEqual([[0, 'call@1'], [2, 'call@4'], [3, 'call@5']]);
});

test('a check of one element lines up with the expect call Playwright traced for it, so its locator is checked too', () => {
  const title = fp({ role: null, name: '', tag: 'span' });
  const run = history('script-2', [
    { action: 'click', params: {}, fingerprint: fp({ role: 'button', name: 'Create' }), locator: { code: "getByRole('button', { name: 'Create' })", matches: 1 } },
    { action: 'expect_text', params: { text: 'Garden club', exact: true }, fingerprint: title, locator: { code: "getByText('Garden club')", matches: 1 } },
    { action: 'expect_count', params: { count: 0 }, fingerprint: null, locator: { code: "locator('article')", matches: 0 } },
  ]);
  const aligned = alignSteps(run, [action(0, 'click', "getByRole('button', { name: 'Create' })"), action(1, 'expect', "getByText('Garden club')"), action(2, 'expect', "locator('article')")]);
  expect([...aligned].map(([index, a]) => [index, a.callId])).toEqual([[0, 'call@0'], [1, 'call@1']]);
});

test('a field whose table row is named by a header cell is a field of a form laid out in a table, not a record', async ({ page }) => {
  await page.setContent(`
    <form><table>
      <tr><th>System</th><td><select><option>SQLite</option></select></td></tr>
      <tr><th>Username</th><td><input id="username" ${kTargetAttribute}></td></tr>
      <tr><th>Password</th><td><input type="password"></td></tr>
    </table></form>`);
  const found = await page.evaluate(probe, probeInput('row'));
  expect(found!.fieldLabel).toBe('Username');
  // Rows of header cells only make a header row; a row whose first cell is a header names that row.
  expect(found!.column).toBeNull();
  // A control in a record's row is not a field of the page, even when the row has a header cell.
  await page.setContent(`<table><tr><th>1</th><td>Red Hammer</td><td><button ${kTargetAttribute}>Edit</button></td></tr><tr><th>2</th><td>Blue Kettle</td><td><button>Edit</button></td></tr></table>`);
  expect((await page.evaluate(probe, probeInput('row')))!.fieldLabel).toBeNull();
});

test('a trace resource is found by the zip entry its network line names, whichever way the Playwright release writes it', () => {
  const line = (content: object) => JSON.stringify({ type: 'resource-snapshot', snapshot: { request: { url: 'http://127.0.0.1:1/app.css' }, response: { content } } });
  expect(resourceOf(line({ _sha1: 'ab12', mimeType: 'text/css' }))).toEqual({ url: 'http://127.0.0.1:1/app.css', entry: 'resources/ab12', mimeType: 'text/css' });
  expect(resourceOf(line({ _file: 'resources/ab12.css', mimeType: 'text/css' }))).toEqual({ url: 'http://127.0.0.1:1/app.css', entry: 'resources/ab12.css', mimeType: 'text/css' });
  expect(resourceOf(line({ size: 0 }))).toBeNull();
});

test('the CSS selector a recorded chain ends with is a way to find the element inside its item', () => {
  expect(recordedTail("locator('#scene article').filter({ has: getByText('Garden club', { exact: true }) }).locator('[data-name=title]')")).toBe('[data-name=title]');
  expect(recordedTail("locator('article').getByRole('link', { name: 'Delete' })")).toBeNull();
  expect(recordedTail("locator('[data-name=title]')")).toBeNull();
  expect(recordedTail(null)).toBeNull();
});

test('a text holding an identifier the app generated is no key of its item: the next run has another', async ({ page }) => {
  await page.setContent(`<ul>
    <li>URL: <a ${kTargetAttribute} href="/ann/0f3c2a9e-5d1b-4c8e-9a7f-2b6d1e8c4a10/">http://h/ann/0f3c2a9e-5d1b-4c8e-9a7f-2b6d1e8c4a10/</a></li>
    <li><a href="#">Edit</a></li>
    <li>Digest <b>9f86d081884c7d659a2feaa0c55ad015</b> <a href="#">Copy</a></li></ul>`);
  expect((await page.evaluate(probe, probeInput('listitem')))!.keys.map((k) => k.text)).toEqual([]);
  await page.setContent(`<ul><li><b>Garden club</b> <a ${kTargetAttribute} href="#">0f3c2a9e-5d1b-4c8e-9a7f-2b6d1e8c4a10</a></li><li><b>Beds</b> <a href="#">x</a></li></ul>`);
  expect((await page.evaluate(probe, probeInput('listitem')))!.keys.map((k) => k.text)).toEqual(['Garden club']);
});
