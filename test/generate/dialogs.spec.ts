import { expect, test } from '@playwright/test';
import type { HistoryStep, StepDialog } from '../../core/schema/history.ts';
import { emitAll } from '../../generate/emit/emit.ts';
import { buildPageModel } from '../../generate/model/build.ts';
import type { RunInput } from '../../generate/model/inputs.ts';
import { assignNames } from '../../generate/names/assign.ts';
import { fp, history, state } from '../../harness/generate/fixtures.ts';

/**
 * Dialogs in generated workflows: capture accepts every dialog a step opens and records it with
 * the step; Playwright dismisses a dialog no handler takes, which cancels a confirmed delete and
 * answers a prompt with nothing. The workflow answers each recorded dialog as capture did, once,
 * right before the call that opens it. (test/generate/e2e-rows.spec.ts runs such a flow.)
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
  const files = emitAll(model, assignNames(model, null), { histories: new Map([[input.sessionId, '{}']]) });
  return files.find((f) => f.file.startsWith('workflows/') && !f.file.endsWith('secrets.ts'))!.text;
}

test('a prompt is answered with its default text and an alert accepted, each right before the call that opened it', () => {
  const code = workflowOf(run([click([{ type: 'prompt', message: 'New name?' }, { type: 'alert', message: 'Renamed.' }])]));
  expect(code).toContain("// The next step opens a prompt (“New name?”): accepted, as when recorded.\n  page.once('dialog', (dialog) => dialog.accept(dialog.defaultValue()));");
  expect(code).toContain("// The next step opens an alert (“Renamed.”): accepted, as when recorded.\n  page.once('dialog', (dialog) => dialog.accept());\n  await itemsPage.clickRename();");
});

test('a step that opened no dialog gets no handler: a dialog the recording never saw is not answered for it', () => {
  const code = workflowOf(run([click(), click([{ type: 'confirm', message: 'Sure?' }]), click()]));
  expect(code.match(/page\.once\('dialog'/g)).toHaveLength(1);
  const handler = code.indexOf("page.once('dialog'");
  const calls = [...code.matchAll(/await itemsPage\.clickRename\(\);/g)].map((m) => m.index);
  expect(calls).toHaveLength(3);
  expect(calls[0]).toBeLessThan(handler);
  expect(calls[1]).toBeGreaterThan(handler);
});

test('a message of many lines is quoted on one line and cut; typing that opened a dialog answers it before the form is filled', () => {
  const long = `Delete these?\n${'Blue Kettle, '.repeat(20)}`;
  const code = workflowOf(run([
    { action: 'input', params: { text: 'Lamp' }, fingerprint: name, pre: state('/items'), post: state('/items'), locator: { code: "getByRole('textbox', { name: 'Name' })", matches: 1 }, dialogs: [{ type: 'alert', message: long }] },
    click(),
  ]));
  const comment = /\/\/ The next step opens an alert \(“([^”]*)”\)/.exec(code)?.[1];
  expect(comment).toMatch(/^Delete these\? Blue Kettle, Blue Kettle, .*…$/);
  expect(comment!.length).toBe(80);
  expect(code.indexOf("page.once('dialog'")).toBeLessThan(code.indexOf(".fillName('Lamp')"));
});
