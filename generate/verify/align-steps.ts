import type { ActionRecord } from '../../core/schema/extract.ts';
import type { History, HistoryStep } from '../../core/schema/history.ts';

/** Playwright method names an agent action runs as, to line history steps up with trace actions. */
const kMethods: Partial<Record<HistoryStep['action'], string[]>> = {
  click: ['click', 'dblclick', 'check', 'uncheck', 'setChecked', 'tap'],
  input: ['fill', 'type', 'pressSequentially', 'click'],
  select_dropdown: ['selectOption'],
  hover: ['hover'],
  upload_file: ['setInputFiles'],
  send_keys: ['press', 'pressSequentially', 'type'],
  // Checks of one element: Playwright traces them as `expect` on the recorded locator.
  expect_text: ['expect'],
  expect_value: ['expect'],
  expect_checked: ['expect'],
};

/**
 * Each history step that acted on an element, with the trace action that carried it out: actions
 * come in the order steps ran; a step takes the next action of a kind it runs as, the one whose
 * locator is the step's recorded one when there is such.
 */
export function alignSteps(history: History, actions: ActionRecord[]): Map<number, ActionRecord> {
  const out = new Map<number, ActionRecord>();
  const acted = actions.filter((a) => a.aria.action !== null || a.locator !== null);
  let cursor = 0;
  for (const step of history.steps) {
    const methods = kMethods[step.action];
    if (!step.fingerprint || !methods) continue;
    const rest = acted.slice(cursor);
    const sameCode = step.locator ? rest.findIndex((a) => methods.includes(a.method) && a.locator?.code === step.locator!.code) : -1;
    const next = sameCode >= 0 ? sameCode : rest.findIndex((a) => methods.includes(a.method));
    if (next < 0) continue;
    out.set(step.index, rest[next]!);
    cursor += next + 1;
  }
  return out;
}
