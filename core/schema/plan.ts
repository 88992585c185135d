import { z } from 'zod';
import { ActionName, ActionParams, isElementAction, kMatchingActions, kOptionalElementActions } from './actions.ts';

/**
 * Plan files for `bu capture script`: the agent's vocabulary with targets written by a person.
 * A target is a selector string `page.locator()` accepts, locator code (`getByRole('button', { name:
 * 'Save' })`, read by core/locator/code.ts), or `{ role, name, exact?, nth? }`.
 */

export const kPlanVersion = 1;

export const RoleTarget = z.strictObject({
  role: z.string().min(1),
  name: z.string().optional(),
  exact: z.boolean().optional(),
  nth: z.number().int().min(0).optional(),
});
export const Target = z
  .union([z.string().min(1), RoleTarget])
  .describe('the element: a selector page.locator() accepts (css=, text=, role=...), locator code (getByRole(...)), or { role, name, exact?, nth? }');
export type Target = z.infer<typeof Target>;

export interface PlanStep {
  action: ActionName;
  params: Record<string, unknown>;
  target: Target | null;
}

/** The object under a step's action key: the action's parameters, with a target when it acts on an element. */
export function stepSchema(name: ActionName): z.ZodObject {
  const base = ActionParams[name];
  if (isElementAction(name)) return base.extend({ target: Target });
  if (kMatchingActions.has(name)) return base.extend({ target: Target.describe('the elements to count: a selector, locator code or { role, name, exact? }; it may match none or many') });
  if (kOptionalElementActions.has(name)) return base.extend({ target: Target.optional() });
  return base;
}

/** A plan step is an object with exactly one key, the action name. */
const RawPlanStep = z
  .record(z.string(), z.unknown())
  .check((ctx) => {
    const keys = Object.keys(ctx.value);
    if (keys.length !== 1) {
      ctx.issues.push({ code: 'custom', input: ctx.value, message: `a step has exactly one action key, got ${keys.length ? keys.join(', ') : 'none'}` });
      return;
    }
    const name = ActionName.safeParse(keys[0]);
    if (!name.success) {
      ctx.issues.push({ code: 'custom', input: ctx.value, message: `unknown action "${keys[0]}" (known: ${ActionName.options.join(', ')})` });
      return;
    }
    const parsed = stepSchema(name.data).safeParse(ctx.value[keys[0]!]);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        ctx.issues.push({ ...issue, path: [keys[0]!, ...issue.path] } as never);
      }
    }
  })
  .transform((raw, ctx): PlanStep => {
    // Some issues (unrecognized keys) do not stop zod before this transform: parse safely again.
    const action = ActionName.safeParse(Object.keys(raw)[0]);
    const step = action.success ? stepSchema(action.data).safeParse(raw[action.data]) : null;
    if (!action.success || !step?.success) {
      if (!ctx.issues.length) ctx.issues.push({ code: 'custom', input: raw, message: 'not a valid plan step' });
      return z.NEVER;
    }
    const { target, ...params } = step.data as Record<string, unknown>;
    return { action: action.data, params, target: (target as Target | undefined) ?? null };
  });

/** The fields around the steps, shared with the JSON Schema (core/schema/plan-json-schema.ts). */
export const kPlanFields = {
  $schema: z.string().optional().describe('where editors find this schema, e.g. ./node_modules/brow-use/schema/plan.schema.json'),
  version: z.literal(kPlanVersion),
  url: z.string().min(1).optional().describe('start address (else --url, else baseURL of brow-use.config.ts)'),
};

export const Plan = z.strictObject({
  ...kPlanFields,
  steps: z.array(RawPlanStep).min(1),
});
export type Plan = z.infer<typeof Plan>;
