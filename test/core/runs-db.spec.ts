import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '../support/fixtures.ts';
import { RunsDb } from '../../core/runs-db.ts';
import { RunDatabase } from '../../core/schema/run.ts';
import { kRepoRoot } from '../../harness/cli.ts';

const kWriter = path.join(kRepoRoot, 'test', 'support', 'runs-writer.mjs');

function writer(file: string, prefix: string, count: number, pad = 0) {
  return spawn(process.execPath, [kWriter, file, prefix, String(count), String(pad)], {
    cwd: kRepoRoot,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
}

function exited(child: ReturnType<typeof writer>): Promise<number | null> {
  return new Promise((resolve) => child.on('close', (code) => resolve(code)));
}

async function tempDb(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bu-runs-'));
  return path.join(dir, '.brow-use', 'runs.json');
}

test('8 processes writing 25 runs each at once leave 200 entries', async () => {
  test.setTimeout(120_000);
  const file = await tempDb();
  const children = Array.from({ length: 8 }, (_, i) => writer(file, `w${i}`, 25));
  const codes = await Promise.all(children.map(exited));
  expect(codes).toEqual(Array(8).fill(0));
  const runs = RunDatabase.parse(JSON.parse(await fs.readFile(file, 'utf8')));
  expect(runs).toHaveLength(200);
  expect(new Set(runs.map((r) => r.sessionId)).size).toBe(200);
  const leftovers = (await fs.readdir(path.dirname(file))).filter((f) => f !== 'runs.json');
  expect(leftovers).toEqual([]);
});

test('a writer killed with SIGKILL mid-write leaves a valid file and no stuck lock', async () => {
  test.setTimeout(120_000);
  const file = await tempDb();
  const db = new RunsDb(file);
  for (let round = 0; round < 6; round++) {
    // Large entries make each write take long enough to be interrupted.
    const child = writer(file, `k${round}`, 1000, 200_000);
    await new Promise((resolve) => setTimeout(resolve, 700 + round * 150));
    child.kill('SIGKILL');
    await exited(child);
    const runs = await db.list();
    expect(RunDatabase.safeParse(runs).success).toBe(true);
  }
  const before = (await db.list()).length;
  // A lock left by a killed writer is broken: the next writer succeeds.
  const code = await exited(writer(file, 'after', 3));
  expect(code).toBe(0);
  expect((await db.list()).length).toBe(before + 3);
  // Temp files of killed writers are cleaned up by the next writer.
  expect((await fs.readdir(path.dirname(file))).filter((f) => f.endsWith('.tmp'))).toEqual([]);
});

test('upsert merges into an existing entry', async () => {
  const db = new RunsDb(await tempDb());
  const base = { sessionId: 'explore-1714062110123', command: 'explore', startedAt: '2026-01-01T00:00:00.000Z', endedAt: null, url: 'http://x/', mode: 'playwright' as const, artifacts: { trace: 'a.zip' } };
  await db.upsert(base);
  await db.upsert({ sessionId: base.sessionId, endedAt: '2026-01-01T00:01:00.000Z', terminationReason: 'done', artifacts: { history: 'h.json' } });
  const [run] = await db.list();
  expect(run).toMatchObject({ endedAt: '2026-01-01T00:01:00.000Z', terminationReason: 'done', artifacts: { trace: 'a.zip', history: 'h.json' } });
});

test('a malformed database is reported with its path', async () => {
  const file = await tempDb();
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, '[{"sessionId": 1}]');
  await expect(new RunsDb(file).list()).rejects.toThrow(file);
});
