import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** Starting real apps on 127.0.0.1: temp dirs, free ports, child servers, static files under a prefix. */

/** Polling interval while an app boots: short, since most answer within a second. */
const kPollMs = 100;
/** The slowest app here (a Node.js wiki booting its plugins) answers in ~3 s alone; a busy 2-core machine gets ten times that. */
export const kDefaultStartTimeoutMs = 30_000;
/** How long a server may take to exit after SIGTERM before it is killed. */
const kStopGraceMs = 5_000;

export function tempDir(name: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `bu-app-${name}-`));
}

export function removeDir(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Fixed HTML pages by path on a free port of 127.0.0.1; any other path is a 404. */
export function servePages(pages: Record<string, string>): Promise<{ url: string; close(): Promise<void> }> {
  return listenOnLoopback(http.createServer((req, res) => {
    const page = pages[new URL(req.url ?? '/', 'http://x').pathname];
    res.writeHead(page ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    res.end(page ?? 'not found');
  }));
}

/**
 * `server` listening on a free port of 127.0.0.1: its root URL, and a close that waits for it. The
 * close ends connections still open (a page left on the site keeps one alive, a script of it may
 * have a request in flight): a test's server stops when the test is done, not when its browser is.
 */
export async function listenOnLoopback(server: http.Server): Promise<{ url: string; close(): Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
}

/**
 * A running app's `reset` as a shell command, for generated specs' reset command
 * (`BU_RESET_COMMAND`): the command posts to a server on 127.0.0.1 that runs `reset` and answers
 * when it is done, 200, or 500 with the error. Closing stops the server.
 */
export async function resetCommand(reset: () => Promise<void>): Promise<{ command: string; close(): Promise<void> }> {
  const server = await listenOnLoopback(http.createServer((req, res) => {
    reset().then(
      () => res.writeHead(200).end('reset'),
      (err: unknown) => res.writeHead(500).end(err instanceof Error ? err.stack ?? err.message : String(err)),
    );
  }));
  const client = `fetch(process.argv[1], { method: 'POST' }).then(async (r) => { if (!r.ok) { console.error(await r.text()); process.exit(1); } }, (e) => { console.error(String(e)); process.exit(1); })`;
  return { command: `${JSON.stringify(process.execPath)} -e ${JSON.stringify(client)} ${server.url}`, close: server.close };
}

export interface WaitOptions {
  /** A child whose exit means the app will never answer. */
  child?: ChildProcess;
  timeoutMs?: number;
}

/** Resolves once `url` answers with a status below 500; throws when the child exits or time runs out. */
export async function waitUntilAnswers(url: string, options: WaitOptions = {}): Promise<void> {
  const timeoutMs = options.timeoutMs ?? kDefaultStartTimeoutMs;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (options.child && options.child.exitCode !== null) throw new Error(`the server exited with code ${options.child.exitCode} before ${url} answered`);
    try {
      if ((await fetch(url, { redirect: 'manual' })).status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, kPollMs));
  }
  throw new Error(`nothing answered at ${url} within ${timeoutMs} ms`);
}

export interface ChildServer {
  child: ChildProcess;
  /** Stderr and stdout so far, for the error when it does not come up. */
  output(): string;
  stop(): Promise<void>;
}

export interface SpawnOptions {
  command: string;
  args: string[];
  cwd: string;
  env?: NodeJS.ProcessEnv;
}

/** Starts a server process; `stop()` ends it (SIGTERM, then SIGKILL if it lingers) and is idempotent. */
export function spawnServer(options: SpawnOptions): ChildServer {
  const child = spawn(options.command, options.args, { cwd: options.cwd, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const lingering = setTimeout(() => child.kill('SIGKILL'), kStopGraceMs);
        await exited;
        clearTimeout(lingering);
      }
    },
  };
}

/** `php -S 127.0.0.1:PORT -t dir` with php's `-d` `settings`, answering at `probe` (a path) before it resolves. */
export async function servePhp(dir: string, probe: string, settings: Record<string, string> = {}): Promise<{ origin: string; server: ChildServer }> {
  const port = await freePort();
  const ini = Object.entries(settings).flatMap(([name, value]) => ['-d', `${name}=${value}`]);
  const server = spawnServer({ command: 'php', args: [...ini, '-S', `127.0.0.1:${port}`, '-t', dir], cwd: dir });
  const origin = `http://127.0.0.1:${port}`;
  try {
    await waitUntilAnswers(origin + probe, { child: server.child });
  } catch (err) {
    await server.stop();
    throw err;
  }
  return { origin, server };
}

const kTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.md': 'text/markdown; charset=utf-8', '.json': 'application/json; charset=utf-8',
  '.yaml': 'text/yaml; charset=utf-8', '.svg': 'image/svg+xml', '.png': 'image/png', '.ico': 'image/x-icon',
  '.woff': 'font/woff', '.woff2': 'font/woff2', '.ttf': 'font/ttf', '.map': 'application/json',
};

/** The static files of `dir` under `prefix` (`/docs/v5/`), as a web server in front of an app serves them. */
export async function serveStatic(dir: string, prefix: string): Promise<{ url: string; close(): Promise<void> }> {
  const root = path.resolve(dir);
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://static.invalid');
    if (url.pathname === prefix.slice(0, -1)) {
      res.writeHead(301, { location: prefix }).end();
      return;
    }
    let file = path.join(root, decodeURIComponent(url.pathname.startsWith(prefix) ? url.pathname.slice(prefix.length) : '\0'));
    if (file.endsWith(path.sep) || (fs.existsSync(file) && fs.statSync(file).isDirectory())) file = path.join(file, 'index.html');
    if (!file.startsWith(root + path.sep) || !fs.existsSync(file)) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': kTypes[path.extname(file)] ?? 'application/octet-stream' }).end(fs.readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  let closed: Promise<void> | null = null;
  return {
    url: `http://127.0.0.1:${port}${prefix}`,
    close: () => (closed ??= new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    })),
  };
}

/** For apps whose state lives in the browser or in files nothing writes: there is nothing to put back. */
export async function nothingToReset(): Promise<void> {}

/** Runs `steps` once, however often it is called: `stop()` must be idempotent. */
export function once(steps: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | null = null;
  return () => (done ??= steps());
}

/**
 * The server process of an app's instance whose folder is `dir`: spawned, then `ready` run (the
 * wait until it answers, the seeding of its data). `stop` ends the process and removes `dir`, once.
 * When `ready` fails, the process is stopped and the error names the app, with its last output.
 */
export async function serveInstance(app: string, dir: string, options: SpawnOptions, ready: (child: ChildProcess) => Promise<void>): Promise<() => Promise<void>> {
  const server = spawnServer(options);
  const stop = once(async () => {
    await server.stop();
    removeDir(dir);
  });
  try {
    await ready(server.child);
  } catch (err) {
    await stop();
    throw new Error(`${app} did not start: ${(err as Error).message}\n${server.output()}`);
  }
  return stop;
}
