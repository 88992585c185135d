import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '../support/fixtures.ts';
import fc from 'fast-check';
import { runCli } from '../../harness/cli.ts';
import { runMain } from './support/run-main.ts';

/**
 * Random flag soups into every `bu` subcommand, run in-process through `main()` (spawning bu costs
 * about a second): each exits 0, 1 or 2, never prints a stack trace, and a 2 comes with a sentence.
 * The vocabulary holds no usable http address, so no soup can start a browser or a server.
 */

const kCommands = [
  ['capture', 'script'], ['capture', 'explore'], ['capture', 'guided'], ['capture', 'run'], ['capture', 'investigate'],
  ['capture', 'resume'], ['capture'], ['extract'], ['generate'], ['replay'], ['runs'], ['runs', 'list'], ['runs', 'show'],
  ['report'], ['nope'], [],
];
const kFlags = [
  '--url', '--plan', '--max-steps', '--policy', '--allow-domain', '--secret', '--var', '--fill', '--viewport', '--format',
  '--base-url', '--strategy', '--fallback', '--heal', '--out', '--llm', '--all', '--json', '--cdp', '--ws-endpoint', '--storage-state',
  '--upload-path', '--intent', '--instruction', '--run', '--investigate', '--grounded', '--max-failures', '--max-tokens',
  '--max-cost', '--step-timeout', '--llm-replay', '--vision', '--write-back', '--bogus', '-x', '--', '--no-finish-check',
];
const kValues = [
  'ftp://x', 'not a url', '', '-1', '0', 'abc', '1e9', 'NaN', '../../etc/passwd', 'x=y', '=', '=v', 'explore-1714062110123',
  'plan.json', 'history.json', 'trace.zip', 'missing.json', '💥', 'NAME', 'bad name!', 'javascript:alert(1)', '100000x1',
  'crawler', 'llm', 'csv', 'full', 'off', 'on', '..', '/', 'file:///etc/passwd', '{{secret:x}}', '%00', 'a'.repeat(5000),
];

const token = fc.oneof(fc.constantFrom(...kFlags), fc.constantFrom(...kValues), fc.string({ maxLength: 12 }));
const soup = fc.tuple(fc.constantFrom(...kCommands), fc.array(token, { maxLength: 8 })).map(([cmd, rest]) => [...cmd, ...rest]);

let dir: string;
let cwd: string;
const saved: Record<string, string | undefined> = {};
test.beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bu-hard-flags-'));
  await fs.writeFile(path.join(dir, 'plan.json'), '{"version": 1, "steps": [{"fly": {}}]}');
  await fs.writeFile(path.join(dir, 'history.json'), '{"version": 1, "steps": "none"}');
  await fs.writeFile(path.join(dir, 'trace.zip'), 'PK\u0003\u0004 not really');
  cwd = process.cwd();
  process.chdir(dir);
  for (const name of ['BU_OUTPUT', 'OPENAI_API_KEY', 'OPENAI_BASE_URL', 'BU_MODEL']) saved[name] = process.env[name];
  process.env.BU_OUTPUT = path.join(dir, 'out');
  delete process.env.OPENAI_API_KEY;
  delete process.env.OPENAI_BASE_URL;
  delete process.env.BU_MODEL;
});
test.afterAll(async () => {
  process.chdir(cwd);
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await fs.rm(dir, { recursive: true, force: true });
});

test('300 random flag soups: exit 0, 1 or 2, a sentence, never a stack trace', async () => {
  test.setTimeout(120_000);
  const codes = new Map<number, number>();
  await fc.assert(fc.asyncProperty(soup, async (argv) => {
    const run = await runMain(argv);
    const what = `bu ${JSON.stringify(argv)} -> ${run.code}\n${run.stderr}`;
    codes.set(run.code, (codes.get(run.code) ?? 0) + 1);
    expect([0, 1, 2], what).toContain(run.code);
    expect(run.stderr, what).not.toMatch(/\n\s+at |unexpected error/);
    if (run.code === 2) expect(run.stderr, what).toMatch(/^bu: \S.{8,}/m);
  }), { numRuns: 300 });
  expect(codes.get(2)).toBeGreaterThan(150);
});

test('the real binary agrees on a few soups (bounded spawns)', async () => {
  test.setTimeout(120_000);
  const samples = fc.sample(soup, { numRuns: 5, seed: 11 });
  for (const argv of samples) {
    const inProcess = await runMain(argv);
    const spawned = await runCli(argv, { cwd: dir, env: { BU_OUTPUT: path.join(dir, 'out'), OPENAI_API_KEY: '', OPENAI_BASE_URL: '', BU_MODEL: '' }, timeoutMs: 30_000 });
    expect(spawned.code, `bu ${argv.join(' ')}\n${spawned.stderr}`).toBe(inProcess.code);
    expect(spawned.stderr).not.toMatch(/\n\s+at /);
  }
});
