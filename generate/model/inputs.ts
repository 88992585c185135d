import { outline } from '../../core/aria/outline.ts';
import type { ActionRecord, AriaRecord, StepRecord } from '../../core/schema/extract.ts';
import type { History } from '../../core/schema/history.ts';
import type { StepEvidence } from './candidates.ts';
import { fromAriaNodes, parseAriaText, type RecordedSnapshot } from './snapshot.ts';

/** One extracted run as the page model reads it: the history plus the recorded snapshots. */
export interface RunInput {
  sessionId: string;
  /** The history file, relative to the output dir (used by the replay spec); null without one. */
  historyPath: string | null;
  history: History;
  snapshots: RecordedSnapshot[];
  /** What each element step's recorded DOM snapshot said (by step index); absent when not checked. */
  evidence?: Map<number, StepEvidence>;
  /**
   * The state the run ended in as outline lines (core/aria/outline.ts), when a recorded snapshot
   * shows it; absent or null when none does.
   */
  final?: string[] | null;
}

/**
 * The outline of the state the run ended in: the agent's aria-log snapshot whose hash is the
 * last successful step's post-state hash (the agent looked at the page once more after it).
 */
export function finalOutline(steps: StepRecord[], history: History): string[] | null {
  const last = history.steps.findLast((step) => step.ok);
  if (!last) return null;
  const log = steps.findLast((step) => step.ariaLog?.hash === last.post.ariaHash)?.ariaLog;
  return log ? outline(log.snapshot) : null;
}

/**
 * The recorded snapshots of an extracted run: the agent's aria log per step (url, title, text
 * snapshot) and Playwright's per-action aria snapshots (url from the action, no title).
 */
export function snapshotsFromExtract(steps: StepRecord[], aria: AriaRecord[], actions: ActionRecord[]): RecordedSnapshot[] {
  const out: RecordedSnapshot[] = [];
  for (const step of steps) {
    if (step.ariaLog) out.push({ url: step.ariaLog.url, title: step.ariaLog.title, nodes: parseAriaText(step.ariaLog.snapshot) });
  }
  const urlOf = new Map<string, string>();
  for (const action of actions) {
    if (action.aria.before && action.urlBefore) urlOf.set(action.aria.before, action.urlBefore);
    if (action.aria.action && action.urlBefore) urlOf.set(action.aria.action, action.urlBefore);
    if (action.aria.after && action.urlAfter) urlOf.set(action.aria.after, action.urlAfter);
  }
  for (const record of aria) {
    const url = urlOf.get(record.id);
    if (url) out.push({ url, title: null, nodes: fromAriaNodes(record.nodes) });
  }
  return out;
}
