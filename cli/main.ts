import { Command, CommanderError, Option } from 'commander';
import { BuError, errorMessage, isBadPathError } from '../core/errors.ts';
import { kPackageVersion } from '../core/package.ts';
import type { CommandDef, CommandHost } from '../commands/command.ts';
import { applyConfigDefaults } from '../commands/config-defaults.ts';
import { commandContext } from '../commands/run-command.ts';
import { loadCommands } from './commands.ts';

/**
 * Every code `bu` exits with; README.md's "Exit codes" table describes each, and
 * test/core/exit-codes.spec.ts keeps the two in step. Commands return `ok` or `failed`; typed
 * errors carry `failed` or `usage`; anything else is a bug (`crash`, with its stack trace). A
 * second SIGINT/SIGTERM ends a stopping command at once with 128 + SIGINT, the shell's own code.
 */
export const kExitCodes = { ok: 0, failed: 1, usage: 2, crash: 3, forced: 130 } as const;

/** Raised from commander's hooks so main can map it to exit 2 with our wording. */
class CliUsage extends Error {}

function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

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
    result: (value) => {
      if (json) io.stdout(JSON.stringify(value) + '\n');
    },
  };
}

interface ProgramState {
  code: number;
  controller: AbortController;
  io: CliIo;
}

/** The key commander keeps an option's value under (`--base-url` -> `baseUrl`). */
function optionKey(command: Command, flags: string): string | null {
  return command.options.find((option) => option.flags === flags)?.attributeName() ?? null;
}

function build(def: CommandDef, parent: Command, state: ProgramState): void {
  const cmd = parent.command(def.name).description(def.summary);
  for (const arg of def.args ?? []) cmd.argument(arg);
  for (const opt of def.options ?? []) {
    const option = new Option(opt.flags, opt.description);
    if (opt.choices) option.choices(opt.choices);
    if (opt.repeatable) option.argParser(collect);
    if (opt.default !== undefined) option.default(opt.default);
    cmd.addOption(option);
  }
  if (def.json) cmd.option('--json', 'print the result as one JSON object on the last stdout line');
  // Options written after a subcommand belong to it, even when the parent has one of the same name.
  if (def.subcommands?.length) cmd.enablePositionalOptions();
  for (const sub of def.subcommands ?? []) build(sub, cmd, state);
  if (def.run) {
    const run = def.run;
    cmd.action(async (...received: unknown[]) => {
      const command = received[received.length - 1] as Command;
      const options = command.opts();
      // Flags first, then the environment (the run's own: a caller may pass another than the process's).
      const fromEnv = new Set<string>();
      for (const opt of def.options ?? []) {
        const key = opt.env ? optionKey(command, opt.flags) : null;
        const value = opt.env ? state.io.env[opt.env] : undefined;
        if (key && value && command.getOptionValueSource(key) !== 'cli') {
          options[key] = value;
          fromEnv.add(key);
        }
      }
      const source = (key: string) => (fromEnv.has(key) ? 'env' : command.getOptionValueSource(key));
      // A variadic last argument arrives as an array: its values go on as elements of their own.
      const args = received.slice(0, def.args?.length ?? 0).flatMap((a): string[] => (Array.isArray(a) ? a.map(String) : [a as string]));
      const json = Boolean(options.json);
      const ctx = await commandContext(commandHost(state.io, json), json, state.controller.signal);
      state.code = await run(ctx, args, applyConfigDefaults(def, options, source, ctx.config ?? null, ctx.env));
    });
  } else if (def.subcommands?.length) {
    cmd.action(() => {
      throw new CliUsage(`\`bu ${def.name}\` needs a subcommand (${def.subcommands!.map((s) => s.name).join(', ')}); see \`bu ${def.name} --help\``);
    });
  }
}

function buildProgram(state: ProgramState, commands: CommandDef[]): Command {
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
    await buildProgram(state, await loadCommands(argv)).parseAsync(argv, { from: 'user' });
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
