import { expect, test } from '../support/fixtures.ts';
import type { HistoryStep } from '../../core/schema/history.ts';
import { emitAll } from '../../generate/emit/emit.ts';
import { buildPageModel } from '../../generate/model/build.ts';
import type { RunInput } from '../../generate/model/inputs.ts';
import { assignNames } from '../../generate/names/assign.ts';
import { fp, history, state } from '../../harness/generate/fixtures.ts';

/**
 * Typing into a rich-text editor (a `contenteditable` block) in generated code, as capture types
 * into one: text with line breaks is typed on the keyboard after emptying the editor (each `\n`
 * pressed as Enter, which starts the editor's new block), and keys pressed after typing go to the
 * keyboard, where the focus is, never to the editor's member, which finds it by the name it had
 * empty. Form fields keep `fill` and keys on their member. test/capture/block-editors.spec.ts runs
 * such code against a block editor.
 */

const block = fp({ role: 'textbox', name: 'Empty block; start writing', tag: 'div', ariaLabel: 'Empty block; start writing' });
const blockLocator = { code: "getByRole('textbox', { name: 'Empty block; start writing' })", matches: 1 };
const notes = fp({ role: 'textbox', name: 'Notes', tag: 'textarea', label: 'Notes' });
const notesLocator = { code: "getByRole('textbox', { name: 'Notes' })", matches: 1 };

type StepInput = Partial<HistoryStep> & Pick<HistoryStep, 'action' | 'params'>;

const onItems = { pre: state('/items'), post: state('/items') };
const keys = (k: string): StepInput => ({ action: 'send_keys', params: { keys: k }, ...onItems });
const typeInto = (target: typeof block, locator: typeof blockLocator, text: string): StepInput => ({ action: 'input', params: { text }, fingerprint: target, locator, ...onItems });

function generatedPom(steps: StepInput[]): string {
  const h = history('script-1700000000078', [{ action: 'navigate', params: { url: 'http://127.0.0.1:4100/items' }, pre: state('/'), post: state('/items') }, ...steps]);
  const input: RunInput = { sessionId: h.sessionId, historyPath: `history/${h.sessionId}.json`, history: h, snapshots: [] };
  const model = buildPageModel([input]);
  const files = emitAll(model, assignNames(model, null), { histories: new Map([[input.sessionId, { text: '{}', steps: input.history.steps }]]) });
  return files.filter((f) => f.file.startsWith('pom/')).map((f) => f.text).join('\n');
}

test('keys pressed after typing into an editor go to the keyboard, not to the member found by its name when empty', () => {
  const pom = generatedPom([typeInto(block, blockLocator, 'Hello there'), keys('End Enter')]);
  expect(pom).toMatch(/async pressKeysInEmptyBlock\w*\(\): Promise<void> \{\n\s*await this\.page\.keyboard\.press\('End'\);\n\s*await this\.page\.keyboard\.press\('Enter'\);\n\s*\}/);
  expect(pom).toContain('Presses End, Enter in “Empty block; start writing”.');
  expect(pom).not.toMatch(/this\.emptyBlock\w*\.press/);
});

test('text typed into an editor is filled, or with line breaks typed on the keyboard after emptying it; a form field is filled', () => {
  const pom = generatedPom([typeInto(block, blockLocator, 'First line\nSecond line'), typeInto(notes, notesLocator, 'one\ntwo')]);
  const method = /async fill\w*\((\w+): string, (\w+): string\): Promise<void> \{\n([\s\S]*?)\n {2}\}/.exec(pom);
  expect(method, pom).not.toBeNull();
  const [, text, notesText, body] = method!;
  const lines = body!.split('\n').map((line) => line.trim());
  expect(lines).toEqual([
    `if (${text}.includes('\\n')) {`,
    '// Each line break pressed as Enter: the editor starts its new line or block on the key.',
    "await this.emptyBlockStartWritingInput.fill('');",
    `await this.page.keyboard.type(${text});`,
    '} else {',
    `await this.emptyBlockStartWritingInput.fill(${text});`,
    '}',
    '',
    `await this.notesInput.fill(${notesText});`,
  ]);
});

test('keys after typing into a form field still go to its member, which focuses it first', () => {
  const pom = generatedPom([typeInto(notes, notesLocator, 'first frost'), keys('End Enter')]);
  expect(pom).toMatch(/await this\.notesInput\.press\('End'\);\n\s*await this\.notesInput\.press\('Enter'\);/);
});

test('text recorded as appended (clear: false) is typed key by key from the field\'s end, into an editor and a form field alike, never filled over what it holds', () => {
  const append = (target: typeof block, locator: typeof blockLocator, text: string): StepInput => ({ action: 'input', params: { text, clear: false }, fingerprint: target, locator, ...onItems });
  const pom = generatedPom([append(block, blockLocator, 'Sow the beans.'), append(notes, notesLocator, ' Water daily.')]);
  expect(pom).toMatch(/await this\.emptyBlockStartWritingInput\.press\('ControlOrMeta\+End'\);\n\s*await this\.emptyBlockStartWritingInput\.pressSequentially\(\w+\);/);
  expect(pom).toMatch(/await this\.notesInput\.press\('ControlOrMeta\+End'\);\n\s*await this\.notesInput\.pressSequentially\(\w+\);/);
  expect(pom).not.toMatch(/\.fill\(/);
});
