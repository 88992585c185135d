import { expect, test } from '../support/fixtures.ts';
import { kMaxEffectLines } from '../../core/aria/outline.ts';
import type { History, HistoryStep, PageState } from '../../core/schema/history.ts';
import type { StepRecord } from '../../core/schema/extract.ts';
import { finalOutline } from '../../generate/model/inputs.ts';
import { flowOutcomes } from '../../generate/model/outcomes.ts';
import { fp, state } from '../../harness/generate/fixtures.ts';
import { withHeldOutcomes } from '../../generate/model/held-outcomes.ts';

/** A list app on one URL: a flow adds “Buy milk”, then shows the other view (a tab, a mode). */

function at(hash: string): PageState {
  return { ...state('/'), ariaHash: hash };
}

function click(name: string, pre: PageState, post: PageState, effect: HistoryStep['effect']): HistoryStep {
  return {
    action: 'click', params: { index: 1 }, index: 0, fingerprint: fp({ role: 'button', name }), locator: null, targetAfter: null,
    pre, post, durationMs: 10, ok: true, error: null, result: null, effect,
  } as HistoryStep;
}

const addRow = click('Add', at('h0'), at('h1'), { appeared: ['row "Buy milk"', 'status "Saved"'], gone: [] });
/** The other view replaces the whole table: more lines went away than an effect lists. */
const otherTable = Array.from({ length: kMaxEffectLines }, (_, i) => `cell "Old entry ${'abcdefghijklmnopqrstuvwxyz'[i]}"`);
const switchView = click('Archive', at('h1'), at('h2'), { appeared: ['heading "Archive"'], gone: otherTable });

test('what a flow added is asserted while the view it ends on shows it', () => {
  const outcomes = flowOutcomes([addRow], ['Buy milk']);
  expect(outcomes.map((o) => o.text)).toEqual(['Buy milk', 'Saved']);
});

test('a row added in one view and left behind by a switch to another is not asserted', () => {
  expect(flowOutcomes([addRow, switchView], ['Buy milk'])).toEqual([]);
});

test('a switch whose effect is unknown leaves nothing known to be shown; one that changed nothing keeps it', () => {
  const unknown = click('Archive', at('h1'), at('h2'), null);
  expect(flowOutcomes([addRow, unknown], ['Buy milk'])).toEqual([]);
  const nothing = click('Refresh', at('h1'), at('h1'), null);
  expect(flowOutcomes([addRow, nothing], ['Buy milk']).map((o) => o.text)).toEqual(['Buy milk', 'Saved']);
});

test('the last recorded state decides: what it does not show is not asserted as shown, what it shows not as gone', () => {
  const smallSwitch = click('Archive', at('h1'), at('h2'), { appeared: ['heading "Archive"'], gone: ['status "Saved"'] });
  // The effect missed the row (it was hidden, not removed); the final snapshot has no row.
  const final = ['heading "Archive"', 'button "Add"'];
  expect(flowOutcomes([addRow, smallSwitch], ['Buy milk']).map((o) => o.text)).toEqual(['Buy milk', 'Archive']);
  expect(flowOutcomes([addRow, smallSwitch], ['Buy milk'], final).map((o) => o.text)).toEqual(['Archive']);
  expect(flowOutcomes([addRow], ['Buy milk'], ['row "Buy milk"']).map((o) => o.text)).toEqual(['Buy milk']);
  const remove = click('Delete', at('h1'), at('h3'), { appeared: [], gone: ['row "Buy milk"'] });
  expect(flowOutcomes([remove], [], [])).toEqual([{ kind: 'gone', role: 'row', text: 'Buy milk', variable: null }]);
  expect(flowOutcomes([remove], [], ['row "Buy milk"'])).toEqual([]);
});

test('the last recorded state is the aria-log snapshot taken of the last step\'s post state, if any', () => {
  const history = { steps: [addRow, switchView] } as unknown as History;
  const logged = (hash: string, snapshot: string) => ({ ariaLog: { url: state('/').url, title: '', hash, snapshot } }) as unknown as StepRecord;
  expect(finalOutline([logged('h1', '- row "Buy milk"'), logged('h2', '- heading "Archive"')], history)).toEqual(['heading "Archive"']);
  expect(finalOutline([logged('h1', '- row "Buy milk"')], history)).toBeNull();
});

test('an outcome that does not hold in the flow\'s last recorded DOM snapshot is not asserted, and a diagnostic names it', () => {
  const flow = (sessionId: string) => ({
    sessionId, startUrl: 'http://127.0.0.1:1/', history: null, secrets: [], variables: {}, fresh: [], changes: [],
    steps: [{ kind: 'goto' as const, page: '/', url: './', after: { page: '/', url: './', title: 'Home', heading: null } }],
    outcomes: [
      { kind: 'shown' as const, role: 'row', text: 'Buy milk', variable: null },
      { kind: 'gone' as const, role: 'listitem', text: 'Walk dog', variable: null },
    ],
  });
  const model = {
    version: 1 as const, origin: 'http://127.0.0.1:1', baseUrl: 'http://127.0.0.1:1/', testIdAttribute: 'data-testid', sessions: ['a', 'b'],
    pages: [], edges: [], flows: [flow('a'), flow('b')], diagnostics: [], locatorCheck: { found: 0, failed: 0, unchecked: 0, positional: 0 },
  };
  const checked = withHeldOutcomes(model, new Map([['a', [false, true]]]));
  expect(checked.flows[0]!.outcomes.map((o) => o.text)).toEqual(['Walk dog']);
  // No verdicts for b (no final snapshot): its outcomes stay.
  expect(checked.flows[1]!.outcomes).toHaveLength(2);
  expect(checked.diagnostics).toEqual([{ page: '/', element: null, message: 'a: “Buy milk” (row) is not shown in the flow\'s last recorded DOM snapshot: not asserted' }]);
});

test('a message\'s link the page already showed elsewhere is not asserted: the menu\'s copy would pass whatever the flow did', () => {
  const deleted = click('Delete', at('h1'), at('h2'), { appeared: ['link "SQL command"', 'status "Item deleted"'], gone: [] });
  const final = ['navigation', 'link "SQL command"', 'link "Select data"', 'status "Item deleted"', 'link "SQL command"'];
  expect(flowOutcomes([deleted], [], final).map((o) => `${o.kind} ${o.role} ${o.text}`)).toEqual(['shown status Item deleted']);
});

test('a grid row without a name of its own is gone as its cells are: each cell no longer shown anywhere', () => {
  const deleted = click('Delete', at('h1'), at('h2'), { appeared: [], gone: ['row', 'cell "Bean"', 'cell "south"', 'cell "weekly"', 'checkbox'] });
  // Another row still shows "weekly": that cell is not gone from the page.
  const final = ['table', 'row', 'cell "Carrot"', 'cell "north"', 'cell "weekly"'];
  expect(flowOutcomes([deleted], [], final).map((o) => `${o.kind} ${o.role} ${o.text}`)).toEqual(['gone cell Bean', 'gone cell south']);
});
