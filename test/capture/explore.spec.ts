import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '../support/fixtures.ts';
import { kRoutes } from '../../demo/routes.ts';
import { startDemoServer } from '../../demo/server.ts';
import { kUser } from '../../demo/store.ts';
import { kRepoRoot, runCli, type CliResult } from '../../harness/cli.ts';

/**
 * `bu capture explore` with the crawler on the demo app, through the CLI as a user runs it. The
 * crawler gets the demo account the generic way (`--fill email=...`, `--secret password`).
 */

/** The demo's pages are all reached in about 13 steps; a little slack for slow machines. */
const kCoverageSteps = 18;
/** At least login plus a few pages: the determinism check compares the whole walk. */
const kMinDeterminismSteps = 10;
/** Routes that are not pages to visit: the icon, JSON, framed fragments, the test reset, logging out. */
const kNotPages = /favicon|api|frame|danger|__reset|logout/;

test.describe.configure({ timeout: 240_000 });

interface Explored {
  cli: CliResult;
  dir: string;
  sessionId: string;
  urls: string[];
  hashes: string[];
  actions: string[];
}

async function explore(maxSteps: number): Promise<Explored> {
  const server = await startDemoServer({ port: 0 });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bu-explore-'));
  try {
    const cli = await runCli(
      ['capture', 'explore', '--url', server.url, '--max-steps', String(maxSteps), '--fill', `email=${kUser.email}`, '--secret', 'password', '--json'],
      { cwd: dir, env: { BU_OUTPUT: path.join(dir, 'output'), BU_SECRET_PASSWORD: kUser.password, OPENAI_API_KEY: '', OPENAI_BASE_URL: '' }, timeoutMs: 200_000 },
    );
    expect(cli.json, cli.stderr).not.toBeNull();
    const sessionId = String(cli.json!.sessionId);
    const origin = new URL(server.url).origin;
    const aria = fs.readFileSync(path.join(dir, 'output', 'aria-log', `${sessionId}.jsonl`), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { url: string; hash: string });
    const history = JSON.parse(fs.readFileSync(path.join(dir, 'output', 'history', `${sessionId}.json`), 'utf8')) as { steps: { action: string; params: Record<string, unknown> }[] };
    return {
      cli, dir, sessionId,
      urls: aria.map((line) => line.url),
      hashes: aria.map((line) => line.hash),
      // Ports differ between runs; everything else must not.
      actions: history.steps.map((step) => `${step.action} ${JSON.stringify(step.params).split(origin).join('<origin>')}`),
    };
  } finally {
    await server.close();
  }
}

test.describe('two crawls of the demo app, side by side', () => {
  // In one worker, in order: both tests read the two crawls beforeAll runs, which a test run in
  // a second worker would run again.
  test.describe.configure({ mode: 'default' });

  let first: Explored;
  let second: Explored;

  test.beforeAll(async () => {
    // Two crawls of 18 steps at once: on a machine loaded by other tests' browsers they once took
    // longer than the default minute.
    test.setTimeout(150_000);
    // Side by side: each crawl has its own app and browser, so neither sees the other.
    [first, second] = await Promise.all([explore(kCoverageSteps), explore(kCoverageSteps)]);
  });

  test.afterAll(() => {
    for (const run of [first, second]) if (run) fs.rmSync(run.dir, { recursive: true, force: true });
  });

  test('the crawler logs in with given values and reaches every page of the demo app; Playwright reads its trace', () => {
    const run = first;
    expect(run.cli.code, run.cli.stderr).toBe(0);
    expect(['frontier-empty', 'maxSteps']).toContain(run.cli.json!.terminationReason);
    const pages = kRoutes.filter((route) => route.method === 'GET' && !kNotPages.test(route.path.source));
    const visited = run.urls.map((url) => new URL(url).pathname);
    const missing = pages.filter((route) => !visited.some((pathname) => route.path.test(pathname))).map((route) => route.path.source);
    expect(missing, `visited: ${[...new Set(visited)].join(' ')}`).toEqual([]);
    // Logged in through the form: the password went in as a placeholder, never in clear.
    expect(run.actions).toContain('input {"text":"{{secret:password}}","clear":true}');
    const artifacts = fs.readdirSync(path.join(run.dir, 'output'), { recursive: true }).map(String).join('\n');
    expect(artifacts).toContain(`traces/${run.sessionId}.zip`);

    const trace = path.join(run.dir, 'output', 'traces', `${run.sessionId}.zip`);
    // Playwright's own trace CLI (it keeps the opened trace under the cwd: the temp dir).
    const playwright = (args: string[]) =>
      execFileSync(process.execPath, [path.join(kRepoRoot, 'node_modules', 'playwright', 'cli.js'), 'trace', ...args], { cwd: run.dir, encoding: 'utf8', timeout: 60_000 });
    playwright(['open', trace]);
    const actions = playwright(['actions']);
    expect(actions).toMatch(/Click/);
    expect(actions).toMatch(/Fill/);
    expect(actions).toMatch(/bu step 1/);
  });

  test('two crawls of the demo app take the same states and actions', () => {
    expect(first.cli.code, first.cli.stderr).toBe(0);
    expect(second.cli.code, second.cli.stderr).toBe(0);
    expect(first.actions.length).toBeGreaterThan(kMinDeterminismSteps - 2);
    expect(second.hashes).toEqual(first.hashes);
    expect(second.actions).toEqual(first.actions);
  });
});

test('--policy llm without a model is a usage error that names the way out', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bu-explore-'));
  try {
    const cli = await runCli(['capture', 'explore', '--url', 'http://127.0.0.1:9/', '--policy', 'llm'], {
      cwd: dir, env: { BU_OUTPUT: path.join(dir, 'output'), OPENAI_API_KEY: '', OPENAI_BASE_URL: '' }, timeoutMs: 30_000,
    });
    expect(cli.code).toBe(2);
    expect(cli.stderr).toMatch(/no model configured/);
    expect(cli.stderr).toMatch(/--policy crawler/);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
