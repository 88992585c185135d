import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import JSZip from 'jszip';
import { kBuBin, runCli } from '../../harness/cli.ts';
import { History } from '../../core/schema/history.ts';

/** Helpers for capture tests: pages served on 127.0.0.1, the `bu` CLI as a child process, byte scans. */

export const kRepo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const kBu = kBuBin;

export interface Pages {
  url: string;
  close(): Promise<void>;
}

/** Serves `routes` (path -> HTML) on 127.0.0.1; POST bodies are echoed into `posts`. */
export function servePages(routes: Record<string, string>, posts: string[] = []): Promise<Pages> {
  return serveWith((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      if (req.method === 'POST') posts.push(body);
      const page = routes[new URL(req.url ?? '/', 'http://x').pathname];
      res.writeHead(page === undefined ? 404 : 200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(page ?? '<h1>Not found</h1>');
    });
  });
}

/** Serves every request with `handle` on 127.0.0.1 (a page that answers by state or late). */
export async function serveWith(handle: http.RequestListener): Promise<Pages> {
  const server = http.createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

export async function tempDir(prefix: string): Promise<string> {
  return fs.mkdtemp(path.join(os.tmpdir(), `bu-test-${prefix}-`));
}

export interface BuRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Spawns `bu ...args` in `cwd` with BU_OUTPUT=<cwd>/out. */
export function spawnBu(args: string[], options: { cwd: string; env?: Record<string, string> }): { child: ChildProcess; done: Promise<BuRun>; stderr: () => string } {
  const child = spawn(process.execPath, [kBu, ...args], {
    cwd: options.cwd,
    env: { ...process.env, BU_OUTPUT: path.join(options.cwd, 'out'), ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk) => (stdout += chunk));
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const done = new Promise<BuRun>((resolve) => child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr })));
  return { child, done, stderr: () => stderr };
}

/** Runs `bu ...args` to its end in `cwd` with BU_OUTPUT=<cwd>/out (in the worker's `bu`, harness/cli.ts). */
export async function runBu(args: string[], options: { cwd: string; env?: Record<string, string> }): Promise<BuRun> {
  const { code, signal, stdout, stderr } = await runCli(args, { cwd: options.cwd, env: { BU_OUTPUT: path.join(options.cwd, 'out'), ...options.env }, timeoutMs: 300_000 });
  return { code, signal, stdout, stderr };
}

/** The last stdout line as JSON (`--json`). */
export function lastJson(stdout: string): Record<string, unknown> {
  const lines = stdout.trim().split('\n');
  return JSON.parse(lines[lines.length - 1]!) as Record<string, unknown>;
}

/** `bu capture script` of `plan` in `cwd`, with `--json`: the run, and its session's history when it exited 0. */
export async function capturePlan(cwd: string, plan: object): Promise<{ run: BuRun; id: string | null; history: History | null }> {
  await fs.writeFile(path.join(cwd, 'plan.json'), JSON.stringify(plan));
  const run = await runBu(['capture', 'script', '--plan', 'plan.json', '--json'], { cwd });
  if (run.code !== 0) return { run, id: null, history: null };
  const id = String(lastJson(run.stdout).sessionId);
  return { run, id, history: History.parse(JSON.parse(await fs.readFile(path.join(cwd, 'out', 'history', `${id}.json`), 'utf8'))) };
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/**
 * Every occurrence of any of `needles` in every file under `dirs`, zip entries decompressed.
 * Occurrences inside one of `allowed` (text the app itself showed before the secret was typed,
 * which capture keeps as it was) do not count.
 */
export async function findBytes(dirs: string[], needles: string[], allowed: string[] = []): Promise<string[]> {
  const hits: string[] = [];
  const scan = (where: string, raw: Buffer) => {
    let data = raw;
    for (const text of allowed) data = Buffer.from(data.toString('latin1').split(Buffer.from(text).toString('latin1')).join(''), 'latin1');
    for (const needle of needles) if (data.includes(Buffer.from(needle))) hits.push(`${where}: ${needle}`);
  };
  for (const dir of dirs) {
    for (const file of await listFiles(dir)) {
      const data = await fs.readFile(file);
      scan(file, data);
      if (file.endsWith('.zip')) {
        const zip = await JSZip.loadAsync(data);
        for (const entry of Object.values(zip.files)) if (!entry.dir) scan(`${file}!${entry.name}`, Buffer.from(await entry.async('uint8array')));
      }
    }
  }
  return hits;
}

/**
 * Between two checks of `until`: the checks are cheap (a string, a small file, a badge), and a test
 * that signals a child once something happened should not add much to the moment it proves.
 */
const kPollMs = 50;

/** Polls until `check` is true (or throws after `timeoutMs`). */
export async function until(check: () => Promise<boolean> | boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, kPollMs));
  }
}
