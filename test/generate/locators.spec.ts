import { expect, test } from '../support/fixtures.ts';
import type { Fingerprint, RecordedLocator } from '../../core/schema/history.ts';
import { emitAll } from '../../generate/emit/emit.ts';
import { buildPageModel } from '../../generate/model/build.ts';
import { candidateKey, elementCandidates } from '../../generate/model/candidates.ts';
import { chooseLocator, readRecordedLocator } from '../../generate/model/locate.ts';
import { Observed } from '../../generate/model/registry.ts';
import type { RowScope } from '../../generate/model/rows.ts';
import { parseAriaText } from '../../generate/model/snapshot.ts';
import { assignNames } from '../../generate/names/assign.ts';
import { fp, kOrigin, state } from '../../harness/generate/fixtures.ts';
import type { RunInput } from '../../generate/model/inputs.ts';
import { kHistoryVersion, type HistoryStep } from '../../core/schema/history.ts';
import { locatorExpression } from '../../core/locator/model-code.ts';

/** Locators in generated code: public API only, and test ids only where getByTestId matches them. */

const kRowsSnapshot = parseAriaText(`- main:
  - table:
    - row "Blue Kettle 12 Edit Delete":
      - cell "Blue Kettle"
      - button "Delete"
    - row "Red Hammer 8 Edit Delete":
      - cell "Red Hammer"
      - button "Delete"`);

const recorded = (code: string, matches = 1): RecordedLocator => ({ code, matches });

test('a recorded chain becomes readable public code, never the internal selector grammar', () => {
  const deleteButton = fp({ role: 'button', name: 'Delete', roleNameCount: 2, roleNameIndex: 0 });
  const choice = chooseLocator(deleteButton, recorded("getByRole('row', { name: 'Blue Kettle' }).getByRole('button', { name: 'Delete' })"), [
    { url: `${kOrigin}/items`, title: 'Items', nodes: kRowsSnapshot },
  ]);
  expect(choice.locator).toMatchObject({ kind: 'chain', value: "getByRole('row', { name: 'Blue Kettle' }).getByRole('button', { name: 'Delete' })" });
  const opaque = chooseLocator(fp({ role: null, name: '', cssPath: 'html > body > div' }), recorded("locator('internal:has-text=/x/').locator('aria-ref=e5')"), []);
  expect(opaque.locator.value).toBe('html > body > div');
});

test('getByTestId only for the attribute Playwright is configured for; other attributes become CSS', () => {
  const cy = fp({ role: null, name: '', testId: 'save', testIdAttribute: 'data-cy' });
  expect(chooseLocator(cy, null, []).locator).toMatchObject({ kind: 'selector', value: '[data-cy="save"]' });
  expect(chooseLocator(cy, null, [], 'data-cy').locator).toMatchObject({ kind: 'testId', value: 'save' });
  const plain = fp({ role: null, name: '', testId: 'save' });
  expect(chooseLocator(plain, null, []).locator).toMatchObject({ kind: 'testId', value: 'save' });
  // Recorded before the attribute was kept: the recorder's selector names it.
  const old: Fingerprint = { ...cy, testIdAttribute: null };
  expect(chooseLocator(old, recorded(`locator('[data-qa="save"]')`), []).locator).toMatchObject({ kind: 'selector', value: '[data-qa="save"]' });
});

test('a recorded locator that enters frames keeps its frame locators; code that cannot be read is left aside', () => {
  const pay = fp({ role: 'button', name: 'Pay', frameChain: [{ selector: 'html > body > iframe', name: null, url: null }] });
  const choice = chooseLocator(pay, recorded("getByTestId('checkout').contentFrame().getByRole('button', { name: 'Pay' })"), []);
  expect(choice.locator).toMatchObject({ kind: 'role', role: 'button', value: 'Pay', frames: ["getByTestId('checkout')"] });
  expect(locatorExpression(choice.locator, 'page')).toBe("page.getByTestId('checkout').contentFrame().getByRole('button', { name: 'Pay' })");
  expect(chooseLocator(pay, recorded("frameLocator('#pay').getByRole('button', { name: 'Pay' })"), []).locator.frames).toEqual(["locator('#pay')"]);
  // Not locator code: the fingerprint's frame path and role stand in.
  const unreadable = chooseLocator(pay, recorded('getByRole(button)'), []);
  expect(unreadable.locator).toMatchObject({ kind: 'role', frames: ["locator('html > body > iframe')"] });
  // A text with ">>" in it is text, not a selector chain.
  const link = fp({ role: null, name: '', cssPath: 'html > body > a' });
  expect(chooseLocator(link, recorded("getByRole('list').getByText('Next >> page')"), []).locator).toMatchObject({ kind: 'chain', value: "getByRole('list').getByText('Next >> page')" });
});

function step(index: number, s: Pick<HistoryStep, 'action' | 'params'> & Partial<HistoryStep>): HistoryStep {
  return { index, fingerprint: null, locator: null, targetAfter: null, pre: state('/items'), post: state('/items'), durationMs: 1, ok: true, error: null, result: null, ...s } as HistoryStep;
}

test('an app that consistently uses data-cy gets testIdAttribute in the generated config', () => {
  const run: RunInput = {
    sessionId: 'script-1', historyPath: null,
    history: {
      version: kHistoryVersion, sessionId: 'script-1', startUrl: `${kOrigin}/items`, recordedAt: '2025-01-01T00:00:00.000Z', viewport: null, secrets: [], variables: {},
      steps: [step(0, { action: 'click', params: {}, fingerprint: fp({ role: 'button', name: '', testId: 'add', testIdAttribute: 'data-cy' }) })],
    },
    snapshots: [],
  };
  const model = buildPageModel([run]);
  expect(model.testIdAttribute).toBe('data-cy');
  const files = emitAll(model, assignNames(model, null), { histories: new Map() });
  expect(files.find((f) => f.file === 'playwright.config.ts')!.text).toContain("testIdAttribute: 'data-cy'");
  expect(files.find((f) => f.file.startsWith('pom/'))!.text).toContain("getByTestId('add')");
  for (const file of files) expect(file.text, file.file).not.toMatch(/internal:|aria-ref=/);
});

test("a field's own text is its content, never the way to find it: no text candidate, and a recorder's text locator is set aside", () => {
  const draft = 'Draft of the release notes, first paragraph';
  const options = { testIdAttribute: 'data-testid', testIdFrom: null, recorded: readRecordedLocator(recorded(`getByText('${draft}')`)) };
  const textarea = elementCandidates(fp({ role: 'textbox', name: 'Notes', tag: 'textarea', text: draft, label: 'Notes' }), options);
  expect(textarea.some((c) => c.kind === 'text')).toBe(false);
  expect(textarea[0]).toMatchObject({ kind: 'role', role: 'textbox', value: 'Notes' });
  // A caption is still found by its text.
  const caption = elementCandidates(fp({ role: null, name: '', tag: 'span', text: 'Release notes' }), { ...options, recorded: null });
  expect(caption.some((c) => c.kind === 'text' && c.value === 'Release notes')).toBe(true);
});

test('a name with a count in parentheses is found by the words before it first, then whole', () => {
  const options = { testIdAttribute: 'data-testid', testIdFrom: null, recorded: null };
  const field = elementCandidates(fp({ role: 'textbox', name: 'Destination folder (81.5 GB Free):', tag: 'input', label: 'Destination folder (81.5 GB Free):' }), options);
  expect(field.slice(0, 2)).toMatchObject([
    { kind: 'role', role: 'textbox', value: 'Destination folder', exact: false },
    { kind: 'role', role: 'textbox', value: 'Destination folder (81.5 GB Free):', exact: false },
  ]);
  expect(field.some((c) => c.kind === 'label' && c.value === 'Destination folder' && !c.exact)).toBe(true);
  // A name without a count keeps its candidates as they were.
  expect(elementCandidates(fp({ role: 'link', name: 'Page 2' }), options)[0]).toMatchObject({ kind: 'role', value: 'Page 2', exact: false });
  // A count alone leaves no words: no shorter candidate.
  expect(elementCandidates(fp({ role: 'button', name: '(3)' }), options)[0]).toMatchObject({ kind: 'role', value: '(3)' });
});

test('an element an expect step checks the text of is never found by that text: the check would hold by construction', () => {
  const counter = fp({ role: null, name: '', tag: 'span', id: 'filter-count', text: '1 Transfer', cssPath: 'html > body > span' });
  const candidates = elementCandidates(counter, { testIdAttribute: 'data-testid', testIdFrom: null, recorded: readRecordedLocator(recorded("locator('#filter-count')")) });
  // In the recorded DOM every candidate found the counter alone.
  const evidence = [{ hits: new Map(candidates.map((c) => [candidateKey(c), { count: 1, target: true }])), row: null, fields: [] }];
  expect(chooseLocator(counter, recorded("locator('#filter-count')"), [], 'data-testid', evidence).locator).toMatchObject({ kind: 'text', value: '1 Transfer' });
  expect(chooseLocator(counter, recorded("locator('#filter-count')"), [], 'data-testid', evidence, ['1 Transfer']).locator).toMatchObject({ kind: 'selector', value: '#filter-count' });
  // Contained checks count too: text that holds the checked words finds it by them.
  expect(chooseLocator(counter, recorded("locator('#filter-count')"), [], 'data-testid', evidence, ['transfer']).locator.kind).not.toBe('text');
});

test('the same element in items of two different lists is two elements, in items of one list one', () => {
  const row = (collection: string, key: string): RowScope => ({
    collection, role: 'listitem', key, exactKey: true, scope: null, siblings: 3, elementId: 'listitem > link', column: null,
    locator: { kind: 'role', role: 'link', value: null, exact: false, frames: [], scope: null, row: null, matches: 1, verified: true, nth: null },
  });
  const observed = new Observed();
  const link = fp({ role: 'link', name: '' });
  const deploy = observed.element('/', link, null, row('listitem in #deploy-menu', 'Full'));
  expect(observed.element('/', link, null, row('listitem in #deploy-menu', 'Modified nodes'))).toBe(deploy);
  const main = observed.element('/', link, null, row('listitem in #main-menu', 'Import'));
  expect(main).not.toBe(deploy);
  expect(observed.elements.get('/')!.get(main)!.row!.collection).toBe('listitem in #main-menu');
});

test('an element found by its role alone is looked for inside its landmark before the whole page', () => {
  const options = { testIdAttribute: 'data-testid', testIdFrom: null, recorded: null };
  const logo = fp({ role: 'link', name: '', tag: 'a', landmarks: [{ role: 'banner', name: null }], cssPath: 'html > body > header > a' });
  const candidates = elementCandidates(logo, options);
  const inBanner = candidates.findIndex((c) => c.kind === 'role' && c.role === 'link' && c.value === null && c.scope?.role === 'banner');
  const anywhere = candidates.findIndex((c) => c.kind === 'role' && c.role === 'link' && c.value === null && c.scope === null);
  expect(inBanner).toBeGreaterThanOrEqual(0);
  expect(inBanner).toBeLessThan(anywhere);
  // Where both found the link alone when recorded, the code says which part of the page it is in.
  const evidence = [{ hits: new Map(candidates.map((c) => [candidateKey(c), { count: 1, target: true }])), row: null, fields: [] }];
  const chosen = chooseLocator(logo, null, [], 'data-testid', evidence).locator;
  expect(locatorExpression(chosen, 'this.page')).toBe("this.page.getByRole('banner').getByRole('link')");
});

test('two elements of a page never get one locator: the later one, found alone at its own moment, is told apart by its landmark', () => {
  // The header's "Login" button is hidden while the dialog is open, so each was alone when clicked.
  const header = fp({ role: 'button', name: 'Login', testId: 'header-login', landmarks: [{ role: 'banner', name: null }] });
  const submit = fp({ role: 'button', name: 'Login', testId: 'dialog-login', landmarks: [{ role: 'dialog', name: 'Sign in' }] });
  const run: RunInput = {
    sessionId: 'script-1', historyPath: null,
    history: {
      version: kHistoryVersion, sessionId: 'script-1', startUrl: `${kOrigin}/items`, recordedAt: '2025-01-01T00:00:00.000Z', viewport: null, secrets: [], variables: {},
      steps: [step(0, { action: 'click', params: {}, fingerprint: header }), step(1, { action: 'click', params: {}, fingerprint: submit })],
    },
    snapshots: [
      { url: `${kOrigin}/items`, title: 'Items', nodes: parseAriaText('- banner:\n  - button "Login"\n- main:\n  - heading "Items" [level=1]') },
      { url: `${kOrigin}/items`, title: 'Items', nodes: parseAriaText('- dialog "Sign in":\n  - textbox "Username"\n  - button "Login"') },
    ],
  };
  const model = buildPageModel([run]);
  const code = model.pages[0]!.elements.map((element) => locatorExpression(element.locator, 'this.page'));
  expect(code).toEqual([
    "this.page.getByRole('button', { name: 'Login' })",
    "this.page.getByRole('dialog', { name: 'Sign in' }).getByRole('button', { name: 'Login' })",
  ]);
});
