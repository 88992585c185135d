import { expect, test } from '../support/fixtures.ts';
import { locatorRole } from '../../core/locator/aria-roles.ts';
import type { RecordedLocator } from '../../core/schema/history.ts';
import { emitAll } from '../../generate/emit/emit.ts';
import { buildPageModel } from '../../generate/model/build.ts';
import { chooseLocator } from '../../generate/model/locate.ts';
import { parseAriaText } from '../../generate/model/snapshot.ts';
import { assignNames } from '../../generate/names/assign.ts';
import { clickRun, fp, kOrigin } from '../../harness/generate/fixtures.ts';

/** getByRole gets only ARIA roles that find an element; everything else is found another way, and the docs say how sure that is. */

const recorded = (code: string, matches = 1): RecordedLocator => ({ code, matches });
const snapshot = (text: string) => [{ url: `${kOrigin}/notes`, title: 'Notes', nodes: parseAriaText(text) }];

test('a role getByRole does not accept falls to the label, then the placeholder, with a note', () => {
  // An editable <div>: its aria snapshot starts with a text node, read as role `text`.
  const editor = fp({ role: 'text', name: '', tag: 'div', label: 'Notes', placeholder: 'Write something', cssPath: 'main > div.editor' });
  const byLabel = chooseLocator(editor, null, snapshot('- main:\n  - text: hello'));
  expect(byLabel.locator).toMatchObject({ kind: 'label', role: null, value: 'Notes', exact: true, verified: false, matches: null });
  expect(byLabel.problem).toContain("'text' is not a role getByRole finds");
  const byPlaceholder = chooseLocator({ ...editor, label: null }, null, []);
  expect(byPlaceholder.locator).toMatchObject({ kind: 'placeholder', value: 'Write something' });
  // The recorder chose the same: verified where it was recorded.
  expect(chooseLocator(editor, recorded("getByLabel('Notes', { exact: true })"), []).locator).toMatchObject({ kind: 'label', verified: true, matches: 1 });
});

test('then the test id, the text, the recorded locator and the CSS path', () => {
  const bare = fp({ role: 'generic', name: '', tag: 'div', cssPath: 'main > div:nth-child(2)' });
  expect(chooseLocator({ ...bare, testId: 'notes' }, null, []).locator).toMatchObject({ kind: 'testId', value: 'notes' });
  expect(chooseLocator({ ...bare, role: 'StaticText', text: 'Click to open actions' }, null, []).locator)
    .toMatchObject({ kind: 'text', value: 'Click to open actions', exact: false, verified: false });
  expect(chooseLocator({ ...bare, role: 'none' }, recorded("locator('#editor')"), []).locator).toMatchObject({ kind: 'selector', value: '#editor', verified: true });
  const last = chooseLocator({ ...bare, role: 'presentation' }, null, []);
  expect(last.locator).toMatchObject({ kind: 'selector', value: 'main > div:nth-child(2)', verified: false });
  expect(last.problem).toContain("'presentation' is not a role getByRole finds");
});

test('a text node counted in the snapshot never makes a role locator', () => {
  const hello = fp({ role: 'text', name: 'hello', tag: 'div', cssPath: 'main > div' });
  const choice = chooseLocator(hello, null, snapshot('- main:\n  - text: hello'));
  expect(choice.locator.kind).not.toBe('role');
  expect(choice.locator.verified).toBe(false);
});

test('a shortened name is matched by its start as a substring, never exactly', () => {
  const report = fp({ role: 'link', name: 'Quarterly report for the…' });
  const one = chooseLocator(report, null, snapshot('- main:\n  - link "Quarterly report for the…"'));
  expect(one.locator).toMatchObject({ kind: 'role', value: 'Quarterly report for the', exact: false, verified: true });
  // A look-alike named exactly the start: the start is not the element's name, so no exact match.
  const short = fp({ role: 'button', name: 'Report…' });
  const both = chooseLocator(short, null, snapshot('- main:\n  - button "Report"\n  - button "Report…"'));
  expect(both.locator).toMatchObject({ value: 'Report', exact: false, verified: false });
  // Too little before the ellipsis: no name at all.
  const tiny = chooseLocator(fp({ role: 'button', name: 'Ab…' }), null, snapshot('- main:\n  - button "Ab…"'));
  expect(tiny.locator.value).toBeNull();
  // A recorded exact text that the page shortened: its start, or another way when too short.
  const span = fp({ role: null, name: '', tag: 'span', cssPath: 'main > span' });
  expect(chooseLocator(span, recorded("getByText('Quarterly report for the…', { exact: true })"), []).locator)
    .toMatchObject({ kind: 'text', value: 'Quarterly report for the', exact: false, verified: false });
  expect(chooseLocator(span, recorded("getByText('Ab…', { exact: true })"), []).locator).toMatchObject({ kind: 'selector', value: 'main > span' });
  // Labels too.
  expect(chooseLocator({ ...span, label: 'Description of the…' }, null, []).locator).toMatchObject({ kind: 'label', value: 'Description of the', exact: false });
});

test('generated code passes getByRole only roles Playwright accepts, and docs claim uniqueness only when counted', () => {
  const run = clickRun([
    { path: '/notes', title: 'Notes', target: fp({ role: 'text', name: '', tag: 'div', label: 'Notes', cssPath: 'main > div' }) },
    { path: '/notes', title: 'Notes', target: fp({ role: 'generic', name: 'Open', tag: 'span', text: 'Open', cssPath: 'main > span' }) },
  ]);
  run.snapshots = snapshot('- main:\n  - text: Notes\n  - generic "Open"');
  const model = buildPageModel([run]);
  expect(model.pages[0]!.elements.map((e) => e.role)).toEqual([null, null]);
  const files = emitAll(model, assignNames(model, null), { histories: new Map() });
  const roles = files.flatMap((f) => [...f.text.matchAll(/getByRole\('([^']*)'/g)].map((m) => m[1]!));
  for (const role of roles) expect(locatorRole(role), role).toBe(role);
  expect(roles).not.toContain('text');
  expect(roles).not.toContain('generic');
  const doc = files.find((f) => f.file.startsWith('docs/'))!.text;
  expect(doc).not.toMatch(/\| yes \|/);
  expect(doc).toContain('not checked');
  expect(doc).toContain("'text' is not a role getByRole finds");
});
