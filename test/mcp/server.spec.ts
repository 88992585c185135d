import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '../support/fixtures.ts';
import JSZip from 'jszip';
import { parseStepGroupTitle } from '../../core/conventions.ts';
import { History } from '../../core/schema/history.ts';
import { AriaLogLine, ReasoningLine } from '../../core/schema/logs.ts';
import { RunDatabase } from '../../core/schema/run.ts';
import { startDemoServer } from '../../demo/server.ts';
import { kUser } from '../../demo/store.ts';
import { findBytes, tempDir } from '../capture/support.ts';
import { callTool, ranCode, startMcp, type McpRun } from './support.ts';

/** `bu mcp` behind a real MCP client: a recorded flow on the demo app, then the file tools on it. */

test.describe.configure({ timeout: 240_000 });

function jsonLines(file: string): unknown[] {
  return fs.readFileSync(file, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line));
}

test('bu mcp records a flow like bu capture and writes only inside the output dir', async () => {
  const demo = await startDemoServer({ port: 0 });
  const cwd = await tempDir('mcp');
  const out = path.join(cwd, 'out');
  let mcp: McpRun | null = null;
  try {
    mcp = await startMcp({ cwd, out, args: ['--secret', 'pw'], env: { BU_SECRET_PW: kUser.password } });
    const { tools } = await mcp.client.listTools();
    const names = tools.map((t) => t.name);
    for (const name of ['browser_navigate', 'browser_snapshot', 'browser_click', 'browser_type', 'browser_select_option', 'browser_press_key', 'browser_hover',
      'browser_navigate_back', 'browser_tabs', 'browser_take_screenshot', 'browser_wait_for', 'start_recording', 'stop_recording', 'record_run', 'log_reasoning',
      'write_page_object', 'write_feature_doc', 'write_result', 'read_observed_edges', 'read_pom_summary', 'extract', 'generate', 'replay']) {
      expect(names).toContain(name);
    }
    // Element tools take the click action's own params (from the action registry) plus a target.
    const click = tools.find((t) => t.name === 'browser_click')!;
    expect(Object.keys(click.inputSchema.properties ?? {}).sort()).toEqual(['button', 'double', 'target']);

    const started = await callTool(mcp, 'start_recording', { url: `${demo.url}login`, intent: 'sign in and open the items' });
    expect(started.isError, started.text).toBe(false);
    const id = String(started.structured?.sessionId);
    expect(id).toMatch(/^mcp-\d{13}$/);

    const snapshot = await callTool(mcp, 'browser_snapshot');
    const emailRef = /textbox "Email" \[ref=(\w+)\]/.exec(snapshot.text)?.[1];
    expect(emailRef, snapshot.text).toBeTruthy();

    const email = await callTool(mcp, 'browser_type', { target: emailRef, text: kUser.email });
    expect(email.isError, email.text).toBe(false);
    expect(ranCode(email.text)).toMatch(/^await page\.get\w+\([^)]*\)\.fill\('ann@example\.com'\);$/);

    const password = await callTool(mcp, 'browser_type', { target: "getByRole('textbox', { name: 'Password' })", text: '{{secret:pw}}', submit: true });
    expect(password.isError, password.text).toBe(false);
    expect(ranCode(password.text)).toMatch(/\.fill\('\{\{secret:pw\}\}'\);\nawait page\.keyboard\.press\('Enter'\);$/);
    expect(password.text).toContain(`- URL: ${demo.url}\n`);

    await callTool(mcp, 'log_reasoning', { kind: 'decision', text: 'signed in; the items are one click away' });
    const items = await callTool(mcp, 'browser_click', { target: { role: 'link', name: 'Items', exact: true } });
    expect(ranCode(items.text)).toMatch(/getByRole\('link', \{ name: 'Items'(, exact: true)? \}\)\.click\(\);$/);
    expect(items.text).toContain(`- URL: ${demo.url}items`);
    const back = await callTool(mcp, 'browser_navigate_back');
    expect(ranCode(back.text)).toBe('await page.goBack();');

    const stopped = await callTool(mcp, 'stop_recording');
    expect(stopped.structured).toMatchObject({ sessionId: id, terminationReason: 'done', steps: 5 });

    // The same artifacts as `bu capture`: history, trace groups, aria log, reasoning, run entry.
    const history = History.parse(JSON.parse(fs.readFileSync(path.join(out, 'history', `${id}.json`), 'utf8')));
    expect(history.startUrl).toBe(`${demo.url}login`);
    expect(history.steps.map((s) => s.action)).toEqual(['input', 'input', 'send_keys', 'click', 'go_back']);
    expect(history.steps[1]!.params).toEqual({ text: '{{secret:pw}}' });
    for (const step of history.steps.filter((s) => s.action === 'input' || s.action === 'click')) {
      expect(step.fingerprint?.role, `step ${step.index}`).toBeTruthy();
      expect(step.locator?.matches).toBe(1);
    }
    expect(history.steps[3]!.post.url).toBe(`${demo.url}items`);
    const zip = await JSZip.loadAsync(fs.readFileSync(path.join(out, 'traces', `${id}.zip`)));
    const events = (await zip.file('trace.trace')!.async('string')).split('\n').filter(Boolean).map((l) => JSON.parse(l) as { type: string; method?: string; title?: string });
    const groups = events.filter((e) => e.type === 'before' && e.method === 'tracingGroup').map((e) => parseStepGroupTitle(e.title ?? ''));
    expect(groups.map((g) => g?.step)).toEqual([1, 2, 3, 4, 5]);
    const aria = jsonLines(path.join(out, 'aria-log', `${id}.jsonl`)).map((l) => AriaLogLine.parse(l));
    expect(aria.map((l) => l.step)).toEqual([1, 2, 3, 4, 5]);
    const reasoning = jsonLines(path.join(out, 'reasoning', `${id}.jsonl`)).map((l) => ReasoningLine.parse(l));
    expect(reasoning.map((r) => [r.step, r.kind])).toEqual([[1, 'plan'], [4, 'decision']]);
    const runs = RunDatabase.parse(JSON.parse(fs.readFileSync(path.join(cwd, '.brow-use', 'runs.json'), 'utf8')));
    const entry = runs.find((r) => r.sessionId === id)!;
    expect(entry).toMatchObject({ command: 'mcp', mode: 'playwright', terminationReason: 'done', steps: 5, url: `${demo.url}login`, intent: 'sign in and open the items' });
    expect(entry.endedAt).not.toBeNull();
    for (const file of Object.values(entry.artifacts)) expect(fs.existsSync(file), file).toBe(true);

    // File tools: a path outside the output dir is refused, nothing is written there.
    for (const outside of ['../LoginPage.ts', path.join(cwd, 'elsewhere', 'LoginPage.ts')]) {
      const refused = await callTool(mcp, 'write_page_object', { sessions: [id], page: 'LoginPage', path: outside });
      expect(refused.isError).toBe(true);
      expect(refused.text).toContain('outside the output dir');
    }
    expect(fs.existsSync(path.join(cwd, 'LoginPage.ts')) || fs.existsSync(path.join(cwd, 'elsewhere'))).toBe(false);
    const written = await callTool(mcp, 'write_page_object', { sessions: [id], page: 'LoginPage', llm: 'off' });
    expect(written.isError, written.text).toBe(false);
    expect(fs.readFileSync(path.join(out, 'pom', 'LoginPage.ts'), 'utf8')).toContain('export class LoginPage');
    const doc = await callTool(mcp, 'write_feature_doc', { sessions: [id], page: 'Login', llm: 'off' });
    expect(doc.isError, doc.text).toBe(false);
    expect(fs.existsSync(path.join(out, 'docs', 'login.md'))).toBe(true);

    const summary = await callTool(mcp, 'read_pom_summary');
    const classes = summary.structured?.classes as Array<{ name: string; members: { name: string }[]; methods: { name: string }[] }>;
    expect(classes.map((c) => c.name)).toEqual(['LoginPage']);
    expect(classes[0]!.members.map((m) => m.name)).toEqual(expect.arrayContaining(['emailInput', 'passwordInput']));
    expect(classes[0]!.methods.map((m) => m.name)).toContain('expectLoaded');

    const edges = await callTool(mcp, 'read_observed_edges', { session: id });
    expect(edges.isError, edges.text).toBe(false);
    expect(edges.text).toContain(`"toUrl": "${demo.url}items"`);

    const result = await callTool(mcp, 'write_result', { text: 'a,b\n1,2\n3,4', format: 'csv' });
    expect(result.structured).toMatchObject({ sessionId: id, records: 2 });
    const after = RunDatabase.parse(JSON.parse(fs.readFileSync(path.join(cwd, '.brow-use', 'runs.json'), 'utf8'))).find((r) => r.sessionId === id)!;
    expect(after).toMatchObject({ format: 'csv', recordsExtracted: 2, artifacts: { result: path.join(out, 'results', `${id}.csv`) } });

    // The secret reached no file where it was typed or echoed, in no encoding; stdout carried
    // nothing but the protocol. The login page prints it as its own hint before anyone signs in:
    // that text is the app's and stays (as in bu capture).
    const value = kUser.password;
    const hint = `${kUser.email} / ${value}`;
    expect(await findBytes([out, path.join(cwd, '.brow-use')], [value, encodeURIComponent(value), Buffer.from(value).toString('base64')], [hint])).toEqual([]);
    expect(mcp.protocolErrors).toEqual([]);
  } finally {
    await mcp?.close();
    await demo.close();
    fs.rmSync(cwd, { recursive: true, force: true });
  }
});

test('record_run carries out a plan on the live browser; replay runs the recorded history', async () => {
  const demo = await startDemoServer({ port: 0 });
  const cwd = await tempDir('mcp-plan');
  const out = path.join(cwd, 'out');
  let mcp: McpRun | null = null;
  try {
    mcp = await startMcp({ cwd, out });
    const plan = {
      version: 1,
      url: `${demo.url}login`,
      steps: [
        { input: { target: { role: 'textbox', name: 'Email' }, text: kUser.email } },
        { input: { target: { role: 'textbox', name: 'Password' }, text: kUser.password } },
        { click: { target: { role: 'button', name: 'Sign in' } } },
        { done: { text: 'signed in', success: true } },
      ],
    };
    const recorded = await callTool(mcp, 'record_run', { plan });
    expect(recorded.isError, recorded.text).toBe(false);
    expect(recorded.structured).toMatchObject({ terminationReason: 'done', steps: 4, success: true });
    const id = String(recorded.structured?.sessionId);
    expect(id).toMatch(/^script-\d{13}$/);
    // The browser stays open on the page the plan left.
    const tabs = await callTool(mcp, 'browser_tabs', { action: 'list' });
    expect(tabs.text).toContain(demo.url);

    const bad = await callTool(mcp, 'record_run', { plan: { version: 1, steps: [{ click: { target: 'css=#nope' } }] } });
    expect(bad.isError).toBe(true);
    expect(bad.text).toContain('plan step 1');

    const replayed = await callTool(mcp, 'replay', { history: id });
    expect(replayed.isError, replayed.text).toBe(false);
    expect(replayed.structured).toMatchObject({ ok: true, sessionId: id });
    expect(fs.existsSync(String(replayed.structured?.reportPath))).toBe(true);
    const runs = RunDatabase.parse(JSON.parse(fs.readFileSync(path.join(cwd, '.brow-use', 'runs.json'), 'utf8')));
    expect(runs.map((r) => [r.command, r.terminationReason])).toEqual([['script', 'done'], ['script', 'error']]);
    expect(mcp.protocolErrors).toEqual([]);
  } finally {
    await mcp?.close();
    await demo.close();
    fs.rmSync(cwd, { recursive: true, force: true });
  }
});
