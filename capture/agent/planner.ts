import { ModelUnavailableError } from '../../core/llm/client.ts';
import type { ReasoningNote } from '../types.ts';
import type { ModelAsker } from './asker.ts';
import { planMessages, revisionMessages, subtaskCheckMessages, type SubtaskContext } from './messages.ts';
import { CheckAnswer, PlanAnswer, RevisionAnswer, SubtaskList } from './subtasks.ts';

/**
 * The model's side of the subtask manager: the split before acting (with one reflection), the
 * subtask check, and the revision after a check that found the current subtask not complete.
 * Every change of the list is a `plan` note in the reasoning log. A model that gives no usable
 * answer leaves the list as it was: subtasks guide the agent, they never stop it.
 */

/** A subtask current for this many steps is checked even when the model did not say it is done. */
export const kStepsBeforeCheck = 5;

export type CheckOutcome = 'complete' | 'revised' | 'unchanged';

export class Planner {
  constructor(
    private readonly asker: ModelAsker,
    readonly list: SubtaskList,
  ) {}

  /** Splits the task into subtasks; false when the model gave no usable list. */
  async plan(input: { task: string; page: string }, signal: AbortSignal, notes: ReasoningNote[]): Promise<boolean> {
    const answer = await this.quiet(() => this.asker.ask('agent.plan', planMessages(input), signal, PlanAnswer));
    if (!answer?.ok) {
      notes.push({ kind: 'error', text: `no subtask plan: ${answer ? answer.error : 'the model did not answer'}; working on the task as a whole` });
      return false;
    }
    const { subtasks, reflection, revised } = answer.value;
    this.list.start(subtasks);
    notes.push({ kind: 'plan', text: `subtasks: ${this.list.describe()}` });
    if (revised) {
      this.list.start(revised);
      notes.push({ kind: 'plan', text: `reflection: ${reflection} Revised subtasks: ${this.list.describe()}` });
    } else notes.push({ kind: 'plan', text: `reflection: ${reflection} (list kept)` });
    return true;
  }

  /** Whether a check is due: the model said its last actions finish the subtask, or it has taken long. */
  checkDue(claimedDone: boolean): boolean {
    return this.list.current() !== null && (claimedDone || this.list.stepsOnCurrent() >= kStepsBeforeCheck);
  }

  /** The subtask check, and on "not complete" a revision. */
  async check(context: Omit<SubtaskContext, 'subtasks' | 'current'>, step: number, signal: AbortSignal, notes: ReasoningNote[]): Promise<CheckOutcome> {
    const current = this.list.current();
    if (!current) return 'unchanged';
    const full: SubtaskContext = { ...context, subtasks: this.list.render(), current: current.text };
    const verdict = await this.quiet(() => this.asker.ask('agent.subtask-check', subtaskCheckMessages(full), signal, CheckAnswer));
    if (!verdict?.ok) {
      notes.push({ kind: 'error', text: `subtask check gave no verdict: ${verdict ? verdict.error : 'the model did not answer'}` });
      return 'unchanged';
    }
    if (verdict.value.complete) {
      const next = this.list.complete(step);
      notes.push({ kind: 'plan', text: `subtask ${current.id} complete (${verdict.value.reason})${next ? `; next: ${next.text}` : '; all subtasks complete'}` });
      return 'complete';
    }
    notes.push({ kind: 'plan', text: `subtask ${current.id} not complete: ${verdict.value.reason}` });
    const revision = await this.quiet(() => this.asker.ask('agent.subtask-revise', revisionMessages({ ...full, why: verdict.value.reason }), signal, RevisionAnswer));
    if (!revision?.ok) {
      notes.push({ kind: 'error', text: `no revision of the subtasks: ${revision ? revision.error : 'the model did not answer'}; keeping them` });
      return 'unchanged';
    }
    this.list.revise(revision.value.subtasks);
    notes.push({ kind: 'plan', text: `revised subtasks (${revision.value.reason}): ${this.list.describe()}` });
    return 'revised';
  }

  /** A model that stopped answering is the step's business, not the plan's: null, and the step finds out. */
  private async quiet<T>(call: () => Promise<T>): Promise<T | null> {
    try {
      return await call();
    } catch (err) {
      if (err instanceof ModelUnavailableError) return null;
      throw err;
    }
  }
}
