import { UsageError } from '../core/errors.ts';
import { loadConfig, withConfigEnv } from '../core/config/load-config.ts';
import { defaultOutputRoot, outputPaths } from '../core/paths.ts';
import { RunsDb } from '../core/runs-db.ts';
import type { CommandContext, CommandDef, CommandHost, OptionDef } from './command.ts';
import { applyConfigDefaults } from './config-defaults.ts';

/**
 * A command run for a program (the `brow-use` API) rather than from a command line: the same
 * context, option defaults, choices and brow-use.config.ts values as `bu` gives it.
 */

/** The context of one command: brow-use.config.ts of `host.cwd` read, its settings merged into the environment. */
export async function commandContext(host: CommandHost, json: boolean, signal: AbortSignal): Promise<CommandContext> {
  const config = await loadConfig(host.cwd);
  const env = withConfigEnv(host.env, config);
  const paths = outputPaths(defaultOutputRoot(env, host.cwd));
  return { ...host, env, paths, runs: new RunsDb(paths.runsDb), json, signal, config };
}

/** The key an option's value has in `run`'s options: `--base-url <url>` -> baseUrl, `--no-finish-check` -> finishCheck. */
export function optionKey(option: OptionDef): string {
  const long = option.flags.split(/[ ,]+/).find((part) => part.startsWith('--'))!;
  return long.replace(/^--(no-)?/, '').replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
}

function checkArgs(def: CommandDef, args: string[]): void {
  for (const [i, spec] of (def.args ?? []).entries()) {
    const required = /^<([^>.]+)(\.\.\.)?>$/.exec(spec);
    if (required && !args[i]) throw new UsageError(`missing required argument '${required[1]}'`);
  }
}

function checkChoices(def: CommandDef, options: Record<string, unknown>): void {
  for (const option of def.options ?? []) {
    const value = options[optionKey(option)];
    if (!option.choices || value === undefined || option.choices.includes(String(value))) continue;
    throw new UsageError(`option '${option.flags}' argument '${String(value)}' is invalid. Allowed choices are ${option.choices.join(', ')}.`);
  }
}

/**
 * Runs `def` with `given` options by their keys (undefined = not given) and returns its exit code.
 * Unset options take the table's default, then the project's config (as `bu` does); the result
 * goes to `host.result`. Errors are thrown; bad input as UsageError.
 */
export async function runCommand(def: CommandDef, args: string[], given: Record<string, unknown>, host: CommandHost, signal?: AbortSignal): Promise<number> {
  if (!def.run) throw new Error(`command ${def.name} has subcommands: run one of them`);
  const known = new Map((def.options ?? []).map((option) => [optionKey(option), option]));
  const options: Record<string, unknown> = {};
  const fromCaller = new Set<string>();
  for (const [key, value] of Object.entries(given)) {
    if (value === undefined) continue;
    if (!known.has(key)) throw new Error(`command ${def.name} has no option ${key}`);
    options[key] = value;
    fromCaller.add(key);
  }
  for (const [key, option] of known) {
    if (key in options) continue;
    if (option.default !== undefined) options[key] = option.default;
    else if (option.flags.startsWith('--no-')) options[key] = true;
  }
  checkArgs(def, args);
  checkChoices(def, options);
  const source = (key: string) => (fromCaller.has(key) ? 'cli' : key in options ? 'default' : undefined);
  const controller = new AbortController();
  const abort = () => controller.abort(signal?.reason);
  if (signal?.aborted) abort();
  signal?.addEventListener('abort', abort, { once: true });
  try {
    const ctx = await commandContext(host, def.json === true, controller.signal);
    const json = def.json ? { json: true } : {};
    return await def.run(ctx, args, { ...applyConfigDefaults(def, options, source, ctx.config ?? null, ctx.env), ...json });
  } finally {
    signal?.removeEventListener('abort', abort);
  }
}
