import type { z } from 'zod';

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

type Def = z.core.$ZodTypeDef;
type Schema = z.core.$ZodType;

const kNever: Accept = () => false;

/** Objects the schema copies key by key; a key it would drop or refuse is not accepted here. */
function isPlainData(value: object): boolean {
  return Object.getPrototypeOf(value) === Object.prototype && !Object.hasOwn(value, '__proto__') && !Object.hasOwn(value, 'constructor');
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && isPlainData(value);
}

/** A looseObject: declared keys checked, other keys kept as they are (so output = input). */
function compileObject(def: z.core.$ZodObjectDef): Accept | null {
  if (def.catchall?._zod.def.type !== 'unknown') return null;
  const fields: [string, Accept][] = [];
  for (const [key, schema] of Object.entries(def.shape)) {
    const accept = compile(schema);
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
function compileRecord(def: z.core.$ZodRecordDef): Accept | null {
  const key = def.keyType._zod.def;
  if (key.type !== 'string' || key.checks?.length || def.mode === 'loose' || def.partial) return null;
  const accept = compile(def.valueType);
  if (!accept) return null;
  return (value) => {
    if (!isObject(value)) return false;
    for (const k in value) if (!accept(value[k])) return false;
    return true;
  };
}

function compileDef(def: Def): Accept | null {
  if (def.checks?.length) return null;
  switch (def.type) {
    case 'unknown': return () => true;
    case 'string': return (value) => typeof value === 'string';
    case 'number': return (value) => typeof value === 'number' && Number.isFinite(value);
    case 'boolean': return (value) => typeof value === 'boolean';
    case 'literal': {
      const values = new Set<unknown>((def as z.core.$ZodLiteralDef<z.core.util.Literal>).values);
      return (value) => values.has(value);
    }
    case 'enum': {
      const values = new Set<unknown>(Object.values((def as z.core.$ZodEnumDef).entries));
      return (value) => values.has(value);
    }
    case 'optional': {
      const inner = compile((def as z.core.$ZodOptionalDef).innerType);
      return inner && ((value) => value === undefined || inner(value));
    }
    case 'object': return compileObject(def as z.core.$ZodObjectDef);
    case 'record': return compileRecord(def as z.core.$ZodRecordDef);
    default: return null;
  }
}

function compile(schema: Schema): Accept | null {
  return compileDef(schema._zod.def);
}

/** The quick check for `schema`; one that never says yes when the schema uses something not modelled here. */
export function compileAccept(schema: Schema): Accept {
  return compile(schema) ?? kNever;
}
