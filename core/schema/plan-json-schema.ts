import { z } from 'zod';
import { ActionName } from './actions.ts';
import { kPlanFields, stepSchema } from './plan.ts';

/**
 * The JSON Schema of plan files, derived from the zod schema in plan.ts (the one that parses
 * plans): editors validate and complete a plan that names it in `$schema`. `npm run build`
 * writes it to core/schema/plan.schema.json, beside this file, which ships in the package.
 */

/** Where the package keeps the schema, relative to its root. */
export const kPlanSchemaFile = 'core/schema/plan.schema.json';

/** A step as editors see it: exactly one action key, its object the action's parameters. */
const PlanStepJson = z.union(
  ActionName.options.map((name) => z.strictObject({ [name]: stepSchema(name) }).meta({ title: name })),
);

const PlanJson = z
  .strictObject({ ...kPlanFields, steps: z.array(PlanStepJson).min(1).describe('the actions to carry out, in order') })
  .meta({ title: 'brow-use plan', description: 'A plan for `bu capture script --plan FILE`: the agent\'s actions with targets written by a person.' });

export function planJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(PlanJson, { target: 'draft-07', io: 'input' }) as Record<string, unknown>;
}

/** The schema file's text, as the package ships it. */
export function planJsonSchemaText(): string {
  return `${JSON.stringify(planJsonSchema(), null, 2)}\n`;
}
