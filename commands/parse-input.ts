import type { z } from 'zod';
import { UsageError } from '../core/errors.ts';
import type { AnyCommandDef, CommandDef } from './command.ts';
import { inputFields, type Field } from './field-meta.ts';

/**
 * A command's input, from `bu`'s command line or a program, checked with the command's schema.
 * A value that does not fit is a UsageError worded as `bu` words it, naming the flag: the API's
 * caller and the terminal's user read the same sentence.
 */

function shown(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value) ?? String(value);
}

function valueAt(raw: Record<string, unknown>, path: readonly PropertyKey[]): unknown {
  let value: unknown = raw;
  for (const key of path) value = value && typeof value === 'object' ? (value as Record<PropertyKey, unknown>)[key] : undefined;
  return value;
}

/** The sentence for one schema issue of a field. */
export function fieldProblem(field: Field, issue: z.core.$ZodIssue, value: unknown): UsageError {
  const example = field.meta.example ? `e.g. ${field.meta.example}` : undefined;
  if (value === undefined) {
    return field.meta.positional ? new UsageError(`missing required argument '${field.name}'`) : new UsageError(`${field.name} is required`, example);
  }
  if (issue.code === 'invalid_value' && field.choices) {
    return new UsageError(`option '${field.spelling}' argument '${shown(value)}' is invalid. Allowed choices are ${field.choices.join(', ')}.`);
  }
  if (issue.code === 'invalid_union' && typeof value === 'object') {
    // A value given as an object (a plan) is judged by the object branch, where it says what is wrong.
    const inner = issue.errors.map((branch) => branch[0]).find((first) => first && !(first.code === 'invalid_type' && !first.path.length));
    if (inner) return new UsageError(`${field.name}: ${inner.path.join('.') || 'the value'}: ${inner.message}`, example);
  }
  // Inside an object (a plan, a size): where in it, as one value of a list is shown whole.
  if (issue.path.length > 1 && field.kind !== 'list' && field.kind !== 'pairs') return new UsageError(`${field.name}: ${issue.path.slice(1).join('.')}: ${issue.message}`, example);
  if (issue.code === 'too_small' && field.meta.positional && Array.isArray(value) && !value.length) return new UsageError(`missing required argument '${field.name}'`);
  return new UsageError(`${field.name} ${shown(value)}: ${issue.message}`, example);
}

/** Checks `raw` against the command's input: unknown keys are the caller's bug, bad values a UsageError. */
export function parseInput<I extends z.ZodObject>(def: CommandDef<I, z.ZodType> | AnyCommandDef, raw: Record<string, unknown>): z.output<I> {
  const fields = inputFields(def.input);
  for (const key of Object.keys(raw)) {
    if (!fields.some((field) => field.key === key)) throw new Error(`command ${def.name} has no input ${key}`);
  }
  const parsed = def.input.safeParse(raw);
  if (parsed.success) return parsed.data as z.output<I>;
  const issue = parsed.error.issues[0]!;
  const field = fields.find((f) => f.key === issue.path[0]);
  if (!field) throw new UsageError(`bu ${def.name}: ${issue.message}`);
  throw fieldProblem(field, issue, valueAt(raw, issue.path));
}
