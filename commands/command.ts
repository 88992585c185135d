import { z } from 'zod';
import type { LoadedConfig } from '../core/config/load-config.ts';
import type { OutputPaths } from '../core/paths.ts';
import type { RunsDb } from '../core/runs-db.ts';

/**
 * The commands `bu`, the MCP tools and the `brow-use` API run: each a row with its typed input,
 * its typed result and `run`, which does the work. The input schema is the one description of
 * what a command takes: `bu` builds its flags and positionals from it (field-meta.ts), the API
 * and the MCP tools pass values of its type. Nothing here parses a command line, writes to the
 * terminal or exits: cli/ does that for `bu`.
 */

/** Where a command runs and where its words go: the terminal for `bu`, the caller for the API and the MCP tools. */
export interface CommandHost {
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Progress and messages for people (`bu`: stderr, so stdout stays clean for `--json`). */
  log(message: string): void;
  /** Human output (`bu`: stdout, suppressed with `--json`). */
  print(message: string): void;
}

/** What every command receives: where things go, how to talk to the user, the environment. */
export interface CommandContext extends CommandHost {
  paths: OutputPaths;
  runs: RunsDb;
  /** Aborted on SIGINT/SIGTERM so long work can stop cleanly and record what it has. */
  signal: AbortSignal;
  /** The project's brow-use.config.ts, when there is one (its BU_OUTPUT and BU_MODEL are already in `env`). */
  config?: LoadedConfig | null;
}

/** How a run ended: the exit code (0 or 1; errors are thrown, `bu` maps them to codes) and the machine-readable result. */
export interface Outcome<T> {
  code: 0 | 1;
  result: T;
}

/** One row of the command table. A row without `run` only groups its subcommands. */
export interface CommandDef<I extends z.ZodObject = z.ZodObject, R extends z.ZodType = z.ZodType> {
  name: string;
  summary: string;
  /** What the command takes; each field's CLI spelling is in its `cliField` metadata (field-meta.ts). */
  input: I;
  /** What it reports: `bu --json` prints it as the last stdout line, the API returns it. Absent: no result, no `--json`. */
  result?: R;
  subcommands?: AnyCommandDef[];
  run?(ctx: CommandContext, input: z.output<I>): Promise<Outcome<z.input<R>>>;
}

/** A command of any input and result: what tables and the CLI hold. */
export type AnyCommandDef = CommandDef<z.ZodObject, z.ZodType>;

/** A command with its types kept: the API and the MCP tools call it with `z.input<I>` and get `z.output<R>`. */
export function defineCommand<I extends z.ZodObject, R extends z.ZodType>(def: CommandDef<I, R> & { input: I; run: NonNullable<CommandDef<I, R>['run']> }): CommandDef<I, R> {
  return def;
}

/** A command that only groups subcommands (`bu capture`, `bu runs`). */
export function defineGroup(def: { name: string; summary: string; subcommands: AnyCommandDef[] }): AnyCommandDef {
  return { ...def, input: z.object({}) };
}
