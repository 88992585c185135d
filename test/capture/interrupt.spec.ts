import { expect, test } from '../support/fixtures.ts';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import JSZip from 'jszip';
import { History } from '../../core/schema/history.ts';
import { RunDatabase } from '../../core/schema/run.ts';
import { servePages, spawnBu, tempDir, until } from './support.ts';

/** A capture that loses its browser or is interrupted keeps what it recorded and says so. */

test.describe.configure({ timeout: 240_000 });

function childPids(pid: number): number[] {
  try {
    return execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' }).trim().split('\n').filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

function commandOf(pid: number): string {
  try {
    return execFileSync('ps', ['-o', 'comm=', '-p', String(pid)], { encoding: 'utf8' }).trim();
  } catch {
    return '';
  }
}

async function setUp(name: string) {
  const pages = await servePages({ '/': '<title>Start</title><h1>Start</h1><button onclick="document.title=\'Clicked\'">Go</button>' });
  const cwd = await tempDir(name);
  const plan = { version: 1, url: pages.url, steps: [{ click: { target: { role: 'button', name: 'Go' } } }, { wait: { seconds: 60 } }, { done: { text: 'never' } }] };
  await fs.writeFile(path.join(cwd, 'plan.json'), JSON.stringify(plan));
  const bu = spawnBu(['capture', 'script', '--plan', 'plan.json', '--json'], { cwd });
  await until(() => bu.stderr().includes('step 1/3 click button "Go" -> ok'), 150_000, 'the first step');
  return { pages, cwd, bu };
}

/**
 * Step 2 (the 60 s wait) has begun: its perception is in the aria log, and the wait itself starts
 * right after it. The margin only has to cover deciding and starting the action.
 */
async function untilWaitStarted(cwd: string): Promise<void> {
  const lines = async () => {
    const dir = path.join(cwd, 'out', 'aria-log');
    const files = await fs.readdir(dir).catch(() => [] as string[]);
    const text = files[0] ? await fs.readFile(path.join(dir, files[0]), 'utf8') : '';
    return text.split('\n').filter(Boolean).length;
  };
  await until(async () => (await lines()) >= 2, 60_000, 'step 2 to begin');
  await new Promise((resolve) => setTimeout(resolve, 2_000));
}

async function recorded(cwd: string) {
  const runs = RunDatabase.parse(JSON.parse(await fs.readFile(path.join(cwd, '.brow-use', 'runs.json'), 'utf8')));
  const entry = runs[0]!;
  const history = History.parse(JSON.parse(await fs.readFile(path.join(cwd, 'out', 'history', `${entry.sessionId}.json`), 'utf8')));
  const zip = await JSZip.loadAsync(await fs.readFile(path.join(cwd, 'out', 'traces', `${entry.sessionId}.zip`)));
  const trace = await zip.file('trace.trace')!.async('string');
  return { entry, history, trace, files: Object.keys(zip.files) };
}

test('a browser killed mid-run: exit 1, the run is recorded as an error, earlier artifacts are kept', async () => {
  const { pages, cwd, bu } = await setUp('kill');
  try {
    // Killed once step 2 (the wait) is under way: the error then names that step.
    await untilWaitStarted(cwd);
    const chromium = childPids(bu.child.pid!).filter((pid) => /chrom/i.test(commandOf(pid)));
    expect(chromium.length).toBe(1);
    process.kill(chromium[0]!, 'SIGKILL');
    const run = await bu.done;
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/bu: capture failed: plan step 2 \(wait seconds=60\): the browser closed or crashed/);
    const { entry, history, trace, files } = await recorded(cwd);
    expect(entry.terminationReason).toBe('error');
    expect(entry.error).toContain('the browser closed or crashed');
    expect(entry.endedAt).not.toBeNull();
    expect(history.steps[0]).toMatchObject({ action: 'click', ok: true });
    // The trace could not be stopped; it was rebuilt from the raw files and still has step 1.
    expect(trace).toContain('bu step 1: click button \\"Go\\"');
    // With the screenshot capture took once step 1 settled, placed as its click's own.
    const events = trace.split('\n').map((line) => JSON.parse(line || 'null') as { type?: string; method?: string; callId?: string; phase?: string; file?: string } | null)
      .filter((event) => event !== null);
    const clickId = events.find((event) => event.type === 'before' && event.method === 'click')?.callId;
    const shot = events.find((event) => event.type === 'screenshot' && event.callId === clickId);
    expect(shot).toMatchObject({ phase: 'after', file: expect.stringMatching(/^screenshots\/.+\.jpeg$/) });
    expect(files).toContain(shot!.file);
  } finally {
    bu.child.kill('SIGKILL');
    await pages.close();
    await fs.rm(cwd, { recursive: true, force: true });
  }
});

test('SIGTERM mid-run: exit 1, the trace is saved and the run is recorded as an error', async () => {
  const { pages, cwd, bu } = await setUp('sigterm');
  try {
    await untilWaitStarted(cwd);
    bu.child.kill('SIGTERM');
    const run = await bu.done;
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('SIGTERM received');
    expect(run.stderr).toContain('interrupted by SIGTERM');
    const { entry, history, trace } = await recorded(cwd);
    expect(entry).toMatchObject({ terminationReason: 'error' });
    expect(entry.error).toContain('interrupted by SIGTERM');
    expect(history.steps.map((s) => s.action)).toEqual(['click', 'wait']);
    expect(trace).toContain('bu step 2: wait seconds=60');
  } finally {
    bu.child.kill('SIGKILL');
    await pages.close();
    await fs.rm(cwd, { recursive: true, force: true });
  }
});
