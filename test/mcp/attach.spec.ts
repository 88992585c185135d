import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '../support/fixtures.ts';
import { chromium } from 'playwright';
import { launchOptions } from '../../core/browser.ts';
import { generatedCodeEnv } from '../../core/package.ts';
import { RunDatabase, type RunRecord } from '../../core/schema/run.ts';
import { startDemoServer } from '../../demo/server.ts';
import { kUser } from '../../demo/store.ts';
import { lastJson, runBu, tempDir } from '../capture/support.ts';
import { runNode } from '../../harness/generate/pipeline.ts';
import { tempWorkspace } from '../../harness/generate/on-disk.ts';
import { kRepoRoot, runCli } from '../../harness/cli.ts';
import { callTool, ranCode, startCdpChrome, startMcp } from './support.ts';

/**
 * Capture and `bu mcp` attached to a Chrome started with remote debugging (`--cdp`, mode `cdp`),
 * and capture through a Playwright browser server (`--ws-endpoint`, mode `remote`).
 */

test.describe.configure({ timeout: 240_000 });

function signInPlan() {
  return {
    version: 1,
    steps: [
      { input: { target: { role: 'textbox', name: 'Email' }, text: kUser.email } },
      { input: { target: { role: 'textbox', name: 'Password' }, text: '{{secret:pw}}' } },
      { click: { target: { role: 'button', name: 'Sign in' } } },
      { done: { text: 'signed in', success: true } },
    ],
  };
}

function runEntry(cwd: string, sessionId: string): RunRecord {
  const runs = RunDatabase.parse(JSON.parse(fs.readFileSync(path.join(cwd, '.brow-use', 'runs.json'), 'utf8')));
  const entry = runs.find((r) => r.sessionId === sessionId);
  if (!entry) throw new Error(`no run ${sessionId} in runs.json`);
  return entry;
}

test('--cdp attaches capture and bu mcp to a running Chrome, uses its tab and leaves it running', async () => {
  const demo = await startDemoServer({ port: 0 });
  const chrome = await startCdpChrome(`${demo.url}login`);
  const cwd = await tempDir('cdp');
  try {
    fs.writeFileSync(path.join(cwd, 'plan.json'), JSON.stringify(signInPlan()));
    const env = { BU_SECRET_PW: kUser.password };
    const run = await runBu(['capture', 'script', '--cdp', chrome.url, '--url', `${demo.url}login`, '--plan', 'plan.json', '--secret', 'pw', '--json'], { cwd, env });
    expect(run.code, run.stderr).toBe(0);
    const id = String(lastJson(run.stdout).sessionId);
    const entry = runEntry(cwd, id);
    expect(entry).toMatchObject({ command: 'script', mode: 'cdp', terminationReason: 'done', steps: 4 });
    expect(fs.existsSync(entry.artifacts.trace!)).toBe(true);

    // The capture drove Chrome's own tab and only disconnected: Chrome runs on, signed in.
    expect(chrome.process.exitCode).toBeNull();
    const probe = await chromium.connectOverCDP(chrome.url);
    const pages = probe.contexts().flatMap((c) => c.pages());
    expect(pages.map((p) => p.url())).toEqual([demo.url]);
    await probe.close();

    // `bu mcp --cdp` sees the same tab (signed in) and records on it.
    const out = path.join(cwd, 'out');
    const mcp = await startMcp({ cwd, out, args: ['--cdp', chrome.url] });
    try {
      const tabs = await callTool(mcp, 'browser_tabs', { action: 'list' });
      expect(tabs.text).toContain(`(current) "Dashboard · Acme Inventory" ${demo.url}`);
      const started = await callTool(mcp, 'start_recording');
      expect(started.structured).toMatchObject({ mode: 'cdp' });
      const items = await callTool(mcp, 'browser_click', { target: "getByRole('link', { name: 'Items', exact: true })" });
      expect(items.isError, items.text).toBe(false);
      expect(ranCode(items.text)).toContain('.click();');
      const stopped = await callTool(mcp, 'stop_recording');
      const mcpId = String(stopped.structured?.sessionId);
      expect(runEntry(cwd, mcpId)).toMatchObject({ command: 'mcp', mode: 'cdp', terminationReason: 'done', steps: 1, url: demo.url });
      expect(fs.existsSync(path.join(out, 'traces', `${mcpId}.zip`))).toBe(true);
    } finally {
      await mcp.close();
    }
    expect(chrome.process.exitCode).toBeNull();
  } finally {
    await chrome.close();
    await demo.close();
    fs.rmSync(cwd, { recursive: true, force: true });
  }
});

test('--ws-endpoint captures through a browser server (mode remote); the generated specs shard through it too', async () => {
  test.setTimeout(360_000);
  const demo = await startDemoServer({ port: 0 });
  const server = await chromium.launchServer({ ...launchOptions(), host: '127.0.0.1' });
  const ws = tempWorkspace('mcp-remote');
  try {
    const env = { BU_OUTPUT: ws.paths.root, BU_SECRET_PW: kUser.password, OPENAI_API_KEY: '', OPENAI_BASE_URL: '' };
    const planFile = path.join(ws.root, 'plan.json');
    fs.writeFileSync(planFile, JSON.stringify({ ...signInPlan(), url: `${demo.url}login` }));
    const run = await runCli(['capture', 'script', '--ws-endpoint', server.wsEndpoint(), '--plan', planFile, '--secret', 'pw', '--json'], { env, cwd: ws.root });
    expect(run.code, run.stderr).toBe(0);
    const id = String(run.json?.sessionId);
    const entry = runEntry(ws.root, id);
    expect(entry).toMatchObject({ command: 'script', mode: 'remote', terminationReason: 'done', steps: 4, url: `${demo.url}login` });
    expect(fs.statSync(entry.artifacts.trace!).size).toBeGreaterThan(0);

    // Each machine runs its shard of the generated specs in the shared browser server. A local
    // launch would fail: BU_BROWSER points nowhere, so passing specs ran remotely.
    const generated = await runCli(['generate', id, '--out', ws.out, '--llm', 'off', '--json'], { env, cwd: ws.root });
    expect(generated.code, generated.stderr).toBe(0);
    const specs = fs.readdirSync(path.join(ws.out, 'tests')).filter((f) => f.endsWith('.spec.ts'));
    expect(specs.length).toBeGreaterThanOrEqual(2);
    // The two machines run at once, as CI shards do; each has its own results folder.
    const cli = path.join(kRepoRoot, 'node_modules', '@playwright', 'test', 'cli.js');
    const shards = await Promise.all(['1/2', '2/2'].map((shard, i) =>
      runNode([cli, 'test', '--config', path.join(ws.out, 'playwright.config.ts'), '--workers=1', '--reporter=line', `--shard=${shard}`, '--output', path.join(ws.root, `shard-${i + 1}-results`)], {
        cwd: ws.out,
        env: { ...generatedCodeEnv(process.env), BASE_URL: demo.url, BU_BROWSER: path.join(ws.root, 'no-such-chromium'), PW_TEST_CONNECT_WS_ENDPOINT: server.wsEndpoint(), BU_SECRET_pw: kUser.password, BU_SECRET_PW: kUser.password },
      })));
    let passed = 0;
    for (const result of shards) {
      expect(result.status, result.output).toBe(0);
      passed += Number(/(\d+) passed/.exec(result.output)?.[1] ?? 0);
    }
    expect(passed).toBe(specs.length);
  } finally {
    await server.close();
    await demo.close();
    ws.remove();
  }
});
