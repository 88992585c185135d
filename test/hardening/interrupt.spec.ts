import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect, test } from '../support/fixtures.ts';
import { startDemoServer, type DemoServer } from '../../demo/server.ts';
import { ExtractManifest } from '../../core/schema/extract.ts';
import { ReplayReport } from '../../core/schema/replay-report.ts';
import { RunDatabase } from '../../core/schema/run.ts';
import { kRepoRoot } from '../../harness/cli.ts';
import { spawnBu, tempDir } from '../capture/support.ts';

/**
 * Interrupted replay and extract (capture: test/capture/interrupt.spec.ts): SIGINT and SIGTERM
 * stop cleanly and keep what was done, SIGKILL loses only the interrupted command's own output;
 * earlier artifacts stay complete and the run database stays valid.
 */

test.describe.configure({ timeout: 150_000 });

const kFixtures = path.join(kRepoRoot, 'test', 'hardening', 'fixtures');
const kSession = 'script-1795299345882';

/**
 * Each answer of the app is delayed this long, so a replay is still running when the signal comes:
 * the signal follows the step's line at once, and the eight steps after it need several answers.
 * The replay also waits out the answers in flight when it stops, so a longer delay only costs time.
 */
const kDelayMs = 200;

/** The demo app behind a proxy that answers slowly. */
async function slowDemo(server: DemoServer): Promise<{ url: string; close(): Promise<void> }> {
  const target = new URL(server.url);
  const proxy = http.createServer((req, res) => {
    setTimeout(() => {
      const upstream = http.request({ host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      upstream.on('error', () => res.destroy());
      req.pipe(upstream);
    }, kDelayMs);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((resolve) => { proxy.closeAllConnections(); proxy.close(() => resolve()); }) };
}

let server: DemoServer;
let demo: { url: string; close(): Promise<void> };
let cwd: string;
const kEnv = { BU_SECRET_PASSWORD: 'correct-horse' };
test.beforeAll(async () => {
  server = await startDemoServer({ port: 0 });
  demo = await slowDemo(server);
});
test.afterAll(async () => {
  await demo.close();
  await server.close();
});

/** Waits for `text` on the child's stderr, as soon as it is written; fails at once if the child ended first. */
function waitFor(bu: ReturnType<typeof spawnBu>, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const stderr = bu.child.stderr!;
    const check = () => {
      if (!bu.stderr().includes(text)) return;
      stderr.off('data', check);
      resolve();
    };
    // Registered after spawnBu's own listener, so bu.stderr() already holds the chunk.
    stderr.on('data', check);
    void bu.done.then(() => reject(new Error(`bu ended before "${text}":\n${bu.stderr()}`)));
    check();
  });
}
test.beforeEach(async () => {
  cwd = await tempDir('hard-int');
  await fs.mkdir(path.join(cwd, '.brow-use'), { recursive: true });
  await fs.mkdir(path.join(cwd, 'out', 'history'), { recursive: true });
  await fs.copyFile(path.join(kFixtures, 'runs.json'), path.join(cwd, '.brow-use', 'runs.json'));
  await fs.copyFile(path.join(kFixtures, 'history-v1.json'), path.join(cwd, 'out', 'history', `${kSession}.json`));
});
test.afterEach(async () => {
  await fs.rm(cwd, { recursive: true, force: true });
});

async function runsDb() {
  return RunDatabase.parse(JSON.parse(await fs.readFile(path.join(cwd, '.brow-use', 'runs.json'), 'utf8')));
}

async function reports(): Promise<string[]> {
  return fs.readdir(path.join(cwd, 'out', 'replays', kSession)).catch(() => []);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  test(`replay stopped with ${signal}: exit 1, a complete report with the rest skipped, recorded in the run database`, async () => {
    const bu = spawnBu(['replay', kSession, '--base-url', demo.url, '--json'], { cwd, env: kEnv });
    await waitFor(bu, 'step 2/10');
    bu.child.kill(signal);
    const run = await bu.done;
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toContain(`${signal} received`);
    expect(run.stderr).not.toMatch(/unexpected error|\n\s+at /);
    const files = await reports();
    expect(files).toHaveLength(1);
    const report = ReplayReport.parse(JSON.parse(await fs.readFile(path.join(cwd, 'out', 'replays', kSession, files[0]!), 'utf8')));
    expect(report.steps).toHaveLength(10);
    expect(report.steps.filter((s) => s.status === 'skipped' && s.message === 'the replay was interrupted').length).toBeGreaterThan(0);
    const entry = (await runsDb()).find((r) => r.sessionId === kSession)!;
    expect(Object.keys(entry.artifacts)).toContain(`replay:${files[0]!.replace(/\.json$/, '')}`);
  });
}

test('replay killed with SIGKILL: no half report, the run database and earlier reports intact', async () => {
  const first = spawnBu(['replay', kSession, '--base-url', demo.url, '--json'], { cwd, env: kEnv });
  await waitFor(first, 'step 1/10');
  first.child.kill('SIGINT');
  await first.done;
  const earlier = await reports();
  expect(earlier).toHaveLength(1);
  const before = await fs.readFile(path.join(cwd, 'out', 'replays', kSession, earlier[0]!), 'utf8');
  const dbBefore = await runsDb();

  const bu = spawnBu(['replay', kSession, '--base-url', demo.url, '--json'], { cwd, env: kEnv });
  await waitFor(bu, 'step 2/10');
  bu.child.kill('SIGKILL');
  await bu.done;
  expect(await reports()).toEqual(earlier);
  expect(await fs.readFile(path.join(cwd, 'out', 'replays', kSession, earlier[0]!), 'utf8')).toBe(before);
  expect(await runsDb()).toEqual(dbBefore);
});

test('extract stopped with SIGTERM or SIGKILL: the earlier extract stays complete', async () => {
  const zip = path.join(cwd, 'run.zip');
  await fs.copyFile(path.join(kRepoRoot, 'test', 'extract', 'fixtures', 'v9.zip'), zip);
  const first = await spawnBu(['extract', 'run.zip', '--json'], { cwd }).done;
  expect(first.code, first.stderr).toBe(0);
  const dir = path.join(cwd, 'out', 'extract', 'run');
  const manifest = await fs.readFile(path.join(dir, 'manifest.json'), 'utf8');
  for (const signal of ['SIGTERM', 'SIGKILL'] as const) {
    for (const delayMs of [400, 900, 1_400]) {
      const bu = spawnBu(['extract', 'run.zip', '--json'], { cwd });
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      bu.child.kill(signal);
      const run = await bu.done;
      if (signal === 'SIGTERM') expect([0, 1, 2, null], run.stderr).toContain(run.code);
      expect(run.stderr).not.toMatch(/unexpected error|\n\s+at /);
      // Complete, and byte-identical: extract is deterministic.
      expect(await fs.readFile(path.join(dir, 'manifest.json'), 'utf8')).toBe(manifest);
      const counts = ExtractManifest.parse(JSON.parse(manifest)).counts;
      expect(await fs.readdir(path.join(dir, 'screenshots'))).toHaveLength(counts.screenshots);
    }
  }
  await runsDb();
});
