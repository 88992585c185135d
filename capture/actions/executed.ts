import type { Page } from 'playwright';
import type { HistoryStep } from '../../core/schema/history.ts';
import type { ActionOutcome } from '../types.ts';

/**
 * What carrying out one call gives back. Its own module, so skills (which perform calls) and the
 * executor (which runs skills through the registry) do not import each other.
 */

/**
 * An ai-mode aria snapshot (without boxes) of a page, as the recorded post state of a step read it:
 * the next look at the same page, with nothing done in between, starts from it instead of taking
 * the same snapshot again.
 */
export interface PageRead {
  page: Page;
  snapshot: string;
}

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
  /** What the post state was read from, when it was read (not carried over from before). */
  postRead?: PageRead | null;
}
