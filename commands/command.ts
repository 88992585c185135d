import type { LoadedConfig } from '../core/config/load-config.ts';
import type { OutputPaths } from '../core/paths.ts';
import type { RunsDb } from '../core/runs-db.ts';

/**
 * The commands `bu`, the MCP tools and the `brow-use` API run: each a row with its options and
 * `run`, which does the work and reports through the context it is given. Nothing here parses a
 * command line, writes to the terminal or exits: cli/ does that for `bu`.
 */

/** Where a command runs and where its words go: the terminal for `bu`, the caller for the API and the MCP tools. */
export interface CommandHost {
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Progress and messages for people (`bu`: stderr, so stdout stays clean for `--json`). */
  log(message: string): void;
  /** Human output (`bu`: stdout, suppressed with `--json`). */
  print(message: string): void;
  /** The machine-readable result (`bu --json`: the last stdout line). */
  result(value: Record<string, unknown>): void;
}

/** What every command receives: where things go, how to talk to the user, the environment. */
export interface CommandContext extends CommandHost {
  paths: OutputPaths;
  runs: RunsDb;
  json: boolean;
  /** Aborted on SIGINT/SIGTERM so long work can stop cleanly and record what it has. */
  signal: AbortSignal;
  /** The project's brow-use.config.ts, when there is one (its BU_OUTPUT and BU_MODEL are already in `env`). */
  config?: LoadedConfig | null;
}

export interface OptionDef {
  flags: string;
  description: string;
  default?: string | boolean | string[];
  /** Repeatable option collected into an array. */
  repeatable?: boolean;
  choices?: string[];
  /** An environment variable that sets the option when the command line does not (before the config file). */
  env?: string;
}

/** One row of the command table. `run` returns the exit code (0 or 1); errors are thrown (`bu` maps them to codes). */
export interface CommandDef {
  name: string;
  summary: string;
  /**
   * Positional arguments in commander syntax, e.g. `<session>` or `[session]`. A variadic last one
   * (`<traces...>`) gives `run` one element of `args` per value, so a value with a space (a path)
   * stays one value: never join them into a string to split again.
   */
  args?: string[];
  options?: OptionDef[];
  /** Offer `--json`. */
  json?: boolean;
  subcommands?: CommandDef[];
  run?(ctx: CommandContext, args: string[], options: Record<string, unknown>): Promise<number>;
}
