import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '../support/fixtures.ts';
import { History } from '../../core/schema/history.ts';
import { outputPaths } from '../../core/paths.ts';
import { RunsDb } from '../../core/runs-db.ts';
import { checkpointFile } from '../../capture/resume/checkpoint.ts';
import { spawnBu, until } from '../capture/support.ts';
import { startFakeLlm, step } from '../../harness/fake-llm.ts';
import { startSkillsSite } from './skills-site.ts';
import { kCliTestTimeoutMs, sessionIdOf, useHarness } from '../../harness/sites/agent-site.ts';

/** `bu capture resume`: a killed or interrupted capture goes on from its last checkpoint, in the same session. */

const h = useHarness({ start: startSkillsSite, timeoutMs: kCliTestTimeoutMs * 2 });

function childPids(pid: number): number[] {
  try {
    return execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' }).trim().split('\n').filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

function killAll(pids: number[]): void {
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

test('a run killed with SIGKILL after two steps is finished by resume, with its memory, login and history', async () => {
  const llm = await startFakeLlm((req, index) => {
    if (index === 0) return step({ navigate: { url: `${h.site.url}login` } }, { memory: 'logged in', goal: 'log in' });
    if (index === 1) return step({ navigate: { url: `${h.site.url}account` } }, { memory: 'logged in; on the account page' });
    if (index === 2) return { ...step({ wait: {} }), delayMs: 120_000 }; // the process is killed while it waits
    return step({ done: { text: 'Signed in as Ann', success: true } });
  });
  const env = { BU_OUTPUT: h.ws.output, BU_MODEL: 'fake-model', OPENAI_API_KEY: 'test', OPENAI_BASE_URL: llm.url, BU_LLM_TIMEOUT_MS: '150000' };
  const args = ['capture', 'run', '--url', h.site.url, '--instruction', 'Who is signed in?', '--format', 'txt', '--no-finish-check', '--json'];
  const bu = spawnBu(args, { cwd: h.ws.dir, env });
  const paths = outputPaths(h.ws.output);
  try {
    await until(() => llm.requests.length >= 3, 120_000, 'the third model call');
    const id = /capture (run-\d+)/.exec(bu.stderr())![1]!;
    await until(() => fs.existsSync(checkpointFile(paths, id)) && JSON.parse(fs.readFileSync(checkpointFile(paths, id), 'utf8')).step === 2, 10_000, 'the checkpoint of step 2');
    const browser = childPids(bu.child.pid!);
    bu.child.kill('SIGKILL');
    await bu.done;
    killAll(browser);
    const before = await new RunsDb(paths.runsDb).get(id);
    expect(before).toMatchObject({ endedAt: null });

    const resumed = await h.ws.run(['capture', 'resume', id], llm);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(sessionIdOf(resumed)).toBe(id);
    expect(resumed.json).toMatchObject({ terminationReason: 'done', text: 'Signed in as Ann' });
    // Part 2 started where part 1 stopped: step 3, on the account page, still logged in, with the memory and history.
    const first = llm.requests[3]!.messages[1]!.content;
    expect(first).toContain('Step 3 of at most');
    expect(first).toContain('Signed in as Ann');
    expect(first).toContain('<memory>\nlogged in; on the account page\n</memory>');
    expect(first).toContain('step 2: evaluation');
    const history = History.parse(JSON.parse(fs.readFileSync(paths.history(id), 'utf8')));
    expect(history.steps.map((s) => [s.index, s.action])).toEqual([[0, 'navigate'], [1, 'navigate'], [2, 'done']]);
    const entry = (await h.ws.runEntry(id))!;
    expect(entry).toMatchObject({ command: 'run', terminationReason: 'done', steps: 3, parts: 2, instruction: 'Who is signed in?' });
    expect(entry.endedAt).not.toBeNull();
    expect(entry.error).toBeUndefined();
    expect(entry.usage).toMatchObject({ calls: 3 });
    expect(fs.readFileSync(paths.result(id, 'txt'), 'utf8')).toBe('Signed in as Ann\n');
    // Two trace parts: the killed one rebuilt from its raw files, and the resumed one.
    expect(entry.artifacts.tracePart2).toBe(paths.trace(id).replace(/\.zip$/, '.part2.zip'));
    expect(fs.existsSync(entry.artifacts.tracePart2!)).toBe(true);
    expect(fs.existsSync(paths.trace(id))).toBe(true);
    // The logs were appended to, not restarted; the checkpoint went away with the finished run.
    const reasoning = await h.ws.reasoning(id);
    expect(reasoning.some((l) => l.text.startsWith('resumed after step 2'))).toBe(true);
    expect(reasoning.some((l) => l.kind === 'plan' && l.text.startsWith('log in'))).toBe(true);
    expect((await h.ws.llmLines(id)).length).toBe(3);
    expect(fs.existsSync(checkpointFile(paths, id))).toBe(false);

    // A finished run is not resumed again.
    const again = await h.ws.run(['capture', 'resume', id], llm);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain(`${id} already ended (done): nothing to resume`);
  } finally {
    bu.child.kill('SIGKILL');
    await llm.close();
  }
});

test('a plan capture stopped by SIGTERM resumes at the next plan step', async () => {
  const plan = {
    version: 1, url: `${h.site.url}login`,
    steps: [{ navigate: { url: `${h.site.url}account` } }, { wait: { seconds: 3 } }, { navigate: { url: h.site.url } }, { done: { text: 'finished' } }],
  };
  fs.writeFileSync(path.join(h.ws.dir, 'plan.json'), JSON.stringify(plan));
  const bu = spawnBu(['capture', 'script', '--plan', 'plan.json', '--json'], { cwd: h.ws.dir, env: { BU_OUTPUT: h.ws.output } });
  await until(() => bu.stderr().includes('step 1/4 navigate'), 120_000, 'the first step');
  bu.child.kill('SIGTERM');
  const run = await bu.done;
  expect(run.code).toBe(1);
  const id = /capture (script-\d+)/.exec(run.stderr)![1]!;
  expect(await h.ws.runEntry(id)).toMatchObject({ terminationReason: 'error', error: expect.stringContaining('interrupted by SIGTERM') });

  const resumed = await h.ws.run(['capture', 'resume', id], null);
  expect(resumed.code, resumed.stderr).toBe(0);
  expect(resumed.json).toMatchObject({ sessionId: id, terminationReason: 'done' });
  const history = History.parse(JSON.parse(fs.readFileSync(outputPaths(h.ws.output).history(id), 'utf8')));
  expect(history.steps.map((s) => s.action)).toEqual(['navigate', 'wait', 'navigate', 'done']);
  expect(history.steps[2]!.post.url).toBe(h.site.url);
  // The cookie set on the plan's start page survived into the resumed browser.
  expect(history.steps[2]!.pre.heading).toBe('Signed in as Ann');
  const entry = await h.ws.runEntry(id);
  expect(entry).toMatchObject({ terminationReason: 'done', parts: 2 });
  expect(entry.error).toBeUndefined();
});

test('resume refuses what it cannot continue, with a reason: unknown sessions and crawler runs exit 2', async () => {
  const unknown = await h.ws.run(['capture', 'resume', 'run-1700000000000'], null);
  expect(unknown.code).toBe(2);
  expect(unknown.stderr).toContain('no run run-1700000000000');
  const paths = outputPaths(h.ws.output);
  const id = 'explore-1700000000001';
  await new RunsDb(paths.runsDb).upsert({ sessionId: id, command: 'explore', startedAt: new Date().toISOString(), endedAt: null, url: h.site.url, mode: 'playwright', artifacts: {} });
  fs.mkdirSync(path.dirname(checkpointFile(paths, id)), { recursive: true });
  fs.writeFileSync(checkpointFile(paths, id), JSON.stringify({
    version: 1, sessionId: id, command: 'explore', startUrl: h.site.url, pid: 999_999_999, part: 1, step: 3, writtenAt: new Date().toISOString(),
    tabs: [{ url: h.site.url }], activeTab: 0, storageState: null, filesDir: '/tmp/x', tracesDir: null, traceName: `bu-${id}`, traceFile: paths.trace(id),
    pagesVisited: [h.site.url], usage: { calls: 0, tokensIn: 0, tokensOut: 0, cost: 0 },
    settings: { headed: false, cdpUrl: null, wsEndpoint: null, storageStateFile: null, allowDomains: [], secretNames: [], variables: {}, maxSteps: 40, viewport: null, actionTimeoutMs: null, uploadPaths: [], vision: false },
    policy: { kind: 'other', name: 'crawler' },
  }));
  const crawler = await h.ws.run(['capture', 'resume', id], null);
  expect(crawler.code).toBe(2);
  expect(crawler.stderr).toContain(`${id} cannot be resumed: the crawler policy keeps its state in memory only`);
});
