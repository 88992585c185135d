import type { Page } from 'playwright';
import type { HistoryStep } from '../../core/schema/history.ts';
import type { ActionOutcome } from '../types.ts';

/**
 * What carrying out one call gives back. Its own module, so skills (which perform calls) and the
 * executor (which runs skills through the registry) do not import each other.
 */

/**
 * An ai-mode aria snapshot of a page with its title and main heading, as an action's post state or
 * a look (perceive.ts) read them: the pre state of the action that follows with nothing done in
 * between (the next action of the same turn, or the first action of a policy that acts on its look
 * at once) is read from it instead of reading the same page again. The next turn's look takes its
 * own: the page may still change after the post state (a tree a script builds), and the element
 * refs the policy picks must be the latest.
 */
export interface PageRead {
  page: Page;
  snapshot: string;
  title: string;
  heading: string | null;
  /** Where the page's DOM changes stood when it was read (core/volatile/foreign-changes.ts); null or absent when unknown. */
  mark?: string | null;
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
