import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect, test } from '../support/fixtures.ts';
import { History } from '../../core/schema/history.ts';
import { runCli } from '../../harness/cli.ts';
import { tempDir } from './support.ts';

/**
 * The crawler on pages served here: a login form whose password field has no label (only
 * `type=password name=password`), and a to-do style list with hash routes, a dialog, a section that
 * expands and rows with ticks. Through the CLI, as a user runs it.
 */

test.describe.configure({ timeout: 180_000 });

const kPassword = 'correct-horse-battery';

interface Site {
  url: string;
  posts: string[];
  close(): Promise<void>;
}

async function serve(handler: (req: http.IncomingMessage, body: string) => string): Promise<Site> {
  const posts: string[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      if (req.method === 'POST') posts.push(body);
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(handler(req, body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`, posts,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

const kLogin = `<!doctype html><title>Console</title><h1>Console</h1>
<form method="post" action="/login">
  <div>User <input type="text" name="username"></div>
  <div><input type="password" name="password"></div>
  <input type="submit" value="Enter">
</form>`;

function loginSite(): Promise<Site> {
  return serve((req, body) => {
    if (req.method === 'POST') {
      const ok = new URLSearchParams(body).get('password') === kPassword;
      return ok ? '<!doctype html><title>Dashboard</title><h1>Dashboard</h1><a href="/reports">Reports</a>' : '<!doctype html><title>Denied</title><h1>Wrong password</h1><a href="/">Try again</a>';
    }
    if (req.url === '/reports') return '<!doctype html><title>Reports</title><h1>Reports</h1><p>Nothing yet.</p>';
    return kLogin;
  });
}

async function explore(url: string, dir: string, args: string[], env: Record<string, string> = {}) {
  const cli = await runCli(['capture', 'explore', '--url', url, '--policy', 'crawler', '--json', ...args], {
    cwd: dir, env: { BU_OUTPUT: path.join(dir, 'out'), OPENAI_API_KEY: '', OPENAI_BASE_URL: '', ...env }, timeoutMs: 150_000,
  });
  expect(cli.code, cli.stderr).toBe(0);
  const sessionId = String(cli.json!.sessionId);
  const history = History.parse(JSON.parse(await fs.readFile(path.join(dir, 'out', 'history', `${sessionId}.json`), 'utf8')));
  const aria = (await fs.readFile(path.join(dir, 'out', 'aria-log', `${sessionId}.jsonl`), 'utf8')).trim().split('\n').map((line) => JSON.parse(line) as { url: string; snapshot: string });
  return { cli, history, aria };
}

test('an unlabelled password field gets the secret and the crawler logs in; sample text never goes there', async () => {
  const site = await loginSite();
  const dir = await tempDir('crawl-login');
  try {
    const run = await explore(site.url, dir, ['--max-steps', '8', '--secret', 'password'], { BU_SECRET_PASSWORD: kPassword });
    const typed = run.history.steps.filter((step) => step.action === 'input');
    const intoPassword = typed.filter((step) => step.fingerprint?.type === 'password');
    expect(intoPassword.length).toBeGreaterThan(0);
    for (const step of intoPassword) expect(step.params).toMatchObject({ text: '{{secret:password}}' });
    expect(site.posts.some((post) => new URLSearchParams(post).get('password') === kPassword), site.posts.join('\n')).toBe(true);
    expect(run.aria.some((line) => line.snapshot.includes('Dashboard'))).toBe(true);
    expect(run.aria.some((line) => line.snapshot.includes('Wrong password'))).toBe(false);
    // The user name field still gets a plausible value.
    expect(typed.some((step) => step.fingerprint?.nameAttr === 'username' && step.params.text !== '{{secret:password}}')).toBe(true);
  } finally {
    await site.close();
    await fs.rm(dir, { recursive: true, force: true });
  }
});

test('without a secret the password field is left alone', async () => {
  const site = await loginSite();
  const dir = await tempDir('crawl-nologin');
  try {
    const run = await explore(site.url, dir, ['--max-steps', '4']);
    expect(run.history.steps.filter((step) => step.fingerprint?.type === 'password' && step.action === 'input')).toEqual([]);
    for (const post of site.posts) expect(new URLSearchParams(post).get('password')).toBe('');
    const reasoning = await fs.readFile(path.join(dir, 'out', 'reasoning', `${run.cli.json!.sessionId}.jsonl`), 'utf8');
    expect(reasoning).toMatch(/password field .*name=password.* left empty/);
  } finally {
    await site.close();
    await fs.rm(dir, { recursive: true, force: true });
  }
});

test('--max-steps 20 on a to-do list records at most 20 actions, reaches its routes, dialog and section, and does not keep ticking', async () => {
  const page = await fs.readFile(path.join(import.meta.dirname, 'pages', 'tasks.html'), 'utf8');
  const site = await serve(() => page);
  const dir = await tempDir('crawl-tasks');
  try {
    const run = await explore(site.url, dir, ['--max-steps', '20']);
    expect(run.history.steps.length).toBeLessThanOrEqual(20);
    expect(run.history.steps.length).toBeGreaterThan(10);
    expect(['maxSteps', 'frontier-empty']).toContain(run.cli.json!.terminationReason);
    const urls = new Set(run.aria.map((line) => new URL(line.url).hash));
    expect(urls).toContain('#/open');
    expect(urls).toContain('#/done');
    const names = run.history.steps.map((step) => `${step.action} ${step.fingerprint?.role ?? ''} ${step.fingerprint?.name ?? ''}`.trim());
    expect(names).toContain('click button Got it');
    expect(names).toContain('click button About this list');
    expect(names.filter((name) => name.startsWith('input')).length).toBeGreaterThan(0);
    // Ticks: each box at most twice, and ticking is a small share of the walk.
    const ticks = names.filter((name) => name.startsWith('click checkbox'));
    for (const tick of new Set(ticks)) expect(ticks.filter((name) => name === tick).length, tick).toBeLessThanOrEqual(2);
    expect(ticks.length).toBeLessThanOrEqual(5);
  } finally {
    await site.close();
    await fs.rm(dir, { recursive: true, force: true });
  }
});

test('an app that draws itself from what its scripts fetch after load is crawled drawn, not as its splash screen', async () => {
  // A splash until two fetches in a row came back, as an editor loads its settings and then its data.
  const page = `<!doctype html><title>Editor</title><div id="app">Loading</div><script>
  addEventListener('load', async () => {
    const settings = await (await fetch('/settings')).json();
    const data = await (await fetch('/data')).json();
    document.getElementById('app').innerHTML = '<button>' + settings.action + '</button><p>' + data.items + ' items</p>';
  });</script>`;
  const server = http.createServer((req, res) => {
    const reply = (type: string, body: string) => {
      res.writeHead(200, { 'content-type': type });
      res.end(body);
    };
    if (req.url === '/settings') setTimeout(() => reply('application/json', '{"action":"Deploy"}'), 300);
    else if (req.url === '/data') setTimeout(() => reply('application/json', '{"items":3}'), 300);
    else reply('text/html; charset=utf-8', page);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const dir = await tempDir('crawl-splash');
  try {
    const run = await explore(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, dir, ['--max-steps', '1']);
    expect(run.history.steps.map((step) => `${step.action} ${step.fingerprint?.name}`)).toEqual(['click Deploy']);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await fs.rm(dir, { recursive: true, force: true });
  }
});
