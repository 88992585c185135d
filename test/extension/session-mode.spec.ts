import { expect, test } from '../support/fixtures.ts';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import JSZip from 'jszip';
import WebSocket from 'ws';
import { isElementAction } from '../../core/schema/actions.ts';
import { History } from '../../core/schema/history.ts';
import { AriaLogLine } from '../../core/schema/logs.ts';
import { RunDatabase } from '../../core/schema/run.ts';
import { startDemoServer } from '../../demo/server.ts';
import { kUser } from '../../demo/store.ts';
import { findBytes, lastJson, runBu, spawnBu, tempDir, until } from '../capture/support.ts';
import { badgeText, connectExtension, launchWithExtension, tokenFrom } from './support.ts';
import { freePort } from '../../harness/apps/serve.ts';

/**
 * `bu capture ... --mode session` end to end: the CLI listens, the real extension (loaded unpacked
 * into Chromium) connects the user's tab with the printed token, and the capture runs through
 * chrome.debugger with the same recording as the default mode.
 */

test.describe.configure({ timeout: 180_000, mode: 'serial' });

const kFakeExtension = 'chrome-extension://abcdefghijklmnopabcdefghijklmnop';

/** Opens a socket like a foreign client would and answers the close code the CLI gave it. */
function closeCode(port: number, origin: string | null, token: string | null): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/extension`, origin ? { headers: { Origin: origin } } : {});
    socket.on('open', () => {
      if (token !== null) socket.send(JSON.stringify({ type: 'hello', version: 1, token, userAgent: 'x', tab: { id: 1, url: '', title: '' } }));
    });
    socket.on('close', (code) => resolve(code));
    socket.on('error', reject);
  });
}

async function readRuns(cwd: string) {
  return RunDatabase.parse(JSON.parse(await fs.readFile(path.join(cwd, '.brow-use', 'runs.json'), 'utf8')));
}

test('a plan is captured through the extension in the user\'s tab; connections without the token are refused', async () => {
  const demo = await startDemoServer({ port: 0 });
  const browser = await launchWithExtension();
  const cwd = await tempDir('ext');
  try {
    await browser.page.goto(demo.url);
    const tabId = await browser.worker.evaluate(async () => (await chrome.tabs.query({ active: true }))[0]!.id!);
    const plan = {
      version: 1,
      steps: [
        { input: { target: { role: 'textbox', name: 'Email' }, text: kUser.email } },
        { input: { target: { role: 'textbox', name: 'Password' }, text: '{{secret:pw}}' } },
        { click: { target: { role: 'button', name: 'Sign in' } } },
        { click: { target: 'css=nav >> text=New item' } },
        { done: { text: 'signed in, new item form open', success: true } },
      ],
    };
    await fs.writeFile(path.join(cwd, 'plan.json'), JSON.stringify(plan));
    const port = await freePort();
    const run = spawnBu(['capture', 'script', '--mode', 'session', '--session-port', String(port), '--url', demo.url, '--plan', 'plan.json', '--secret', 'pw', '--json'], { cwd, env: { BU_SECRET_PW: kUser.password } });
    const token = await tokenFrom(run.stderr);

    // Refused: no Origin, a web page's Origin, an extension with a wrong or empty token, the real extension with a wrong token.
    expect(await closeCode(port, null, token)).toBe(4403);
    expect(await closeCode(port, 'http://127.0.0.1:1234', token)).toBe(4403);
    expect(await closeCode(port, kFakeExtension, 'not-the-token')).toBe(4401);
    expect(await closeCode(port, kFakeExtension, '')).toBe(4401);
    const refused = await connectExtension(browser.worker, { token: `${token}x`, port });
    expect(refused.state).toBe('refused');
    expect(refused.message).toContain('wrong token');
    expect(run.stderr()).toMatch(/refused a connection from chrome-extension:\/\/[a-p]{32} \(127\.0\.0\.1\): wrong token/);

    const connected = await connectExtension(browser.worker, { token, port });
    expect(connected.state).toBe('connected');
    expect(connected.tabId).toBe(tabId);
    const done = await run.done;
    expect(done.code, done.stderr).toBe(0);
    const result = lastJson(done.stdout);
    expect(result.terminationReason).toBe('done');
    const id = String(result.sessionId);
    expect(done.stderr).toContain('step 3/5 click button "Sign in" -> ok');

    // The user's tab did the work, and is released with its badge cleared.
    expect(browser.page.url()).toBe(`${demo.url}items/new`);
    await until(async () => (await badgeText(browser.worker, tabId)) === '', 5_000, 'the badge to clear');

    // Run entry, history, aria log and trace as in the default mode, with mode crx.
    const entry = (await readRuns(cwd)).find((r) => r.sessionId === id)!;
    expect(entry).toMatchObject({ mode: 'crx', command: 'script', terminationReason: 'done', url: demo.url, steps: 5 });
    expect(Object.keys(entry.artifacts).sort()).toEqual(['ariaLog', 'history', 'reasoning', 'trace']);
    const out = path.join(cwd, 'out');
    const history = History.parse(JSON.parse(await fs.readFile(path.join(out, 'history', `${id}.json`), 'utf8')));
    expect(history.steps.map((s) => s.action)).toEqual(['input', 'input', 'click', 'click', 'done']);
    for (const step of history.steps) {
      expect(step.ok, `${step.index} ${step.error}`).toBe(true);
      if (isElementAction(step.action)) expect(step.locator?.matches, `step ${step.index}`).toBe(1);
    }
    expect(history.steps[1]!.params).toEqual({ text: '{{secret:pw}}' });
    expect(history.steps[2]!.post.url).toBe(demo.url);
    const aria = (await fs.readFile(path.join(out, 'aria-log', `${id}.jsonl`), 'utf8')).trim().split('\n').map((line) => AriaLogLine.parse(JSON.parse(line)));
    expect(aria.length).toBe(5);
    expect(aria[0]!.snapshot).toContain('textbox "Email" [ref=');
    const zip = await JSZip.loadAsync(await fs.readFile(path.join(out, 'traces', `${id}.zip`)));
    const names = Object.keys(zip.files);
    expect(names).toContain('trace.network');
    expect(names.some((n) => n.startsWith('aria/'))).toBe(true);
    expect(names.some((n) => n.startsWith('screenshots/'))).toBe(true);
    const events = await zip.file('trace.trace')!.async('string');
    expect(events).toContain('bu step 3: click button \\"Sign in\\"');
    // Nothing of the profile and no secret is written: no storage state, the password nowhere it was
    // typed or echoed (the login page's own hint, shown before it was typed, stays as the app wrote it).
    expect(await findBytes([out, path.join(cwd, '.brow-use')], [kUser.password], [`${kUser.email} / ${kUser.password}`])).toEqual([]);
    expect(await fs.readdir(cwd)).toEqual(expect.not.arrayContaining([expect.stringMatching(/storage/i)]));
  } finally {
    await browser.close();
    await demo.close();
  }
});

test('Stop in the extension detaches at once and ends the capture as an error', async () => {
  const demo = await startDemoServer({ port: 0 });
  const browser = await launchWithExtension();
  const cwd = await tempDir('ext-stop');
  try {
    await browser.page.goto(demo.url);
    const tabId = await browser.worker.evaluate(async () => (await chrome.tabs.query({ active: true }))[0]!.id!);
    await fs.writeFile(path.join(cwd, 'plan.json'), JSON.stringify({ version: 1, steps: [{ wait: { seconds: 60 } }, { done: { text: 'never', success: true } }] }));
    const port = await freePort();
    const run = spawnBu(['capture', 'script', '--mode', 'session', '--session-port', String(port), '--url', demo.url, '--plan', 'plan.json', '--json'], { cwd });
    const token = await tokenFrom(run.stderr);
    expect((await connectExtension(browser.worker, { token, port })).state).toBe('connected');
    // Step 1 has perceived the page (its aria log line is written) and is waiting: stop in the middle of it.
    const id = await new Promise<string>((resolve) => until(() => /capture (script-\d+)/.test(run.stderr()), 30_000, 'the capture to start').then(() => resolve(/capture (script-\d+)/.exec(run.stderr())![1]!)));
    const ariaLog = path.join(cwd, 'out', 'aria-log', `${id}.jsonl`);
    await until(async () => (await fs.readFile(ariaLog, 'utf8').catch(() => '')).includes('\n'), 30_000, 'step 1 to start');
    await until(async () => (await badgeText(browser.worker, tabId)) === 'BU', 10_000, 'the badge to show');

    // The popup (opened as a page here) shows who controls the tab; its Stop button ends it.
    const popup = await browser.context.newPage();
    await popup.goto(`chrome-extension://${browser.extensionId}/popup.html`);
    await expect(popup.getByRole('status')).toHaveText(`controlled by ${id}`);
    await expect(popup.getByRole('button', { name: 'Connect this tab' })).toBeDisabled();
    await popup.getByRole('button', { name: 'Stop' }).click();
    await expect(popup.getByRole('status')).toHaveText('stopped from the extension');
    expect(await badgeText(browser.worker, tabId)).toBe('');
    const done = await run.done;
    expect(done.code, done.stderr).toBe(1);
    expect(lastJson(done.stdout)).toMatchObject({ terminationReason: 'error' });
    expect(String(lastJson(done.stdout).error)).toContain('stopped from the extension');
    expect(lastJson(done.stdout).sessionId).toBe(id);
    const entry = (await readRuns(cwd)).find((r) => r.sessionId === id)!;
    expect(entry).toMatchObject({ mode: 'crx', terminationReason: 'error' });
    expect(entry.error).toContain('stopped from the extension');
    // The tab is the user's again: still open, still usable.
    await browser.page.getByRole('textbox', { name: 'Email' }).fill('after@example.com');
  } finally {
    await browser.close();
    await demo.close();
  }
});

test('session mode refuses options that would touch the profile or another browser, and a busy port', async () => {
  const cwd = await tempDir('ext-usage');
  await fs.writeFile(path.join(cwd, 'plan.json'), JSON.stringify({ version: 1, url: 'http://127.0.0.1:9/', steps: [{ done: { text: 'x', success: true } }] }));
  const storage = await runBu(['capture', 'script', '--plan', 'plan.json', '--mode', 'session', '--storage-state', 'state.json'], { cwd });
  expect(storage.code).toBe(2);
  expect(storage.stderr).toContain('--mode session excludes --storage-state');
  const cdp = await runBu(['capture', 'script', '--plan', 'plan.json', '--mode', 'session', '--cdp', 'http://127.0.0.1:9222'], { cwd });
  expect(cdp.code).toBe(2);
  const portAlone = await runBu(['capture', 'script', '--plan', 'plan.json', '--session-port', '4000'], { cwd });
  expect(portAlone.code).toBe(2);
  expect(portAlone.stderr).toContain('--session-port needs --mode session');
  const busy = net.createServer();
  await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
  try {
    const port = (busy.address() as net.AddressInfo).port;
    const run = await runBu(['capture', 'script', '--plan', 'plan.json', '--mode', 'session', '--session-port', String(port)], { cwd });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`--session-port ${port}: the port is in use`);
  } finally {
    busy.close();
  }
});
