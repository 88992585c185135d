import type { HistoryStep } from '../../core/schema/history.ts';
import type { ActionOutcome } from '../types.ts';

/**
 * What carrying out one call gives back. Its own module, so skills (which perform calls) and the
 * executor (which runs skills through the registry) do not import each other.
 */

/** A history entry before the recorder numbers it. */
export type RecordedStep = Omit<HistoryStep, 'index'>;

export interface Executed {
  outcome: ActionOutcome;
  /** The history entry, or null when the call was malformed (nothing ran). */
  record: RecordedStep | null;
  /** The active tab or its URL differs after the action. */
  pageChanged: boolean;
  /** How progress lines name the target. */
  label: string | null;
}
