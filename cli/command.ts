import type { LoadedConfig } from '../core/config/load-config.ts';
import type { OutputPaths } from '../core/paths.ts';
import type { RunsDb } from '../core/runs-db.ts';

/** What every command receives: where things go, how to talk to the user, the environment. */
export interface CliContext {
  cwd: string;
  env: NodeJS.ProcessEnv;
  paths: OutputPaths;
  runs: RunsDb;
  /** Progress and messages for people: stderr, so stdout stays clean for `--json`. */
  log(message: string): void;
  /** Human output on stdout (suppressed with `--json`). */
  print(message: string): void;
  /** The machine-readable result: printed as the last stdout line with `--json`. */
  result(value: Record<string, unknown>): void;
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
}

/** One row of the command table. `run` returns the exit code (0 or 1); errors map to codes in main. */
export interface CommandDef {
  name: string;
  summary: string;
  /** Positional arguments in commander syntax, e.g. `<session>` or `[session]`. */
  args?: string[];
  options?: OptionDef[];
  /** Offer `--json`. */
  json?: boolean;
  subcommands?: CommandDef[];
  run?(ctx: CliContext, args: string[], options: Record<string, unknown>): Promise<number>;
}
