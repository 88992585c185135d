import type { Page } from 'playwright';
import type { HistoryStep } from '../../core/schema/history.ts';
import type { ActionOutcome } from '../types.ts';

/**
 * What carrying out one call gives back. Its own module, so skills (which perform calls) and the
 * executor (which runs skills through the registry) do not import each other.
 */

/**
 * An ai-mode aria snapshot of a page, as an action's post state was read from it: the pre state of
 * the next action of the same turn (nothing done in between) starts from it instead of taking the
 * same snapshot again. The next turn's look takes its own: the page may still change after the
 * post state (a tree a script builds), and the element refs the policy picks must be the latest.
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
