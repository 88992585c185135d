import { expect, test } from '../support/fixtures.ts';
import type { HistoryStep, StepDialog } from '../../core/schema/history.ts';
import { emitAll } from '../../generate/emit/emit.ts';
import { buildPageModel } from '../../generate/model/build.ts';
import type { RunInput } from '../../generate/model/inputs.ts';
import { assignNames } from '../../generate/names/assign.ts';
import { fp, history, state } from '../../harness/generate/fixtures.ts';

/**
 * Dialogs in generated workflows: capture accepts every dialog a step opens and records it with
 * the step; Playwright dismisses a dialog no handler takes, which cancels a confirmed delete and
 * answers a prompt with nothing. The workflow waits for each recorded dialog while the call that
 * opens it runs and answers it as capture did; nothing is left listening afterwards.
 * (test/generate/e2e-rows.spec.ts runs such a flow.)
 */

const rename = fp({ role: 'button', name: 'Rename', tag: 'button' });
const name = fp({ role: 'textbox', name: 'Name', tag: 'input', type: 'text' });

type Input = Partial<HistoryStep> & Pick<HistoryStep, 'action' | 'params'>;

function run(steps: Input[]): RunInput {
  const h = history('script-1700000000077', [{ action: 'navigate', params: { url: 'http://127.0.0.1:4100/items' }, pre: state('/'), post: state('/items') }, ...steps]);
  return { sessionId: h.sessionId, historyPath: `history/${h.sessionId}.json`, history: h, snapshots: [] };
}

function click(dialogs?: StepDialog[]): Input {
  return {
    action: 'click', params: {}, fingerprint: rename, pre: state('/items'), post: state('/items'),
    locator: { code: "getByRole('button', { name: 'Rename' })", matches: 1 }, ...(dialogs ? { dialogs } : {}),
  };
}

function workflowOf(input: RunInput): string {
  const model = buildPageModel([input]);
  const files = emitAll(model, assignNames(model, null), { histories: new Map([[input.sessionId, { text: '{}', steps: input.history.steps }]]) });
  return files.find((f) => f.file.startsWith('workflows/') && !f.file.endsWith('secrets.ts'))!.text;
}

test('a prompt is answered with its default text and an alert accepted, in turn, while the call that opened them runs', () => {
  const code = workflowOf(run([click([{ type: 'prompt', message: 'New name?' }, { type: 'alert', message: 'Renamed.' }])]));
  expect(code).toContain('// The next step opens a prompt (“New name?”), then an alert (“Renamed.”): each accepted as when recorded (the step fails if one does not open).\n'
    + "  await Promise.all([page.waitForEvent('dialog').then((dialog) => dialog.accept(dialog.defaultValue())).then(() => page.waitForEvent('dialog')).then((dialog) => dialog.accept()), itemsPage.clickRename()]);");
  expect(code).not.toContain("page.once('dialog'");
});

test('a step that opened no dialog waits for none: a dialog the recording never saw is not answered for it', () => {
  const code = workflowOf(run([click(), click([{ type: 'confirm', message: 'Sure?' }]), click()]));
  expect(code.match(/waitForEvent\('dialog'\)/g)).toHaveLength(1);
  expect([...code.matchAll(/^ {2}await itemsPage\.clickRename\(\);$/gm)]).toHaveLength(2);
  expect(code).toContain("await Promise.all([page.waitForEvent('dialog').then((dialog) => dialog.accept()), itemsPage.clickRename()]);");
});

test('a message of many lines is quoted on one line and cut; typing that opened a dialog is answered while the form is filled', () => {
  const long = `Delete these?\n${'Blue Kettle, '.repeat(20)}`;
  const code = workflowOf(run([
    { action: 'input', params: { text: 'Lamp' }, fingerprint: name, pre: state('/items'), post: state('/items'), locator: { code: "getByRole('textbox', { name: 'Name' })", matches: 1 }, dialogs: [{ type: 'alert', message: long }] },
    click(),
  ]));
  const comment = /\/\/ The next step opens an alert \(“([^”]*)”\)/.exec(code)?.[1];
  expect(comment).toMatch(/^Delete these\? Blue Kettle, Blue Kettle, .*…$/);
  expect(comment!.length).toBe(80);
  expect(code).toMatch(/await Promise\.all\(\[page\.waitForEvent\('dialog'\)\.then\(\(dialog\) => dialog\.accept\(\)\), itemsPage\.\w+\('Lamp'\)\]\);/);
});

test("a call that opens a dialog and leads to another page gives that page's object as the second of Promise.all's results", () => {
  const done = fp({ role: 'button', name: 'Undo', tag: 'button' });
  const code = workflowOf(run([
    { ...click([{ type: 'confirm', message: 'Sure?' }]), post: state('/done') },
    { action: 'click', params: {}, fingerprint: done, pre: state('/done'), post: state('/done'), locator: { code: "getByRole('button', { name: 'Undo' })", matches: 1 } },
  ]));
  expect(code).toMatch(/const \[, (\w+)\] = await Promise\.all\(\[page\.waitForEvent\('dialog'\)\.then\(\(dialog\) => dialog\.accept\(\)\), itemsPage\.clickRename\(\)\]\);\n\s*await \1\.clickUndo\(\);/);
});
