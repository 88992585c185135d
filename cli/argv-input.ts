import { Argument, Option, type Command } from 'commander';
import { UsageError } from '../core/errors.ts';
import type { AnyCommandDef } from '../commands/command.ts';
import { inputFields, type Field } from '../commands/field-meta.ts';

/**
 * A command's input schema as `bu`'s flags and positionals, and a command line back into input:
 * the one place where text becomes a number, a switch, a list, a NAME=value record or a
 * WIDTHxHEIGHT size. What the value must then be (a range, a choice) the schema checks.
 */

function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

/** Adds the command's positionals and flags to `cmd`; help shows each field's choices and default. */
export function declareInput(def: AnyCommandDef, cmd: Command): void {
  for (const field of inputFields(def.input)) {
    if (field.meta.positional) {
      const argument = new Argument(field.spelling, field.meta.description);
      if (field.choices) argument.choices(field.choices);
      cmd.addArgument(argument);
      continue;
    }
    const option = new Option(field.spelling, field.meta.description);
    if (field.choices) option.choices(field.choices);
    if (field.kind === 'list' || field.kind === 'pairs') option.argParser(collect);
    // A default the description already names (`default: a free one`) is not said twice.
    if (field.defaultValue !== undefined && field.kind !== 'boolean' && !field.meta.description.includes('default')) option.default(field.defaultValue);
    cmd.addOption(option);
    if (field.meta.deprecatedFlag) {
      const old = new Option(field.spelling.replace(field.name, `--${field.meta.deprecatedFlag}`), `deprecated: use ${field.name}`).hideHelp();
      if (field.choices) old.choices(field.choices);
      cmd.addOption(old);
    }
  }
}

function number(field: Field, text: string): number {
  const value = text.trim() === '' ? Number.NaN : Number(text);
  if (!Number.isFinite(value)) throw new UsageError(`${field.name} ${text}: expected a number`);
  return value;
}

function pairs(field: Field, entries: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of entries) {
    const at = entry.indexOf('=');
    if (at < 1) throw new UsageError(`${field.name} ${entry}: expected NAME=value`, field.meta.example ? `e.g. ${field.meta.example}` : undefined);
    out[entry.slice(0, at)] = entry.slice(at + 1);
  }
  return out;
}

function size(field: Field, text: string): { width: number; height: number } {
  const match = /^(\d+)x(\d+)$/.exec(text);
  if (!match) throw new UsageError(`${field.name} ${text}: expected WIDTHxHEIGHT, e.g. 1280x720`);
  return { width: Number(match[1]), height: Number(match[2]) };
}

/** One field's value from the command line (a string, a switch, or the strings of a repeatable flag) or the environment. */
function fromText(field: Field, value: unknown): unknown {
  switch (field.kind) {
    case 'boolean':
      return typeof value === 'string' ? value !== '' && value !== '0' && value !== 'false' : value;
    case 'number':
      return number(field, String(value));
    case 'text':
      return String(value);
    case 'list':
      return Array.isArray(value) ? value.map(String) : [String(value)];
    case 'pairs':
      return pairs(field, Array.isArray(value) ? value.map(String) : [String(value)]);
    case 'size':
      return size(field, String(value));
  }
}

/**
 * The input of a command commander has parsed: what the user wrote (on the line or in the
 * field's environment variable), converted; a value that is only commander's default is left
 * out, so the project's config and then the schema fill it.
 */
export function readInput(def: AnyCommandDef, cmd: Command, positionals: unknown[], env: NodeJS.ProcessEnv, warn: (message: string) => void): Record<string, unknown> {
  const options = cmd.opts();
  const input: Record<string, unknown> = {};
  let at = 0;
  for (const field of inputFields(def.input)) {
    if (field.meta.positional) {
      const value = positionals[at++];
      if (value !== undefined && !(Array.isArray(value) && !value.length)) input[field.key] = fromText(field, value);
      continue;
    }
    const given = (long: string) => {
      const key = cmd.options.find((option) => option.long === long)?.attributeName();
      return key && cmd.getOptionValueSource(key) === 'cli' ? key : null;
    };
    const key = given(field.name);
    const old = field.meta.deprecatedFlag ? given(`--${field.meta.deprecatedFlag}`) : null;
    // The run's own environment (a caller may pass another than the process's), after the flag.
    if (key) input[field.key] = fromText(field, options[key]);
    else if (old) {
      warn(`--${field.meta.deprecatedFlag} is deprecated: use ${field.name}`);
      input[field.key] = fromText(field, options[old]);
    }    else if (field.meta.env && env[field.meta.env]) input[field.key] = fromText(field, env[field.meta.env]);
  }
  return input;
}
