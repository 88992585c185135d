import { z } from 'zod';

/**
 * What `bu` needs to know of a command's input field beyond its schema: its description, its flag
 * when not the key's kebab case, whether it is a positional argument, the environment variable
 * that sets it. Type, choices, default, optional and repeatable come from the schema itself, so
 * the command line, the API and the MCP tools cannot disagree on them.
 *
 *   url: z.string().optional().register(cliField, { description: 'start address' }),
 */

export interface FieldMeta {
  description: string;
  /** The flag's name when it is not the key's kebab case: `secrets` is given one `--secret` at a time. */
  flag?: string;
  /** The value's name in help (`<url>`); default from its kind: `<n>`, `<name=value>`, `<WxH>`, else the flag's name. */
  value?: string;
  /** A positional argument instead of a flag; an array is the last, variadic one. */
  positional?: boolean;
  /** An environment variable that sets it when the command line does not (before the config file). */
  env?: string;
  /** An older name of the flag, still accepted with a one-line notice on stderr. */
  deprecatedFlag?: string;
  /** How a value is written, said after a bad one (`e.g. --fill email=ann@example.com`). */
  example?: string;
}

export const cliField = z.registry<FieldMeta>();

/**
 * How a field is written on a command line: `text` (a string, an enum, a plan path), `number`,
 * `boolean` (a switch), `list` (repeatable, or the variadic positional), `pairs` (repeatable
 * NAME=value into a record), `size` (WIDTHxHEIGHT into { width, height }).
 */
export type FieldKind = 'text' | 'number' | 'boolean' | 'list' | 'pairs' | 'size';

export interface Field {
  key: string;
  meta: FieldMeta;
  kind: FieldKind;
  /** Allowed values (an enum, or a list of one). */
  choices: readonly string[] | null;
  /** May be left out (optional, nullable or with a default). */
  optional: boolean;
  defaultValue: unknown;
  /** `--base-url`, `--no-finish-check` (a switch on by default), or the positional's name. */
  name: string;
  /** In commander's syntax: `--base-url <url>`, `--headed`, `<sessions...>`, `[dir]`. */
  spelling: string;
}

function kebab(key: string): string {
  return key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

function unwrap(schema: z.ZodType): { inner: z.ZodType; optional: boolean; defaultValue: unknown } {
  let inner = schema;
  let optional = false;
  let defaultValue: unknown;
  for (;;) {
    if (inner instanceof z.ZodOptional || inner instanceof z.ZodNullable) {
      optional = true;
      inner = inner.unwrap() as z.ZodType;
    } else if (inner instanceof z.ZodDefault) {
      optional = true;
      defaultValue = inner.def.defaultValue;
      inner = inner.unwrap() as z.ZodType;
    } else return { inner, optional, defaultValue };
  }
}

function kindOf(key: string, inner: z.ZodType): { kind: FieldKind; choices: readonly string[] | null } {
  if (inner instanceof z.ZodBoolean) return { kind: 'boolean', choices: null };
  if (inner instanceof z.ZodNumber) return { kind: 'number', choices: null };
  if (inner instanceof z.ZodString) return { kind: 'text', choices: null };
  if (inner instanceof z.ZodEnum) return { kind: 'text', choices: inner.options.map(String) };
  if (inner instanceof z.ZodRecord) return { kind: 'pairs', choices: null };
  if (inner instanceof z.ZodArray) {
    const element = unwrap(inner.element as z.ZodType).inner;
    return { kind: 'list', choices: element instanceof z.ZodEnum ? element.options.map(String) : null };
  }
  if (inner instanceof z.ZodObject && Object.keys(inner.shape).sort().join() === 'height,width') return { kind: 'size', choices: null };
  // A plan object or a path to one: the command line gives the path.
  if (inner instanceof z.ZodUnion && inner.options.some((option) => unwrap(option as z.ZodType).inner instanceof z.ZodString)) return { kind: 'text', choices: null };
  throw new Error(`input field ${key} has no command-line form (${inner.def.type})`);
}

function valueName(field: { key: string; kind: FieldKind; meta: FieldMeta }): string {
  if (field.meta.value) return field.meta.value;
  switch (field.kind) {
    case 'number': return 'n';
    case 'pairs': return 'name=value';
    case 'size': return 'WxH';
    case 'text':
    case 'list':
    case 'boolean':
      return field.meta.flag ?? kebab(field.key);
  }
}

/** The fields of an input schema as the command line sees them; a field without `cliField` metadata is an error. */
export function inputFields(input: z.ZodObject): Field[] {
  return Object.entries(input.shape).map(([key, schema]) => {
    const meta = cliField.get(schema as z.ZodType);
    if (!meta) throw new Error(`input field ${key} has no cliField metadata`);
    const { inner, optional, defaultValue } = unwrap(schema as z.ZodType);
    const { kind, choices } = kindOf(key, inner);
    const base = { key, meta, kind, choices, optional, defaultValue };
    if (meta.positional) {
      const name = meta.flag ?? kebab(key);
      const variadic = kind === 'list' ? '...' : '';
      return { ...base, name, spelling: optional ? `[${name}${variadic}]` : `<${name}${variadic}>` };
    }
    const flag = `--${defaultValue === true ? 'no-' : ''}${meta.flag ?? kebab(key)}`;
    return { ...base, name: flag, spelling: kind === 'boolean' ? flag : `${flag} <${valueName(base)}>` };
  });
}

/** A count (steps, rounds, tokens): a whole number of at least 1. */
export function wholeNumber(): z.ZodNumber {
  return z.number().int('expected a whole number above 0').min(1, 'expected a whole number above 0');
}

/** A budget (dollars): a number above 0. */
export function positiveNumber(): z.ZodNumber {
  return z.number().positive('expected a number above 0');
}
