import { expect, test } from '../support/fixtures.ts';
import type { HistoryStep } from '../../core/schema/history.ts';
import { emitAll } from '../../generate/emit/emit.ts';
import { buildPageModel } from '../../generate/model/build.ts';
import type { RunInput } from '../../generate/model/inputs.ts';
import { assignNames } from '../../generate/names/assign.ts';
import { fp, history, state } from '../../harness/generate/fixtures.ts';

/**
 * A page that answers typing with its scripts (search suggestions, matches) decides what the next
 * step does by that answer: a wiki's search box pressed Enter on before its suggestions module
 * loaded searches the full text instead of opening the page. Capture waited for the answer; the
 * generated workflow waits for what the typing brought up, as recorded, before the next step.
 */

const search = fp({ role: 'searchbox', name: 'Search', tag: 'input', type: 'search', label: null });
const go = fp({ role: 'button', name: 'Go', tag: 'button' });

function run(text: string, appeared: string[], after: 'press' | 'click' | 'end', secrets: string[] = []): RunInput {
  const typed: Partial<HistoryStep> & Pick<HistoryStep, 'action' | 'params'> = {
    action: 'input', params: { text }, fingerprint: search, pre: state('/items'), post: state('/items'),
    locator: { code: "getByRole('searchbox', { name: 'Search' })", matches: 1 }, effect: { appeared, gone: ['button "Search"'] },
  };
  const next: (Partial<HistoryStep> & Pick<HistoryStep, 'action' | 'params'>)[] = after === 'press'
    ? [{ action: 'send_keys', params: { keys: 'Enter' }, pre: state('/items'), post: state('/items/17') }]
    : after === 'click' ? [{ action: 'click', params: {}, fingerprint: go, pre: state('/items'), post: state('/items/17'), locator: { code: "getByRole('button', { name: 'Go' })", matches: 1 } }] : [];
  const h = history('script-1700000000042', [
    { action: 'navigate', params: { url: 'http://127.0.0.1:4100/items' }, pre: state('/'), post: state('/items') },
    typed, ...next,
  ], { secrets });
  return { sessionId: h.sessionId, historyPath: `history/${h.sessionId}.json`, history: h, snapshots: [] };
}

function workflowOf(input: RunInput): string {
  const model = buildPageModel([input]);
  const files = emitAll(model, assignNames(model, null), { histories: new Map([[input.sessionId, { text: '{}', steps: input.history.steps }]]) });
  return files.find((f) => f.file.startsWith('workflows/') && !f.file.endsWith('secrets.ts'))!.text;
}

const kWait = "await expect(page.getByRole('link', { name: 'Blue Lamp', exact: true }).first()).toBeVisible();";

test('the suggestion typing brought up is waited for before the key press and before the click', () => {
  for (const after of ['press', 'click'] as const) {
    const code = workflowOf(run('Blue Lamp', ['link "Blue Lamp"', 'link "Blue Lamp shade"'], after));
    const fill = code.indexOf(".fillSearch('Blue Lamp')");
    const wait = code.indexOf(kWait);
    const next = code.indexOf(after === 'press' ? '.pressEnter()' : '.clickGo()');
    expect(fill, code).toBeGreaterThan(0);
    expect(wait, code).toBeGreaterThan(fill);
    expect(next, code).toBeGreaterThan(wait);
  }
});

test('a suggestion that shows more than the typed text is waited for by its whole name', () => {
  const code = workflowOf(run('lamp', ['option "Blue Lamp"'], 'press'));
  expect(code).toContain("await expect(page.getByRole('option', { name: 'Blue Lamp', exact: true }).first()).toBeVisible();");
});

test('content not named by its text (a list item, a status) is waited for by its text', () => {
  expect(workflowOf(run('lamp', ['listitem "Blue Lamp"'], 'press'))).toContain("await expect(page.getByText('Blue Lamp', { exact: true }).first()).toBeVisible();");
  expect(workflowOf(run('lamp', ['status "3 matches for lamp"'], 'click'))).toContain("await expect(page.getByText('3 matches for lamp', { exact: true }).first()).toBeVisible();");
});

test('nothing is waited for when the typing brought up nothing like it, the value is a secret, or no step follows', () => {
  expect(workflowOf(run('Blue Lamp', ['button "Clear"', 'text "3 results"'], 'press'))).not.toContain('toBeVisible');
  expect(workflowOf(run('{{secret:code}}', ['link "hunter2"'], 'press', ['code']))).not.toContain('toBeVisible');
  expect(workflowOf(run('Blue Lamp', ['link "Blue Lamp"'], 'end'))).not.toContain('toBeVisible');
});

test('a suggestion whose recorded name holds the outline\'s stand-in for a figure or a date is not waited for by that name', () => {
  // Verdaccio's search lists each package with its version: the outline keeps `#` in its place.
  for (const appeared of [['option "garden-planner Plan beds, rows and sowing dates #"'], ['option "garden diary <date>"']]) {
    const code = workflowOf(run('garden', appeared, 'press'));
    expect(code, appeared[0]).not.toContain('toBeVisible()');
    expect(code).toContain(".fillSearch('garden')");
  }
});
