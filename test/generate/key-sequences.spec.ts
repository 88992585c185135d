import { expect, test } from '../support/fixtures.ts';
import { keySegments } from '../../core/act/key-segments.ts';
import type { HistoryStep } from '../../core/schema/history.ts';
import { emitAll } from '../../generate/emit/emit.ts';
import { buildPageModel } from '../../generate/model/build.ts';
import type { RunInput } from '../../generate/model/inputs.ts';
import { assignNames } from '../../generate/names/assign.ts';
import { fp, history, state } from '../../harness/generate/fixtures.ts';

/**
 * A recorded `send_keys` of several keys (`S o w Space t h e Space b e a n s .`) is a sequence:
 * the generated code types the text its keys spell and presses each other key on its own, in a
 * method named by what it does and the field it goes to, never by the text. One key or chord
 * (`Enter`, `Control+A`) is pressed as recorded.
 */

const kSowTheBeans = 'S o w Space t h e Space b e a n s .';

const body = fp({ role: 'textbox', name: 'Post body', tag: 'textarea', label: 'Post body' });
const bodyLocator = { code: "getByRole('textbox', { name: 'Post body' })", matches: 1 };
const notes = fp({ role: 'textbox', name: 'Notes', tag: 'input', type: 'text', label: 'Notes' });
const notesLocator = { code: "getByRole('textbox', { name: 'Notes' })", matches: 1 };

type StepInput = Partial<HistoryStep> & Pick<HistoryStep, 'action' | 'params'>;

const onItems = { pre: state('/items'), post: state('/items') };
const keys = (k: string): StepInput => ({ action: 'send_keys', params: { keys: k }, ...onItems });
const clickBody: StepInput = { action: 'click', params: {}, fingerprint: body, locator: bodyLocator, ...onItems };
const fillNotes: StepInput = { action: 'input', params: { text: 'first frost' }, fingerprint: notes, locator: notesLocator, ...onItems };

function run(steps: StepInput[]): RunInput {
  const h = history('script-1700000000077', [{ action: 'navigate', params: { url: 'http://127.0.0.1:4100/items' }, pre: state('/'), post: state('/items') }, ...steps]);
  return { sessionId: h.sessionId, historyPath: `history/${h.sessionId}.json`, history: h, snapshots: [] };
}

function generated(input: RunInput): { pom: string; workflow: string } {
  const model = buildPageModel([input]);
  const files = emitAll(model, assignNames(model, null), { histories: new Map([[input.sessionId, { text: '{}', steps: input.history.steps }]]) });
  const pom = files.filter((f) => f.file.startsWith('pom/')).map((f) => f.text).join('\n');
  const workflow = files.find((f) => f.file.startsWith('workflows/') && !f.file.endsWith('secrets.ts'))!.text;
  return { pom, workflow };
}

test('keys that each type a character spell a text; named keys and chords stay keys', () => {
  expect(keySegments(kSowTheBeans)).toEqual([{ kind: 'text', text: 'Sow the beans.' }]);
  expect(keySegments('H i Enter')).toEqual([{ kind: 'text', text: 'Hi' }, { kind: 'key', key: 'Enter' }]);
  expect(keySegments('Control+A  Delete')).toEqual([{ kind: 'key', key: 'Control+A' }, { kind: 'key', key: 'Delete' }]);
  // One character between keys is the key it is.
  expect(keySegments('ArrowDown x Enter')).toEqual([{ kind: 'key', key: 'ArrowDown' }, { kind: 'key', key: 'x' }, { kind: 'key', key: 'Enter' }]);
  expect(keySegments('Enter')).toEqual([{ kind: 'key', key: 'Enter' }]);
  expect(keySegments('Space')).toEqual([{ kind: 'key', key: 'Space' }]);
});

test('a sequence typed into the field clicked before it is typed into that field, by a method named after the field', () => {
  const { pom, workflow } = generated(run([clickBody, keys(kSowTheBeans)]));
  expect(pom).toContain('async typeIntoPostBody(): Promise<void> {');
  expect(pom).toContain("await this.postBodyInput.pressSequentially('Sow the beans.');");
  expect(pom).toContain('Types “Sow the beans.” into “Post body”.');
  expect(pom).not.toMatch(/press\('S o w|pressSow|pressSOW/i);
  expect(workflow).toMatch(/\.clickPostBody\(\);\n\s*await \w+\.typeIntoPostBody\(\);/);
});

test('a sequence after typing into a field goes to that field; keys with no text are pressed one by one', () => {
  const { pom } = generated(run([fillNotes, keys('Control+A Delete'), keys('G o n e Enter')]));
  expect(pom).toContain('async pressKeysInNotes(): Promise<void> {');
  expect(pom).toMatch(/await this\.notesInput\.press\('Control\+A'\);\n\s*await this\.notesInput\.press\('Delete'\);/);
  expect(pom).toContain('Presses Control+A, Delete in “Notes”.');
  expect(pom).toMatch(/async typeIntoNotes\(\): Promise<void> \{\n\s*await this\.notesInput\.pressSequentially\('Gone'\);\n\s*await this\.notesInput\.press\('Enter'\);/);
  expect(pom).toContain('Types “Gone”, then presses Enter in “Notes”.');
});

test('a sequence with no field known to have the focus goes to the keyboard, named by what it does', () => {
  // Tab moves the focus on: where the keys after it went, the history does not say.
  const { pom } = generated(run([fillNotes, keys('Tab'), keys(kSowTheBeans), keys('Escape ArrowDown')]));
  expect(pom).toMatch(/async typeText\(\): Promise<void> \{\n\s*await this\.page\.keyboard\.type\('Sow the beans\.'\);/);
  expect(pom).toMatch(/async pressKeys\(\): Promise<void> \{\n\s*await this\.page\.keyboard\.press\('Escape'\);\n\s*await this\.page\.keyboard\.press\('ArrowDown'\);/);
  expect(pom).not.toContain('notesInput.pressSequentially');
});

test('one key or chord is pressed where the focus is, named by the key, as before', () => {
  const { pom, workflow } = generated(run([fillNotes, keys('Control+a'), keys('Enter')]));
  expect(pom).toMatch(/async pressControlA\(\): Promise<void> \{\n\s*await this\.page\.keyboard\.press\('Control\+a'\);/);
  expect(pom).toMatch(/async pressEnter\(\): Promise<void> \{\n\s*await this\.page\.keyboard\.press\('Enter'\);/);
  expect(workflow).toMatch(/\.pressControlA\(\);\n\s*await \w+\.pressEnter\(\);/);
});
