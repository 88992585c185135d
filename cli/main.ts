import { Command, CommanderError } from 'commander';
import { BuError, errorMessage, isBadPathError } from '../core/errors.ts';
import { kPackageVersion } from '../core/package.ts';
import type { AnyCommandDef, CommandHost } from '../commands/command.ts';
import { commandContext, runInContext } from '../commands/run-command.ts';
import { declareInput, readInput } from './argv-input.ts';
import { loadCommands } from './command-table.ts';

/**
 * Every code `bu` exits with; README.md's "Exit codes" table describes each, and
 * test/core/exit-codes.spec.ts keeps the two in step. Commands return `ok` or `failed`; typed
 * errors carry `failed` or `usage`; anything else is a bug (`crash`, with its stack trace). A
 * second SIGINT/SIGTERM ends a stopping command at once with 128 + SIGINT, the shell's own code.
 */
export const kExitCodes = { ok: 0, failed: 1, usage: 2, crash: 3, forced: 130 } as const;

/** Raised from commander's hooks so main can map it to exit 2 with our wording. */
class CliUsage extends Error {}

/**
 * Where a run of `bu` works and writes: the terminal's (cwd, environment, stdout, stderr, Ctrl-C),
 * or a caller's own, which runs `bu` in its process (the test harness).
 */
export interface CliIo {
  cwd: string;
  env: NodeJS.ProcessEnv;
  stdout(text: string): void;
  stderr(text: string): void;
  /** Stops the command as Ctrl-C does. Absent: SIGINT and SIGTERM do, and a second one ends the process. */
  signal?: AbortSignal;
}

function terminalIo(): CliIo {
  return { cwd: process.cwd(), env: process.env, stdout: (text) => process.stdout.write(text), stderr: (text) => process.stderr.write(text) };
}

function commandHost(io: CliIo, json: boolean): CommandHost {
  return {
    cwd: io.cwd,
    env: io.env,
    log: (message) => io.stderr(message + '\n'),
    print: (message) => {
      if (!json) io.stdout(message + '\n');
    },
  };
}

interface ProgramState {
  code: number;
  controller: AbortController;
  io: CliIo;
}

function build(def: AnyCommandDef, parent: Command, state: ProgramState): void {
  const cmd = parent.command(def.name).description(def.summary);
  declareInput(def, cmd);
  if (def.result) cmd.option('--json', 'print the result as one JSON object on the last stdout line');
  // Options written after a subcommand belong to it, even when the parent has one of the same name.
  if (def.subcommands?.length) cmd.enablePositionalOptions();
  for (const sub of def.subcommands ?? []) build(sub, cmd, state);
  if (def.run) {
    cmd.action(async (...received: unknown[]) => {
      const command = received[received.length - 1] as Command;
      const json = Boolean(command.opts().json);
      const ctx = await commandContext(commandHost(state.io, json), state.controller.signal);
      const warn = (message: string) => state.io.stderr(`bu: ${message}\n`);
      const input = readInput(def, command, received.slice(0, command.registeredArguments.length), ctx.env, warn);
      const { code, result } = await runInContext(def, ctx, input);
      if (json && def.result) state.io.stdout(JSON.stringify(result) + '\n');
      state.code = code;
    });
  } else if (def.subcommands?.length) {
    cmd.action(() => {
      throw new CliUsage(`\`bu ${def.name}\` needs a subcommand (${def.subcommands!.map((s) => s.name).join(', ')}); see \`bu ${def.name} --help\``);
    });
  }
}

function buildProgram(state: ProgramState, commands: AnyCommandDef[]): Command {
  const program = new Command('bu')
    .description('brow-use: capture, extract, generate and replay browser flows')
    .version(kPackageVersion, '-V, --version', 'print the version of brow-use')
    .showSuggestionAfterError(true)
    .enablePositionalOptions()
    .exitOverride()
    .configureOutput({ writeOut: (text) => state.io.stdout(text), writeErr: () => undefined });
  for (const def of commands) build(def, program, state);
  program.commands.forEach(function override(cmd: Command) {
    cmd.exitOverride().configureOutput({ writeOut: (text) => state.io.stdout(text), writeErr: () => undefined });
    cmd.commands.forEach(override);
  });
  return program;
}

/** The one exit point: returns the process exit code. */
export async function main(argv: string[], io: CliIo = terminalIo()): Promise<number> {
  return mainWith(argv, io, () => loadCommands(argv));
}

/** `main` over the given commands instead of the table's (tests parse with a command of their own). */
export async function mainWith(argv: string[], io: CliIo, commands: () => Promise<AnyCommandDef[]>): Promise<number> {
  const state: ProgramState = { code: 0, controller: new AbortController(), io };
  const onSignal = (signal: NodeJS.Signals) => {
    if (state.controller.signal.aborted) process.exit(kExitCodes.forced);
    io.stderr(`\n${signal} received: stopping and saving what was recorded (again to force)\n`);
    state.controller.abort(new Error(`interrupted by ${signal}`));
  };
  const onAbort = () => state.controller.abort(io.signal!.reason);
  if (io.signal) {
    if (io.signal.aborted) onAbort();
    else io.signal.addEventListener('abort', onAbort, { once: true });
  } else {
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
  }
  try {
    await buildProgram(state, await commands()).parseAsync(argv, { from: 'user' });
    return state.code;
  } catch (err) {
    if (err instanceof CommanderError) {
      if (err.code === 'commander.helpDisplayed' || err.code === 'commander.version' || err.code === 'commander.help') return kExitCodes.ok;
      const text = err.message.replace(/^error: /, '');
      io.stderr(`bu: ${text}\n  run \`bu --help\` (or \`bu <command> --help\`) for usage\n`);
      return kExitCodes.usage;
    }
    if (err instanceof CliUsage) {
      io.stderr(`bu: ${err.message}\n`);
      return kExitCodes.usage;
    }
    if (isBadPathError(err)) {
      // A path given on the command line (or derived from it) that cannot be opened.
      const message = errorMessage(err).split('\n')[0]!;
      io.stderr(`bu: ${message.length > 300 ? `${message.slice(0, 300)}…` : message}\n  check the path or session id (see \`bu runs list\`)\n`);
      return kExitCodes.usage;
    }
    if (err instanceof BuError) {
      io.stderr(`bu: ${err.message}\n${err.hint ? `  ${err.hint}\n` : ''}`);
      return err.exitCode;
    }
    io.stderr(`bu: unexpected error: ${errorMessage(err)}\n${err instanceof Error && err.stack ? err.stack + '\n' : ''}`);
    return kExitCodes.crash;
  } finally {
    io.signal?.removeEventListener('abort', onAbort);
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}
