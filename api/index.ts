import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { JobFailedError } from '../core/errors.ts';
import type { z } from 'zod';
import type { ExtractCounts as ExtractCountsSchema } from '../core/schema/extract.ts';
import type { Plan as PlanSchema } from '../core/schema/plan.ts';
import type { ReplaySummary } from '../core/schema/replay-report.ts';
import type { TerminationReason } from '../core/schema/run.ts';
import type { CommandDef, CommandHost } from '../commands/command.ts';

/**
 * `brow-use`: capture, extract, generate and replay from a program. Each call runs the same
 * command as `bu` (same checks, same files, same run database, same brow-use.config.ts), in this
 * process, and returns its result; progress goes to `log` (default: nowhere).
 */

export { defineConfig, type BrowUseConfig } from '../core/schema/config.ts';
export type { ReplaySummary, TerminationReason };
/** A plan as written (node_modules/brow-use/docs/plan-format.md): `{ version: 1, url?, steps: [{ click: { target } }, ...] }`. */
export type Plan = z.input<typeof PlanSchema>;
export type ExtractCounts = z.infer<typeof ExtractCountsSchema>;

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

export interface CaptureOptions extends CommonOptions {
  /** Start address (default: the plan's url, else the config's baseURL). */
  url?: string;
  /** A plan (node_modules/brow-use/docs/plan-format.md) or a path to one: carried out step by step with no model. Without it, the app is explored. */
  plan?: Plan | string;
  /** Explore with the built-in crawler or a model (default: a model when one is configured). */
  policy?: 'crawler' | 'llm';
  /** Most steps to record; a step is one action of the history (default: a plan's length, else 25). */
  maxSteps?: number;
  /** Secret names; values come from `BU_SECRET_<NAME>`. */
  secrets?: string[];
  vars?: Record<string, string>;
  /** Values the crawler types into fields of that label, name or type. */
  fills?: Record<string, string>;
  allowDomains?: string[];
  storageState?: string;
  viewport?: { width: number; height: number };
  headed?: boolean;
  /** Also record the trace's screencast, the trace viewer's film strip (`--screencast`). */
  screencast?: boolean;
}

export interface CaptureResult {
  sessionId: string;
  terminationReason: TerminationReason;
  steps: number;
  pagesVisited: number;
  /** Label -> file (trace, history, aria log, ...). */
  artifacts: Record<string, string>;
  text?: string;
  error?: string;
  success?: boolean;
}

export interface ExtractResult {
  sessionId: string | null;
  id: string;
  dir: string;
  counts: ExtractCounts;
}

export interface GenerateOptions extends CommonOptions {
  /** Where pom/, workflows/, tests/, docs/ go (default: the output dir). */
  out?: string;
  /** Names from a model: off, auto (when one is configured), on. Default: auto. */
  llm?: 'off' | 'auto' | 'on';
}

export interface GenerateResult {
  outDir: string;
  model: string;
  pages: number;
  flows: number;
  written: string[];
  unchanged: string[];
  skipped: string[];
  diagnostics: number;
  llmCalls: number;
}

export interface ReplayOptions extends CommonOptions {
  /** Rebase recorded URLs onto this address (default: the config's baseURL, else the recorded ones). */
  baseUrl?: string;
  vars?: Record<string, string>;
  strategy?: 'full' | 'locator-only';
  headed?: boolean;
}

export type ReplayResult = ReplaySummary & { replayId: string; sessionId: string; reportPath: string };

/** A list as `bu` hands it to a command: absent when empty (so the project's config fills it). */
function list(values: readonly string[] | undefined): string[] | undefined {
  return values?.length ? [...values] : undefined;
}

function pairs(values: Record<string, string> | undefined): string[] | undefined {
  return list(Object.entries(values ?? {}).map(([name, value]) => `${name}=${value}`));
}

/** Runs a command of commands/ in this process and returns its result object; a usage error or crash is thrown. */
async function run(def: CommandDef, args: string[], given: Record<string, unknown>, options: CommonOptions): Promise<{ code: number; result: Record<string, unknown> }> {
  const env = { ...(options.env ?? process.env) };
  if (options.outputDir !== undefined) env.BU_OUTPUT = options.outputDir;
  let result: Record<string, unknown> | null = null;
  const host: CommandHost = {
    cwd: path.resolve(options.cwd ?? process.cwd()),
    env,
    log: (message) => options.log?.(message),
    print: () => undefined,
    result: (value) => {
      result = value;
    },
  };
  // Loaded on first use: importing `brow-use` for defineConfig stays cheap.
  const { runCommand } = await import('../commands/run-command.ts');
  const code = await runCommand(def, args, given, host, options.signal);
  if (!result) throw new JobFailedError(`bu ${def.name} ended with exit code ${code} and no result`);
  return { code, result };
}

/** Records a flow: a plan carried out step by step, or an exploration. The capture's errors are in the result. */
export async function capture(options: CaptureOptions): Promise<CaptureResult> {
  let planFile: string | undefined;
  let tempDir: string | undefined;
  if (options.plan !== undefined && typeof options.plan !== 'string') {
    tempDir = await fs.mkdtemp(path.join(os.tmpdir(), 'brow-use-plan-'));
    planFile = path.join(tempDir, 'plan.json');
    await fs.writeFile(planFile, JSON.stringify(options.plan));
  } else planFile = options.plan;
  const shared = {
    url: options.url, maxSteps: options.maxSteps, secret: list(options.secrets), var: pairs(options.vars), allowDomain: list(options.allowDomains),
    storageState: options.storageState, viewport: options.viewport && `${options.viewport.width}x${options.viewport.height}`,
    headed: options.headed || undefined, screencast: options.screencast || undefined,
  };
  const { captureCommand } = await import('../commands/capture.ts');
  const subcommand = (name: string) => captureCommand.subcommands!.find((def) => def.name === name)!;
  try {
    // The command's result object is the documented `--json` line; its fields are CaptureResult's.
    const ran = planFile !== undefined
      ? await run(subcommand('script'), [], { ...shared, plan: planFile }, options)
      : await run(subcommand('explore'), [], { ...shared, policy: options.policy, fill: pairs(options.fills) }, options);
    return ran.result as unknown as CaptureResult;
  } finally {
    if (tempDir) await fs.rm(tempDir, { recursive: true, force: true });
  }
}

/** Turns a capture's trace and sidecars into JSONL records and screenshots (`extract/<id>/`). */
export async function extract(session: string, options: CommonOptions = {}): Promise<ExtractResult> {
  const { extractCommand } = await import('../commands/extract.ts');
  return (await run(extractCommand, [session], {}, options)).result as unknown as ExtractResult;
}

/** Page objects, workflows, Playwright specs and docs from one or more extracted runs. */
export async function generate(sessions: string[], options: GenerateOptions = {}): Promise<GenerateResult> {
  const { generateCommand } = await import('../commands/generate.ts');
  return (await run(generateCommand, sessions, { out: options.out, llm: options.llm }, options)).result as unknown as GenerateResult;
}

/** Replays a recorded history (a session id or a history file) in a fresh browser; `ok` says whether every step passed. */
export async function replay(history: string, options: ReplayOptions = {}): Promise<ReplayResult> {
  const { replayCommand } = await import('../commands/replay.ts');
  const given = { baseUrl: options.baseUrl, var: pairs(options.vars), strategy: options.strategy, headed: options.headed || undefined };
  return (await run(replayCommand, [history], given, options)).result as unknown as ReplayResult;
}
