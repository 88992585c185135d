import { z } from 'zod';
import { Subtask, type SubtaskStatus } from '../../core/schema/history.ts';

/**
 * The subtask manager: the task split into a short list of atomic subtasks (what to achieve,
 * not how), worked through in order. The current one is shown in every step's prompt; a check
 * decides when it is complete (the next becomes current) and a revision replaces what is left
 * when it is not (split, reorder, replace). Replaced subtasks stay in the list, marked, so the
 * history and the report tell the whole story.
 */

/** Short on purpose: a long list is a plan of clicks, not of goals. */
export const kMaxSubtasks = 8;
/** Longest subtask text kept; a subtask is one sentence. */
const kSubtaskChars = 200;

export const PlanAnswer = z.strictObject({
  subtasks: z.array(z.string().min(1)).min(1).max(kMaxSubtasks).describe('the first split: atomic subtasks in order, each one sentence saying what to achieve'),
  reflection: z.string().describe('one or two sentences: is anything missing, redundant, out of order or not atomic?'),
  revised: z.array(z.string().min(1)).min(1).max(kMaxSubtasks).nullable().describe('the list after the reflection, or null to keep the first split'),
});
export type PlanAnswer = z.infer<typeof PlanAnswer>;

export const CheckAnswer = z.strictObject({
  complete: z.boolean().describe('true when the current subtask is achieved, judged from the recent steps and the current page'),
  reason: z.string().describe('one sentence of evidence'),
});
export type CheckAnswer = z.infer<typeof CheckAnswer>;

export const RevisionAnswer = z.strictObject({
  subtasks: z.array(z.string().min(1)).min(1).max(kMaxSubtasks).describe('the subtasks still to do, in order (split, reorder or replace the remaining ones)'),
  reason: z.string().describe('one sentence: what was learned that changes the plan'),
});
export type RevisionAnswer = z.infer<typeof RevisionAnswer>;

export { Subtask };

function clean(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > kSubtaskChars ? `${flat.slice(0, kSubtaskChars - 1)}…` : flat;
}

export class SubtaskList {
  items: Subtask[] = [];
  /** Revisions made after the first list (the reflection before acting does not count). */
  revisions = 0;

  static from(items: readonly Subtask[], revisions: number): SubtaskList {
    const list = new SubtaskList();
    list.items = items.map((item) => ({ ...item, steps: [...item.steps] }));
    list.revisions = revisions;
    return list;
  }

  get planned(): boolean {
    return this.items.length > 0;
  }

  current(): Subtask | null {
    return this.items.find((item) => item.status === 'current') ?? null;
  }

  /** The first list; the first subtask becomes current. */
  start(texts: readonly string[]): void {
    this.items = [];
    this.append(texts);
  }

  /** The current subtask is in progress in this step. */
  touch(step: number): void {
    const current = this.current();
    if (current && !current.steps.includes(step)) current.steps.push(step);
  }

  /** Steps the current subtask has been current for. */
  stepsOnCurrent(): number {
    return this.current()?.steps.length ?? 0;
  }

  /** The current subtask is done; the next one (if any) becomes current. Returns it. */
  complete(step: number): Subtask | null {
    const current = this.current();
    if (current) {
      current.status = 'done';
      current.doneAtStep = step;
    }
    const next = this.items.find((item) => item.status === 'pending') ?? null;
    if (next) next.status = 'current';
    return next;
  }

  /** Replaces every subtask not done with `texts`; the first becomes current. */
  revise(texts: readonly string[]): void {
    for (const item of this.items) if (item.status === 'current' || item.status === 'pending') item.status = 'replaced';
    this.revisions++;
    this.append(texts);
  }

  private append(texts: readonly string[]): void {
    const hasCurrent = this.current() !== null;
    const base = this.items.length;
    texts.slice(0, kMaxSubtasks).forEach((text, i) => {
      const status: SubtaskStatus = !hasCurrent && i === 0 ? 'current' : 'pending';
      this.items.push({ id: base + i + 1, text: clean(text), status, steps: [], doneAtStep: null });
    });
  }

  /** The list as the prompts show it (replaced subtasks left out: they only confuse the model). */
  render(): string {
    const shown = this.items.filter((item) => item.status !== 'replaced');
    return shown.map((item, i) => `${i + 1}. [${item.status === 'done' ? 'x' : item.status === 'current' ? '>' : ' '}] ${item.text}`).join('\n');
  }

  /** One line for the reasoning log. */
  describe(): string {
    return this.items.filter((item) => item.status !== 'replaced').map((item, i) => `${i + 1}. ${item.text}${item.status === 'done' ? ' (done)' : item.status === 'current' ? ' (current)' : ''}`).join('; ');
  }
}
