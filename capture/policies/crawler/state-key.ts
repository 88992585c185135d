import { ariaHash } from '../../../core/aria/state.ts';

/**
 * The crawler's state identity: the observation's normalized aria hash, computed on a snapshot
 * without what a user types or ticks. A form with other values in it is the same place to
 * explore from; counting it as new would let every fill create states without end.
 */

/** Roles whose inline text (`- textbox "Email" [ref=e5]: ann@example.com`) is the value, not the label. */
const kValueLine = /^(\s*- (?:textbox|searchbox|spinbutton|slider|combobox)(?: "(?:[^"\\]|\\.)*")?(?: \[[^\]]*\])*)(?::.*)?$/;
/** Choice marks; the checked box or selected option is state of the form, not of the page. */
const kChoiceMarks = / \[(?:checked|selected)(?:=[^\]]*)?\]/g;

export function withoutFieldValues(snapshot: string): string {
  return snapshot
    .split('\n')
    .map((line) => {
      const value = kValueLine.exec(line);
      return (value ? value[1]! : line).replace(kChoiceMarks, '');
    })
    .join('\n');
}

/** Falls back to the observation's own hash when there is no snapshot to read (tests, empty pages). */
export function crawlerStateKey(observation: { ariaSnapshot: string; stateHash: string }): string {
  return observation.ariaSnapshot ? ariaHash(withoutFieldValues(observation.ariaSnapshot)) : observation.stateHash;
}
