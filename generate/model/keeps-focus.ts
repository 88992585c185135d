import { keyChords } from '../../core/act/key-segments.ts';
import type { Fingerprint, HistoryStep } from '../../core/schema/history.ts';

/**
 * Where the keys of a `send_keys` went: it presses them wherever the focus is, and the history
 * records no element for it. The field typed into (or clicked into) before it still has the focus
 * when nothing between them could have moved it.
 */

/** Steps that read the page, wait, or move the mouse or the view: the focus stays where it was. */
const kLeavesFocus = new Set<HistoryStep['action']>([
  'expect_text', 'expect_url', 'expect_title', 'expect_value', 'expect_checked', 'expect_count',
  'wait', 'scroll', 'hover', 'extract', 'screenshot', 'write_file', 'read_file', 'replace_file',
]);

/** Keys whose purpose is to move the focus: to the next control, or out of a dialog or a menu. */
const kFocusKeys = new Set(['Tab', 'Escape']);

/** Roles that take typed text and keep the caret after a click. */
const kTextEntryRoles = new Set(['textbox', 'searchbox', 'combobox', 'spinbutton']);

/** Whether clicking the element leaves the focus in it, to type into. */
export function takesTyping(fp: Fingerprint): boolean {
  return (fp.role !== null && kTextEntryRoles.has(fp.role)) || fp.tag === 'textarea';
}

/** Whether the element that had the focus before `step` still has it after it (on the same page). */
export function keepsFocus(step: HistoryStep): boolean {
  if (step.pre.tab !== step.post.tab || step.pre.url !== step.post.url) return false;
  if (step.action === 'send_keys') return !keyChords(step.params.keys).some((chord) => kFocusKeys.has(chord.split('+').pop()!));
  return kLeavesFocus.has(step.action);
}
