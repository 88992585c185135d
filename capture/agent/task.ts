import { z } from 'zod';

/** What the agent is asked to do, per capture mode. */

export const ResultFormat = z.enum(['markdown', 'csv', 'json', 'txt']);
export type ResultFormat = z.infer<typeof ResultFormat>;

export const AgentTask = z.discriminatedUnion('kind', [
  /** Autonomous exploration: cover the app's pages and features. */
  z.strictObject({ kind: z.literal('explore') }),
  /** Explore toward a stated intent. */
  z.strictObject({ kind: z.literal('guided'), intent: z.string() }),
  /** Carry out an instruction; the `done` text is the result in `format`. */
  z.strictObject({ kind: z.literal('run'), instruction: z.string(), format: ResultFormat, grounding: z.string().nullable() }),
  /** Phase one runs `run`, phase two answers `investigate` about it, in one session. */
  z.strictObject({ kind: z.literal('investigate'), run: z.string(), investigate: z.string() }),
]);
export type AgentTask = z.infer<typeof AgentTask>;

/** The task text shown to the model. `phase` matters for investigate only. */
export function taskText(task: AgentTask, phase: 0 | 1): string {
  switch (task.kind) {
    case 'explore':
      return 'Explore this web app: visit its distinct pages and try its main features (menus, forms, filters, dialogs) without destructive actions (no deleting, no paying, no sending messages to real people). Finish with done when new pages stop appearing, summarising the pages and features found.';
    case 'guided':
      return `Explore this web app toward this intent: ${task.intent}\nVisit the pages and use the features that serve it. Finish with done summarising what you found and did for the intent.`;
    case 'run':
      return `${task.instruction}\n\nThe done text is the result, written as ${formatRule(task.format)}${task.grounding ? `\n\nKnown pages and links from an earlier exploration of this app:\n${task.grounding}` : ''}`;
    case 'investigate':
      return phase === 0
        ? `Phase 1 of 2. Carry out: ${task.run}\nFinish this phase with done describing what happened.`
        : `Phase 2 of 2. You carried out: ${task.run}\nNow investigate: ${task.investigate}\nUse the browser as needed. Finish with done giving the answer and the evidence.`;
  }
}

/** The whole task as the subtask plan sees it (both phases of an investigation). */
export function planningText(task: AgentTask): string {
  return task.kind === 'investigate' ? `First carry out: ${task.run}\nThen investigate: ${task.investigate}` : taskText(task, 0);
}

export function formatRule(format: ResultFormat): string {
  switch (format) {
    case 'markdown':
      return 'Markdown (a table or a list for several records).';
    case 'csv':
      return 'CSV: a header row, then one row per record, comma-separated, quotes around fields that contain commas.';
    case 'json':
      return 'JSON: an array of objects, one per record (or one object for a single answer), and nothing else.';
    case 'txt':
      return 'plain text, one record per line.';
  }
}
