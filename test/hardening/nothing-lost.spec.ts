import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '../support/fixtures.ts';
import { ExtractManifest } from '../../core/schema/extract.ts';
import { outputPaths } from '../../core/paths.ts';
import { extractTrace } from '../../extract/extract.ts';
import { kRepoRoot } from '../../harness/cli.ts';

/**
 * Nothing lost: every kind of shared-file writer (JSONL appends for the llm/aria/reasoning logs,
 * temp-file-and-rename for the history, replay reports and generated files, extract dirs)
 * under several concurrent processes and under SIGKILL. runs.json itself: test/core/runs-db.spec.ts.
 */

test.describe.configure({ timeout: 120_000 });

const kWriters = path.join(kRepoRoot, 'test', 'hardening', 'support', 'writers.mjs');
/** Complete reads a racing reader makes before the writers are killed. */
const kRacingReads = 30;
const kFixtureZip = path.join(kRepoRoot, 'test', 'extract', 'fixtures', 'testrunner-v10.zip');

function writer(args: string[]): ChildProcess {
  return spawn(process.execPath, [kWriters, ...args], { cwd: kRepoRoot, stdio: ['ignore', 'ignore', 'pipe'] });
}
function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.on('close', (code) => resolve(code)));
}

let dir: string;
test.beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bu-hard-lost-'));
});
test.afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

test('4 processes appending 250 JSON lines each to one log: 1000 whole lines', async () => {
  const file = path.join(dir, 'llm', 'run-1.jsonl');
  // Lines of ~5 KB: bigger than a pipe buffer, as model responses are.
  const codes = await Promise.all(['a', 'b', 'c', 'd'].map((p) => exited(writer(['append', file, p, '250', '5000']))));
  expect(codes).toEqual([0, 0, 0, 0]);
  const lines = (await fs.readFile(file, 'utf8')).split('\n').filter(Boolean);
  expect(lines).toHaveLength(1000);
  const parsed = lines.map((line) => JSON.parse(line) as { writer: string; i: number });
  for (const p of ['a', 'b', 'c', 'd']) expect(parsed.filter((l) => l.writer === p).map((l) => l.i)).toEqual([...Array(250).keys()]);
});

test('whole-file writers racing and killed: a reader only ever sees a complete file', async () => {
  const file = path.join(dir, 'history', 'run-1.json');
  const children = ['a', 'b', 'c'].map((p) => writer(['atomic', file, p, '100000', '300000']));
  // Reads while every writer is still writing, however long the machine takes to get that many.
  let reads = 0;
  while (reads < kRacingReads && children.every((child) => child.exitCode === null)) {
    const text = await fs.readFile(file, 'utf8').catch((err: NodeJS.ErrnoException) => (err.code === 'ENOENT' ? null : Promise.reject(err)));
    if (text !== null) {
      expect(() => JSON.parse(text)).not.toThrow();
      reads++;
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  for (const child of children) child.kill('SIGKILL');
  await Promise.all(children.map(exited));
  expect(reads).toBe(kRacingReads);
  expect(JSON.parse(await fs.readFile(file, 'utf8'))).toMatchObject({ i: expect.any(Number) });
});

async function checkExtract(out: string, id: string): Promise<void> {
  const root = path.join(out, 'extract', id);
  const manifest = ExtractManifest.parse(JSON.parse(await fs.readFile(path.join(root, 'manifest.json'), 'utf8')));
  const names = await fs.readdir(root);
  for (const file of ['actions.jsonl', 'steps.jsonl', 'aria.jsonl', 'edges.jsonl', 'network.jsonl', 'console.jsonl']) expect(names).toContain(file);
  expect(await fs.readdir(path.join(root, 'screenshots'))).toHaveLength(manifest.counts.screenshots);
}

test('concurrent extracts of one trace, in one process and in several: every one succeeds, the dir is complete', async () => {
  const zip = path.join(dir, 'run.zip');
  await fs.copyFile(kFixtureZip, zip);
  const paths = outputPaths(path.join(dir, 'out'));
  const results = await Promise.allSettled(Array.from({ length: 6 }, () => extractTrace(zip, { paths, cwd: dir })));
  expect(results.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason))).toEqual([]);
  await checkExtract(paths.root, 'run');
  const codes = await Promise.all(['a', 'b', 'c'].map(() => exited(writer(['extract', zip, 'x', '15']))));
  expect(codes).toEqual([0, 0, 0]);
  await checkExtract(paths.root, 'run');
  expect(await fs.readdir(path.join(paths.root, 'extract'))).toEqual(['run']);
});

test('an extract killed at random moments keeps the earlier complete extract', async () => {
  const zip = path.join(dir, 'run.zip');
  await fs.copyFile(kFixtureZip, zip);
  const paths = outputPaths(path.join(dir, 'out'));
  await extractTrace(zip, { paths, cwd: dir });
  for (let round = 0; round < 5; round++) {
    const child = writer(['extract', zip, 'x', '1000']);
    await new Promise((resolve) => setTimeout(resolve, 1_200 + round * 170));
    child.kill('SIGKILL');
    await exited(child);
    await checkExtract(paths.root, 'run');
  }
  // The next extract also clears what killed writers left (temp and old dirs).
  await extractTrace(zip, { paths, cwd: dir });
  expect(await fs.readdir(path.join(paths.root, 'extract'))).toEqual(['run']);
});
