import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '../support/fixtures.ts';
import { runCli } from '../../harness/cli.ts';

test('--help lists the commands', async () => {
  const result = await runCli(['--help']);
  expect(result.code).toBe(0);
  expect(result.stdout).toContain('runs');
  expect(result.stdout).toContain('doctor');
});

test('--version prints the package version and exits 0', async () => {
  const { version } = JSON.parse(await fs.readFile(path.join(import.meta.dirname, '../../package.json'), 'utf8')) as { version: string };
  for (const flag of ['--version', '-V']) {
    const result = await runCli([flag]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout.trim()).toBe(version);
  }
});

test('a wrong flag exits 2 with a sentence saying what to do', async () => {
  const result = await runCli(['runs', 'list', '--bogus']);
  expect(result.code).toBe(2);
  expect(result.stderr).toContain("unknown option '--bogus'");
  expect(result.stderr).toContain('--help');
  expect(result.stderr).not.toMatch(/\n\s+at /);
});

test('an unknown command exits 2', async () => {
  const result = await runCli(['frobnicate']);
  expect(result.code).toBe(2);
  expect(result.stderr).toContain('unknown command');
});

test('runs list and show read the run database, with --json', async () => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bu-cli-'));
  await fs.mkdir(path.join(dir, '.brow-use'));
  const run = { sessionId: 'explore-1714062110123', command: 'explore', startedAt: '2026-01-01T00:00:00.000Z', endedAt: '2026-01-01T00:01:00.000Z', url: 'http://127.0.0.1/', mode: 'playwright', artifacts: {}, terminationReason: 'done' };
  await fs.writeFile(path.join(dir, '.brow-use', 'runs.json'), JSON.stringify([run]));
  const env = { BU_OUTPUT: path.join(dir, 'output') };
  const list = await runCli(['runs', 'list', '--json'], { env });
  expect(list.code).toBe(0);
  expect(list.json).toMatchObject({ runs: [{ sessionId: run.sessionId }] });
  const show = await runCli(['runs', 'show', run.sessionId], { env });
  expect(show.code).toBe(0);
  expect(show.stdout).toContain('"terminationReason": "done"');
  const missing = await runCli(['runs', 'show', 'explore-1'], { env });
  expect(missing.code).toBe(2);
  expect(missing.stderr).toContain('bu runs list');
});

test('doctor resolves the browser', async () => {
  const result = await runCli(['doctor', '--browser', '--json']);
  expect(result.code).toBe(0);
  expect(result.json).toMatchObject({ browser: { executablePath: expect.any(String) } });
  const bad = await runCli(['doctor', '--browser'], { env: { BU_BROWSER: '/nonexistent/chromium' } });
  expect(bad.code).toBe(2);
  expect(bad.stderr).toContain('BU_BROWSER');
});
