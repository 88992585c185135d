import { z } from 'zod';

/** Sidecar logs written by capture, one JSON object per line. */

/** `aria-log/<id>.jsonl`: the page as the agent saw it at each step. */
export const AriaLogLine = z.strictObject({
  step: z.number().int().min(0),
  ts: z.iso.datetime(),
  url: z.string(),
  title: z.string(),
  tab: z.number().int().min(0),
  /** Playwright's ai-mode aria snapshot (with refs), secrets redacted. */
  snapshot: z.string(),
  /** Hash of the normalized snapshot: the state identity. */
  hash: z.string(),
});
export type AriaLogLine = z.infer<typeof AriaLogLine>;

export const ReasoningKind = z.enum(['plan', 'decision', 'observation', 'error']);

/** `reasoning/<id>.jsonl`: one line per non-obvious decision. */
export const ReasoningLine = z.strictObject({
  step: z.number().int().min(0),
  ts: z.iso.datetime(),
  kind: ReasoningKind,
  text: z.string(),
  /** The agent's next goal at this step, when it stated one. */
  nextGoal: z.string().nullable().optional(),
});
export type ReasoningLine = z.infer<typeof ReasoningLine>;

/** `llm/<id>.jsonl`: every model call. */
export const LlmCallLine = z.strictObject({
  ts: z.iso.datetime(),
  purpose: z.string(),
  model: z.string(),
  promptHash: z.string(),
  tokensIn: z.number().int().min(0),
  tokensOut: z.number().int().min(0),
  cost: z.number().min(0),
  latencyMs: z.number().min(0),
  response: z.unknown(),
  error: z.string().nullable(),
});
export type LlmCallLine = z.infer<typeof LlmCallLine>;
