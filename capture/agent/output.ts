import { z } from 'zod';
import { actionCallFromModel, modelCallables } from '../actions/registry.ts';
import type { ActionCall } from '../types.ts';

/**
 * What the model answers each step, in two shapes: the wire schema the server is asked to
 * enforce (strict structured output: every field required, optional ones nullable), and the
 * looser schema the answer is validated with, so an unknown action or a bad index becomes a
 * recorded error fed back to the model instead of a rejected answer.
 */

/** Actions per step: enough for "fill two fields and submit", few enough that a page change rarely strands them. */
export const kMaxActionsPerStep = 4;

/**
 * Strict-mode form of params: `.optional()` fields become required and nullable, also inside
 * arrays of objects (a skill's list of fields). Checks stay with the validation schema.
 */
function wireType(field: z.ZodType): z.ZodType {
  if (field instanceof z.ZodOptional) {
    const inner = field.unwrap() as z.ZodType;
    return inner instanceof z.ZodNullable ? wireType(inner.unwrap() as z.ZodType).nullable() : wireType(inner).nullable();
  }
  if (field instanceof z.ZodObject) return wireParams(field);
  if (field instanceof z.ZodArray) return z.array(wireType(field.element as z.ZodType));
  return field;
}

function wireParams(params: z.ZodObject): z.ZodObject {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, field] of Object.entries(params.shape as Record<string, z.ZodType>)) shape[key] = wireType(field);
  return z.strictObject(shape);
}

function wireAction(): z.ZodType {
  const options = modelCallables().map((def) => z.strictObject({ [def.name]: wireParams(def.params) }).describe(def.description));
  return z.union(options as unknown as [z.ZodObject, z.ZodObject, ...z.ZodObject[]]);
}

const kOutputFields = {
  thinking: z.string().nullable().describe('short reasoning about the state and the next move'),
  evaluation_previous_goal: z.string().describe('"Success", "Failure" or "Unknown", then one sentence on the previous goal'),
  memory: z.string().describe('what to remember across steps: progress, facts found, what is left'),
  next_goal: z.string().describe('the immediate goal of this step\'s actions'),
};

/** Reading a page listed in parts: the next part, or stop reading and act on what was read. */
export const ObserveMove = z.enum(['next_chunk', 'done_observing']);
export type ObserveMove = z.infer<typeof ObserveMove>;

export interface WireOptions {
  /** The run works through subtasks: the model says when its actions should finish the current one. */
  subtasks: boolean;
}

/**
 * The schema the server enforces. Constant within a run (a provider caches it with the prompt's
 * prefix), and sent bare: the fields and actions are documented once, in the system prompt.
 */
export function agentWireSchema(options: WireOptions = { subtasks: false }): z.ZodType {
  return z.strictObject({
    ...kOutputFields,
    observe: ObserveMove.nullable(),
    ...(options.subtasks ? { subtask_done: z.boolean().nullable() } : {}),
    action: z.array(wireAction()).max(kMaxActionsPerStep),
  });
}

/** Validation: the frame must be right; each action is checked on its own afterwards. */
export const AgentOutput = z.object({
  thinking: z.string().nullable().optional().transform((value) => value ?? null),
  evaluation_previous_goal: z.string(),
  memory: z.string(),
  next_goal: z.string(),
  observe: ObserveMove.nullable().optional().transform((value) => value ?? null),
  subtask_done: z.boolean().nullable().optional().transform((value) => value ?? null),
  action: z.array(z.record(z.string(), z.unknown())),
}).refine((out) => out.action.length > 0 || out.observe !== null, { message: 'action: give at least one action (or, while reading a page in parts, an observe move)', path: ['action'] });
export type AgentOutput = z.infer<typeof AgentOutput>;

/** The finish check's verdict on a `done`. */
export const FinishVerdict = z.strictObject({
  answers_task: z.boolean().describe('true when the final text fully answers the task'),
  reason: z.string().describe('one sentence: what is missing or why it is complete'),
});
export type FinishVerdict = z.infer<typeof FinishVerdict>;

/** Drops `null` params (the wire form of "not given") so the recorded schema sees them as absent. */
function withoutNulls(value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([name, params]) => [
      name,
      params && typeof params === 'object' && !Array.isArray(params)
        ? Object.fromEntries(Object.entries(params).filter(([, v]) => v !== null))
        : params,
    ]),
  );
}

export type ParsedAction = { ok: true; call: ActionCall } | { ok: false; error: string; raw: string };

/** Each model action checked against the registry and the current element list. */
export function parseActions(raw: Record<string, unknown>[], elementCount: number): ParsedAction[] {
  return raw.slice(0, kMaxActionsPerStep).map((item) => {
    const text = JSON.stringify(item);
    try {
      const call = actionCallFromModel(withoutNulls(item));
      if (call.index !== undefined && (call.index < 1 || call.index > elementCount)) {
        return { ok: false, error: `${call.action}: index ${call.index} is not in the element list (1..${elementCount})`, raw: text };
      }
      return { ok: true, call };
    } catch (err) {
      const name = Object.keys(item)[0] ?? '(none)';
      const known = modelCallables().some((def) => def.name === name);
      const reason = known ? (err as Error).message : `unknown action "${name}"`;
      return { ok: false, error: `${reason}`, raw: text };
    }
  });
}

/** The model judged its previous goal failed. */
export function judgedFailure(evaluation: string): boolean {
  return /^\W*(fail|failure|failed)\b/i.test(evaluation.trim());
}
