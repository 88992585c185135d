import type { z } from 'zod';
import { loadConfig, withConfigEnv } from '../core/config/load-config.ts';
import { defaultOutputRoot, outputPaths } from '../core/paths.ts';
import { RunsDb } from '../core/runs-db.ts';
import type { CommandContext, CommandDef, CommandHost } from './command.ts';
import { applyConfigDefaults } from './config-defaults.ts';
import { parseInput } from './parse-input.ts';

/**
 * Running a command, the same way for every caller: `bu` (its command line turned into input),
 * the `brow-use` API and the MCP tools (typed input). Inputs not given take the project's
 * brow-use.config.ts values, then the schema's defaults; the input and the result are checked
 * with the command's schemas.
 */

/** The context of one command: brow-use.config.ts of `host.cwd` read, its settings merged into the environment. */
export async function commandContext(host: CommandHost, signal: AbortSignal): Promise<CommandContext> {
  const config = await loadConfig(host.cwd);
  const env = withConfigEnv(host.env, config);
  const paths = outputPaths(defaultOutputRoot(env, host.cwd));
  return { ...host, env, paths, runs: new RunsDb(paths.runsDb), signal, config };
}

export interface RunResult<T> {
  code: 0 | 1;
  /** Checked with the command's result schema; undefined for a command without one. */
  result: T;
}

/** Runs `def` in `ctx` with `given` (undefined values = not given); errors are thrown, bad input as UsageError. */
export async function runInContext<I extends z.ZodObject, R extends z.ZodType>(def: CommandDef<I, R>, ctx: CommandContext, given: Record<string, unknown>): Promise<RunResult<z.output<R>>> {
  if (!def.run) throw new Error(`command ${def.name} has subcommands: run one of them`);
  const set = Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined));
  const input = parseInput(def, applyConfigDefaults(def, set, ctx.config ?? null, ctx.env));
  const { code, result } = await def.run(ctx, input);
  return { code, result: def.result ? def.result.parse(result) : (undefined as z.output<R>) };
}

/** Runs `def` for a program, in a context of its own (`host.cwd`'s config); `signal` stops it as Ctrl-C stops `bu`. */
export async function runCommand<I extends z.ZodObject, R extends z.ZodType>(def: CommandDef<I, R>, given: z.input<I>, host: CommandHost, signal?: AbortSignal): Promise<RunResult<z.output<R>>> {
  const controller = new AbortController();
  const abort = () => controller.abort(signal?.reason);
  if (signal?.aborted) abort();
  signal?.addEventListener('abort', abort, { once: true });
  try {
    return await runInContext(def, await commandContext(host, controller.signal), given);
  } finally {
    signal?.removeEventListener('abort', abort);
  }
}
