import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '../support/fixtures.ts';
import { z } from 'zod';
import { loadAllCommands } from '../../cli/command-table.ts';
import { mainWith } from '../../cli/main.ts';
import { defineCommand, type AnyCommandDef, type CommandHost } from '../../commands/command.ts';
import { cliField, inputFields, wholeNumber } from '../../commands/field-meta.ts';
import { runCommand } from '../../commands/run-command.ts';
import { UsageError } from '../../core/errors.ts';

/**
 * A command's input schema is the one description of what it takes: runCommand (the API, the MCP
 * tools) checks typed input with it, `bu` builds its flags from it and parses argv into it, and
 * brow-use.config.ts fills what neither gave. Bad values are UsageErrors naming the flag.
 */

function every(defs: AnyCommandDef[]): AnyCommandDef[] {
  return defs.flatMap((def) => [def, ...every(def.subcommands ?? [])]);
}

test('every field of every command has a command-line form and a description', async () => {
  // Loads every command module (ts-morph, the MCP SDK, the model client) through the runner's transform.
  test.setTimeout(180_000);
  const fields = every(await loadAllCommands()).flatMap((def) => inputFields(def.input));
  expect(fields.length).toBeGreaterThan(30);
  for (const field of fields) expect(field.meta.description, field.key).not.toBe('');
});

let received: unknown = null;
const probe = defineCommand({
  name: 'probe',
  summary: 'records what it is given',
  input: z.object({
    files: z.array(z.string()).min(1).register(cliField, { description: 'files', positional: true }),
    baseUrl: z.string().optional().register(cliField, { description: 'address', value: 'url' }),
    strategy: z.enum(['full', 'locator-only']).default('full').register(cliField, { description: 'how' }),
    finishCheck: z.boolean().default(true).register(cliField, { description: 'skip the check' }),
    vars: z.record(z.string(), z.string()).optional().register(cliField, { description: 'values', flag: 'var' }),
    rounds: wholeNumber().optional().register(cliField, { description: 'rounds' }),
    viewport: z.object({ width: z.number(), height: z.number() }).optional().register(cliField, { description: 'size' }),
  }),
  result: z.object({ files: z.array(z.string()), count: z.number() }),
  async run(_ctx, input) {
    received = input;
    return { code: 0, result: { files: input.files, count: input.files.length } };
  },
});

function withProject<T>(body: (dir: string, host: CommandHost) => Promise<T>): Promise<T> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bu-run-command-'));
  fs.writeFileSync(path.join(dir, 'brow-use.config.ts'), "export default { baseURL: 'http://127.0.0.1:4173/app/' };\n");
  const host: CommandHost = { cwd: dir, env: { ...process.env, BU_OUTPUT: '' }, log: () => undefined, print: () => undefined };
  return body(dir, host).finally(() => fs.rmSync(dir, { recursive: true, force: true }));
}

test('typed input: not given takes the config, then the schema default; bad values are UsageErrors naming the flag', async () => {
  await withProject(async (_dir, host) => {
    const ran = await runCommand(probe, { files: ['a b/c.zip'] }, host);
    expect(ran).toEqual({ code: 0, result: { files: ['a b/c.zip'], count: 1 } });
    expect(received).toEqual({ files: ['a b/c.zip'], baseUrl: 'http://127.0.0.1:4173/app/', strategy: 'full', finishCheck: true });
    await runCommand(probe, { files: ['x'], baseUrl: 'http://localhost:9/', strategy: 'locator-only', finishCheck: false, vars: { a: '1' } }, host);
    expect(received).toEqual({ files: ['x'], baseUrl: 'http://localhost:9/', strategy: 'locator-only', finishCheck: false, vars: { a: '1' } });

    // @ts-expect-error: not a strategy
    await expect(runCommand(probe, { files: ['x'], strategy: 'fast' }, host)).rejects.toThrow(new UsageError("option '--strategy <strategy>' argument 'fast' is invalid. Allowed choices are full, locator-only."));
    await expect(runCommand(probe, { files: ['x'], rounds: 0 }, host)).rejects.toThrow(new UsageError('--rounds 0: expected a whole number above 0'));
    await expect(runCommand(probe, { files: [] }, host)).rejects.toThrow(new UsageError("missing required argument 'files'"));
    // @ts-expect-error: no such input
    await expect(runCommand(probe, { files: ['x'], speed: 2 }, host)).rejects.toThrow(/has no input speed/);
  });
});

test('bu parses argv into the same input: lists keep a value with a space, k=v records, WxH sizes; bad ones exit 2 with the flag named', async () => {
  await withProject(async (dir) => {
    const stdout: string[] = [];
    const stderr: string[] = [];
    const io = { cwd: dir, env: { ...process.env, BU_OUTPUT: '' }, stdout: (text: string) => void stdout.push(text), stderr: (text: string) => void stderr.push(text) };
    const bu = async (argv: string[]) => {
      stdout.length = 0;
      stderr.length = 0;
      // The probe stands in for the table: main parses with the same code whatever the command.
      return mainWith(argv, io, async () => [probe]);
    };
    expect(await bu(['probe', 'my traces/one.zip', 'two.zip', '--var', 'q=a=b', '--viewport', '800x600', '--no-finish-check', '--rounds', '3', '--json'])).toBe(0);
    expect(received).toEqual({
      files: ['my traces/one.zip', 'two.zip'], vars: { q: 'a=b' }, viewport: { width: 800, height: 600 }, finishCheck: false, rounds: 3,
      baseUrl: 'http://127.0.0.1:4173/app/', strategy: 'full',
    });
    expect(JSON.parse(stdout.join('').trim().split('\n').at(-1)!)).toEqual({ files: ['my traces/one.zip', 'two.zip'], count: 2 });

    expect(await bu(['probe', 'x', '--strategy', 'fast'])).toBe(2);
    expect(stderr.join('')).toContain("argument 'fast' is invalid. Allowed choices are full, locator-only.");
    expect(await bu(['probe', 'x', '--rounds', 'many'])).toBe(2);
    expect(stderr.join('')).toContain('bu: --rounds many: expected a number');
    expect(await bu(['probe', 'x', '--rounds', '1.5'])).toBe(2);
    expect(stderr.join('')).toContain('bu: --rounds 1.5: expected a whole number above 0');
    expect(await bu(['probe', 'x', '--var', 'novalue'])).toBe(2);
    expect(stderr.join('')).toContain('bu: --var novalue: expected NAME=value');
    expect(await bu(['probe', 'x', '--viewport', 'big'])).toBe(2);
    expect(stderr.join('')).toContain('bu: --viewport big: expected WIDTHxHEIGHT');
  });
});
