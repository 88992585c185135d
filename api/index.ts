import path from 'node:path';
import type { z } from 'zod';
import { JobFailedError } from '../core/errors.ts';
import type { ExtractCounts as ExtractCountsSchema } from '../core/schema/extract.ts';
import type { Plan as PlanSchema } from '../core/schema/plan.ts';
import type { ReplaySummary } from '../core/schema/replay-report.ts';
import type { TerminationReason } from '../core/schema/run.ts';
import type { CommandDef, CommandHost } from '../commands/command.ts';
import type { CaptureResult as CaptureResultSchema } from '../commands/capture-options.ts';
import type { ExploreInput } from '../commands/capture-explore.ts';
import type { ScriptInput } from '../commands/capture.ts';
import type { ExtractOneResult } from '../commands/extract.ts';
import type { GenerateInput, GenerateResult as GenerateResultSchema } from '../commands/generate.ts';
import type { ReplayInput, ReplayResult as ReplayResultSchema } from '../commands/replay.ts';
import type { RunResult } from '../commands/run-command.ts';

/**
 * `brow-use`: capture, extract, generate and replay from a program. Each call runs the same
 * command as `bu` (same checks, same files, same run database, same brow-use.config.ts), in this
 * process, with the command's own input type, and returns its result as `bu --json` prints it;
 * progress goes to `log` (default: nowhere).
 */

export { defineConfig, type BrowUseConfig } from '../core/schema/config.ts';
export type { ReplaySummary, TerminationReason };
/** A plan as written (node_modules/brow-use/docs/plan-format.md): `{ version: 1, url?, steps: [{ click: { target } }, ...] }`. */
export type Plan = z.input<typeof PlanSchema>;
export type ExtractCounts = z.infer<typeof ExtractCountsSchema>;

/** Where a call runs and where its words go: the host's part of every call. */
export interface CommonOptions {
  /** Project folder: where brow-use.config.ts is looked up and relative paths start (default: process.cwd()). */
  cwd?: string;
  /** Default: process.env. */
  env?: NodeJS.ProcessEnv;
  /** The output dir (like `BU_OUTPUT`); default from the config file, else `output`. */
  outputDir?: string;
  /** Progress lines, as `bu` prints them on stderr. */
  log?(message: string): void;
  /** Stops the work cleanly, as Ctrl-C does for `bu`. */
  signal?: AbortSignal;
}

/**
 * `bu capture script`'s input (`plan`: a plan or a path to one; without it the app is explored,
 * with `bu capture explore`'s `policy` and `fills`). `--check` is the command line's alone.
 */
export type CaptureOptions = CommonOptions & Omit<z.input<typeof ScriptInput>, 'check'> & Pick<z.input<typeof ExploreInput>, 'policy' | 'fills' | 'allowDestructive'>;
export type CaptureResult = z.output<typeof CaptureResultSchema>;
export type ExtractResult = z.output<typeof ExtractOneResult>;
export type GenerateOptions = CommonOptions & Omit<z.input<typeof GenerateInput>, 'sessions'>;
export type GenerateResult = z.output<typeof GenerateResultSchema>;
export type ReplayOptions = CommonOptions & Omit<z.input<typeof ReplayInput>, 'history'>;
export type ReplayResult = z.output<typeof ReplayResultSchema>;

/** Splits a call's options into the host's part and the command's input. */
function split<T extends CommonOptions>(options: T): { host: CommonOptions; input: Omit<T, keyof CommonOptions> } {
  const { cwd, env, outputDir, log, signal, ...input } = options;
  return { host: { cwd, env, outputDir, log, signal }, input };
}

/** Runs a command of commands/ in this process; a usage error or crash is thrown. */
async function run<I extends z.ZodObject, R extends z.ZodType>(def: CommandDef<I, R>, input: z.input<I>, options: CommonOptions): Promise<RunResult<z.output<R>>> {
  const env = { ...(options.env ?? process.env) };
  if (options.outputDir !== undefined) env.BU_OUTPUT = options.outputDir;
  const host: CommandHost = {
    cwd: path.resolve(options.cwd ?? process.cwd()),
    env,
    log: (message) => options.log?.(message),
    print: () => undefined,
  };
  // Loaded on first use: importing `brow-use` for defineConfig stays cheap.
  const { runCommand } = await import('../commands/run-command.ts');
  return runCommand(def, input, host, options.signal);
}

/** Records a flow: a plan carried out step by step, or an exploration. The capture's errors are in the result. */
export async function capture(options: CaptureOptions): Promise<CaptureResult> {
  const { host, input } = split(options);
  const { plan, policy, fills, allowDestructive, ...shared } = input;
  const { exploreCommand, scriptCommand } = await import('../commands/capture.ts');
  if (plan === undefined) return (await run(exploreCommand, { ...shared, policy, fills, allowDestructive }, host)).result;
  const { result } = await run(scriptCommand, { ...shared, plan }, host);
  if (!('sessionId' in result)) throw new JobFailedError('bu capture script checked the plan instead of carrying it out');
  return result;
}

/** Turns a capture's trace and sidecars into JSONL records and screenshots (`extract/<id>/`). */
export async function extract(session: string, options: CommonOptions = {}): Promise<ExtractResult> {
  const { extractCommand } = await import('../commands/extract.ts');
  const { result } = await run(extractCommand, { session }, options);
  if (!('id' in result)) throw new JobFailedError(`bu extract ${session} reported no extract`);
  return result;
}

/** Page objects, workflows, Playwright specs and docs from one or more extracted runs. */
export async function generate(sessions: string[], options: GenerateOptions = {}): Promise<GenerateResult> {
  const { host, input } = split(options);
  const { generateCommand } = await import('../commands/generate.ts');
  return (await run(generateCommand, { ...input, sessions }, host)).result;
}

/** Replays a recorded history (a session id or a history file) in a fresh browser; `ok` says whether every step passed. */
export async function replay(history: string, options: ReplayOptions = {}): Promise<ReplayResult> {
  const { host, input } = split(options);
  const { replayCommand } = await import('../commands/replay.ts');
  return (await run(replayCommand, { ...input, history }, host)).result;
}
