import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { Option } from 'commander';
import { loadAllCommands } from '../../cli/commands.ts';
import type { CommandDef, CommandHost } from '../../commands/command.ts';
import { optionKey, runCommand } from '../../commands/run-command.ts';
import { UsageError } from '../../core/errors.ts';

/**
 * runCommand runs a command for a program (the `brow-use` API) the way `bu` runs it for a
 * command line: options under the keys commander gives them, the table's defaults, choices and
 * required arguments checked with commander's words, brow-use.config.ts filling what is not given.
 */

function every(defs: CommandDef[]): CommandDef[] {
  return defs.flatMap((def) => [def, ...every(def.subcommands ?? [])]);
}

test('every option of every command has the key commander gives it', async () => {
  const options = every(await loadAllCommands()).flatMap((def) => def.options ?? []);
  expect(options.length).toBeGreaterThan(30);
  for (const option of options) expect(optionKey(option), option.flags).toBe(new Option(option.flags, option.description).attributeName());
});

test('options not given take the default, then the config; choices and required arguments are checked as bu checks them', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bu-run-command-'));
  try {
    fs.writeFileSync(path.join(dir, 'brow-use.config.ts'), "export default { baseURL: 'http://127.0.0.1:4173/app/' };\n");
    let received: { args: string[]; options: Record<string, unknown> } | null = null;
    const def: CommandDef = {
      name: 'probe',
      summary: 'records what it is given',
      args: ['<session>'],
      options: [
        { flags: '--base-url <url>', description: 'address' },
        { flags: '--strategy <mode>', description: 'how', choices: ['full', 'locator-only'], default: 'full' },
        { flags: '--no-finish-check', description: 'skip the check' },
        { flags: '--var <name=value>', description: 'values', repeatable: true },
      ],
      json: true,
      async run(ctx, args, options) {
        received = { args, options };
        ctx.result({ ok: true });
        return 0;
      },
    };
    const results: Record<string, unknown>[] = [];
    const host: CommandHost = { cwd: dir, env: { ...process.env, BU_OUTPUT: '' }, log: () => undefined, print: () => undefined, result: (value) => results.push(value) };

    expect(await runCommand(def, ['s1'], {}, host)).toBe(0);
    expect(received).toEqual({ args: ['s1'], options: { baseUrl: 'http://127.0.0.1:4173/app/', strategy: 'full', finishCheck: true, json: true } });
    expect(results).toEqual([{ ok: true }]);
    await runCommand(def, ['s1'], { baseUrl: 'http://localhost:9/', strategy: 'locator-only', finishCheck: false, var: ['a=1'], ignored: undefined }, host);
    expect(received!.options).toEqual({ baseUrl: 'http://localhost:9/', strategy: 'locator-only', finishCheck: false, var: ['a=1'], json: true });

    await expect(runCommand(def, ['s1'], { strategy: 'fast' }, host)).rejects.toThrow(new UsageError("option '--strategy <mode>' argument 'fast' is invalid. Allowed choices are full, locator-only."));
    await expect(runCommand(def, [], {}, host)).rejects.toThrow(new UsageError("missing required argument 'session'"));
    await expect(runCommand(def, ['s1'], { speed: 2 }, host)).rejects.toThrow(/has no option speed/);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
