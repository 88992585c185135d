import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '../support/fixtures.ts';
import { readJsonFile } from '../../core/io/read.ts';
import { History } from '../../core/schema/history.ts';
import { ReplayReport } from '../../core/schema/replay-report.ts';
import { recordHistory } from './support/record.ts';
import { runCli } from '../../harness/cli.ts';
import { startSite, type Site } from './support/site.ts';

/** `bu replay` end to end: exit codes, the report, secrets, no model calls, healing, write-back. */

test.describe.configure({ mode: 'serial' });

let site: Site;
let dir: string;
let historyFile: string;

/** A local OpenAI-compatible server answering every chat completion with `answer`. */
async function fakeModel(answer: (body: string) => unknown): Promise<{ url: string; requests: string[]; close(): Promise<void> }> {
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      requests.push(`${req.method} ${req.url} ${body}`);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({
        id: 'c1', object: 'chat.completion', created: 0, model: 'fake',
        choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: JSON.stringify(answer(body)), refusal: null } }],
        usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
      }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, requests, close: () => new Promise((r) => server.close(() => r())) };
}

async function bu(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return runCli(args, { env: { BU_OUTPUT: path.join(dir, 'output'), ...env }, timeoutMs: 120_000 });
}

function lastJson(stdout: string): Record<string, unknown> {
  return JSON.parse(stdout.trim().split('\n').pop()!) as Record<string, unknown>;
}

test.beforeAll(async ({ browser }) => {
  site = await startSite('tie-base');
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bu-replay-cli-'));
  const page = await browser.newPage();
  const history = await recordHistory(page, site.url, [
    { action: 'input', params: { text: '{{secret:pin}}' }, typed: '4242-secret', target: (p) => p.getByLabel('Title') },
    { action: 'click', params: {}, target: (p) => p.getByRole('button', { name: 'Save' }) },
  ], { sessionId: 'script-1700000000000', secrets: ['pin'] });
  await page.close();
  historyFile = path.join(dir, 'script-1700000000000.json');
  await fs.writeFile(historyFile, JSON.stringify(history, null, 2));
});

test.afterAll(async () => {
  await site.close();
  await fs.rm(dir, { recursive: true, force: true });
});

test.beforeEach(() => {
  site.state.saves = [];
  site.state.decoyHits = 0;
});

test('bad input exits 2 before a browser starts', async () => {
  const newer = path.join(dir, 'newer.json');
  await fs.writeFile(newer, JSON.stringify({ version: 99, sessionId: 'x', steps: [] }));
  const tooNew = await bu(['replay', newer]);
  expect(tooNew.code).toBe(2);
  expect(tooNew.stderr).toMatch(/version 99 is newer/);
  const noSecret = await bu(['replay', historyFile]);
  expect(noSecret.code).toBe(2);
  expect(noSecret.stderr).toContain('BU_SECRET_PIN');
});

test('an app that does not answer where the replay starts fails the job with the address and where it came from, not as a crash', async () => {
  const closed = await new Promise<number>((resolve) => {
    const server = http.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
  const result = await bu(['replay', historyFile, '--base-url', `http://127.0.0.1:${closed}/`], { BU_SECRET_PIN: '4242-secret' });
  expect(result.code, result.stderr).toBe(1);
  expect(result.stderr).toContain(`cannot open http://127.0.0.1:${closed}/`);
  expect(result.stderr).toContain('ERR_CONNECTION_REFUSED');
  expect(result.stderr).toContain('--base-url');
  expect(result.stderr).not.toContain('unexpected error');
  // BASE_URL sets the address as --base-url does; the flag wins over it.
  const fromEnv = await bu(['replay', historyFile], { BU_SECRET_PIN: '4242-secret', BASE_URL: `http://127.0.0.1:${closed}/` });
  expect(fromEnv.code, fromEnv.stderr).toBe(1);
  expect(fromEnv.stderr).toContain(`cannot open http://127.0.0.1:${closed}/`);
  const notUrl = await bu(['replay', historyFile], { BU_SECRET_PIN: '4242-secret', BASE_URL: 'ftp://elsewhere/' });
  expect(notUrl.code).toBe(2);
  expect(notUrl.stderr).toContain('BASE_URL');
  const flagWins = await bu(['replay', historyFile, '--base-url', `http://127.0.0.1:${closed}/`], { BU_SECRET_PIN: '4242-secret', BASE_URL: 'ftp://elsewhere/' });
  expect(flagWins.stderr).toContain(`cannot open http://127.0.0.1:${closed}/`);
});

test('replays with --json, writes the report, makes no model call, leaks no secret', async () => {
  site.state.variant = 'tie-base';
  const model = await fakeModel(() => ({ candidate: null, reason: 'none' }));
  try {
    const result = await bu(['replay', historyFile, '--json'], { BU_SECRET_PIN: '4242-secret', OPENAI_BASE_URL: model.url, OPENAI_API_KEY: 'k' });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr.split('\n').filter((l) => /^step \d+\/2 /.test(l))).toHaveLength(2);
    const summary = lastJson(result.stdout);
    expect(summary).toMatchObject({ ok: true, llmCalls: 0 });
    const report = await readJsonFile(ReplayReport, String(summary.reportPath), 'report');
    expect(report.steps.map((s) => s.status)).toEqual(['passed', 'passed']);
    expect(report.final.url).toBe(`${site.url}saved`);
    expect(report.final.ariaSnapshot).toContain('Note saved');
    expect(JSON.stringify(report)).not.toContain('4242-secret');
    expect(site.state.saves).toEqual(['4242-secret']);
    expect(model.requests).toEqual([]);
  } finally {
    await model.close();
  }
});

test('a tie fails as ambiguous with exit 1; --fallback llm lets the model break it, logged; --heal llm still works, with a notice', async () => {
  site.state.variant = 'tie';
  const env = { BU_SECRET_PIN: '4242-secret' };
  const plain = await bu(['replay', historyFile, '--json'], env);
  expect(plain.code).toBe(1);
  expect(lastJson(plain.stdout)).toMatchObject({ ok: false, failureCategory: 'ambiguous', llmCalls: 0 });
  expect(site.state.decoyHits + site.state.saves.length).toBe(0);

  const model = await fakeModel(() => ({ candidate: 0, reason: 'the first Save is the form submit' }));
  try {
    const modelEnv = { ...env, OPENAI_BASE_URL: model.url, OPENAI_API_KEY: 'k', BU_MODEL: 'fake' };
    const healed = await bu(['replay', historyFile, '--json', '--fallback', 'llm'], modelEnv);
    expect(healed.code, healed.stderr).toBe(0);
    expect(healed.stderr).not.toContain('deprecated');
    expect(lastJson(healed.stdout)).toMatchObject({ ok: true, llmCalls: 1, fallback: 'llm' });
    expect(model.requests).toHaveLength(1);
    expect(model.requests[0]).toContain('/v1/chat/completions');
    expect(model.requests[0]).not.toContain('4242-secret');
    const report = await readJsonFile(ReplayReport, String(lastJson(healed.stdout).reportPath), 'report');
    expect(report.steps[1]).toMatchObject({ status: 'healed', level: 'llm', fallback: { picked: 0, accepted: true } });
    expect(site.state.saves).toEqual(['4242-secret']);
    expect(site.state.decoyHits).toBe(0);
    const log = await fs.readFile(path.join(dir, 'output', 'llm', 'script-1700000000000.jsonl'), 'utf8');
    expect(log).toContain('replay-fallback');

    // The former spelling: the same replay, and one line on stderr saying what to write instead.
    const old = await bu(['replay', historyFile, '--json', '--heal', 'llm'], modelEnv);
    expect(old.code, old.stderr).toBe(0);
    expect(old.stderr).toContain('bu: --heal is deprecated: use --fallback');
    expect(lastJson(old.stdout)).toMatchObject({ ok: true, llmCalls: 1, fallback: 'llm' });
    expect(model.requests).toHaveLength(2);
  } finally {
    await model.close();
  }
});

test('--write-back writes a new history version and a diff, never the original', async () => {
  site.state.variant = 'all';
  const before = await fs.readFile(historyFile, 'utf8');
  const result = await bu(['replay', historyFile, '--json', '--write-back'], { BU_SECRET_PIN: '4242-secret' });
  expect(result.code, result.stderr).toBe(0);
  expect(await fs.readFile(historyFile, 'utf8')).toBe(before);
  const v2 = path.join(dir, 'script-1700000000000.v2.json');
  const next = await readJsonFile(History, v2, 'history');
  expect(next.steps[1]!.fingerprint).toMatchObject({ name: 'Save changes', id: 'save-k3f9a' });
  expect(next.steps[1]!.locator!.matches).toBe(1);
  const diff = await fs.readFile(path.join(dir, 'script-1700000000000.v2.diff.txt'), 'utf8');
  expect(diff).toMatch(/step 2 click:[\s\S]*name: "Save" -> "Save changes"/);
  expect(site.state.decoyHits).toBe(0);
});
