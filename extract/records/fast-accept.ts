import { z } from 'zod';

/**
 * A quick "yes" for trace events, compiled from their zod schemas (events.ts stays the one
 * definition of the format). Running a schema copies every object it accepts; on a trace of
 * thousands of events that copying is most of what validation costs. `compileAccept(schema)`
 * answers true only for values the schema accepts and whose parsed output holds the same fields
 * as the value itself, so the caller can keep the value as it is. For anything it does not model
 * (checks such as `.int()`, strict or stripping objects, transforms, unions, ...) it answers false,
 * and the caller runs the schema, which then also words the error.
 */

export type Accept = (value: unknown) => boolean;

const kNever: Accept = () => false;

/** Objects the schema copies key by key; a key it would drop or refuse is not accepted here. */
function isPlainData(value: object): boolean {
  return Object.getPrototypeOf(value) === Object.prototype && !Object.hasOwn(value, '__proto__') && !Object.hasOwn(value, 'constructor');
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && isPlainData(value);
}

/** A looseObject: declared keys checked, other keys kept as they are (so output = input). */
function compileObject(schema: z.ZodObject): Accept | null {
  if (!(schema.def.catchall instanceof z.ZodUnknown)) return null;
  const fields: [string, Accept][] = [];
  for (const [key, field] of Object.entries(schema.shape)) {
    const accept = compile(field);
    if (!accept) return null;
    fields.push([key, accept]);
  }
  return (value) => {
    if (!isObject(value)) return false;
    for (const [key, accept] of fields) if (!accept(value[key])) return false;
    return true;
  };
}

/** A record of string keys (no key checks), every value checked. */
function compileRecord(schema: z.ZodRecord): Accept | null {
  const key = schema.keyType;
  if (!(key instanceof z.ZodString) || key.def.checks?.length || schema.def.mode === 'loose' || schema.def.partial) return null;
  const accept = compile(schema.valueType);
  if (!accept) return null;
  return (value) => {
    if (!isObject(value)) return false;
    for (const k in value) if (!accept(value[k])) return false;
    return true;
  };
}

/** Schemas of the zod build the caller uses (`import { z } from 'zod'`), read through its public accessors. */
function compile(schema: unknown): Accept | null {
  if (!(schema instanceof z.ZodType) || schema.def.checks?.length) return null;
  if (schema instanceof z.ZodUnknown) return () => true;
  if (schema instanceof z.ZodString) return (value) => typeof value === 'string';
  if (schema instanceof z.ZodNumber) return (value) => typeof value === 'number' && Number.isFinite(value);
  if (schema instanceof z.ZodBoolean) return (value) => typeof value === 'boolean';
  if (schema instanceof z.ZodLiteral) {
    const values = new Set<unknown>(schema.values);
    return (value) => values.has(value);
  }
  if (schema instanceof z.ZodEnum) {
    const values = new Set<unknown>(schema.options);
    return (value) => values.has(value);
  }
  if (schema instanceof z.ZodOptional) {
    const inner = compile(schema.unwrap());
    return inner && ((value) => value === undefined || inner(value));
  }
  if (schema instanceof z.ZodObject) return compileObject(schema);
  if (schema instanceof z.ZodRecord) return compileRecord(schema);
  return null;
}

/** The quick check for `schema`; one that never says yes when the schema uses something not modelled here. */
export function compileAccept(schema: z.ZodType): Accept {
  return compile(schema) ?? kNever;
}
