/**
 * What changed during a step that an earlier step, or the page's own load, set going: a tip box
 * that cycles on an interval, a notification an earlier action raised closing on its timeout, a
 * clock. Such a change falls inside a step's window only by its timing, so it is no effect of
 * the step: recorded as one, replay and the generated specs wait for it after the same action and
 * fail, or assert a text that another run shows otherwise.
 *
 * The page is told apart by when each timer was set, as async context libraries do: an init script
 * wraps `setTimeout`, `setInterval` and `requestAnimationFrame`, and each callback runs under the
 * step that was current when it was scheduled (its "epoch"; the page's load is epoch 0). The DOM
 * changes a callback makes are read back as it returns (`takeRecords()`); those of a callback set
 * before the current step began are foreign. The handlers of an XMLHttpRequest run under the step
 * it was sent in: the answer to a request sent before the step (the page still loading when the
 * step acts) is foreign, a poll sent during the step is the step's. Everything else (event
 * handlers, promise reactions such as a `fetch` answer, message channels) counts as the current
 * step's: the rule only ever takes away from an effect what the past set going. The Node side
 * (core/volatile/foreign-changes.ts) takes what they changed away from an effect. The pieces are in
 * foreign-changes/: the epochs and the sorting of DOM changes, the timers' and requests' wrappers.
 */

import { Epochs } from './foreign-changes/epochs.ts';
import { wrapTimers } from './foreign-changes/timers.ts';
import { wrapXhr } from './foreign-changes/xhr.ts';

/** What foreign callbacks removed and added during the current step: texts and element roles. */
export interface ForeignSide {
  /** Text of each node removed (or replaced, or changed), trimmed. */
  texts: string[];
  /** Count of elements by role (explicit, else the tag's usual one) in the removed (or added) subtrees. */
  roles: Record<string, number>;
}

export interface ForeignChanges {
  removed: ForeignSide;
  added: ForeignSide;
}

/** What the other functions of this module call on the state the init script leaves in the page. */
interface EpochsInPage {
  mark(): string;
  begin(): string;
  take(): ForeignChanges;
}

/** Where the init script keeps its state: a property of `window` the app does not enumerate. */
const kKey = '__buEpochs';

function epochsInPage(): EpochsInPage | null {
  return (window as unknown as Record<string, EpochsInPage | undefined>)[kKey] ?? null;
}

/**
 * Runs in every document before the app's scripts (an init script): installs the wrappers and the
 * observer once.
 */
export function installForeignChanges(): void {
  if (epochsInPage()) return;
  const epochs = new Epochs();
  Object.defineProperty(window, kKey, { value: epochs, enumerable: false, configurable: true });
  epochs.observe();
  wrapTimers(epochs);
  wrapXhr(epochs);
}

/**
 * Where the document's changes stand (its id and a count of its DOM changes): two equal marks
 * mean nothing changed between them. Null in a page without the init script.
 */
export function foreignMark(): string | null {
  return epochsInPage()?.mark() ?? null;
}

/** Starts a step: its epoch begins, the foreign changes seen so far are forgotten; the mark at its start. */
export function beginStep(): string | null {
  return epochsInPage()?.begin() ?? null;
}

/** What foreign callbacks changed since the step began; null in a page without the init script. */
export function takeForeign(): ForeignChanges | null {
  return epochsInPage()?.take() ?? null;
}
