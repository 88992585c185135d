import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';

/** Serving real apps on 127.0.0.1 for tests: a PHP app through `php -S`, a folder of static files under a path prefix. */

/** php -S answers within a second once listening; slow machines get ten. */
const kStartTimeoutMs = 10_000;

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

async function waitForHttp(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + kStartTimeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`php -S exited with code ${child.exitCode}`);
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`nothing answered at ${url} within ${kStartTimeoutMs} ms`);
}

export function phpUnavailable(): string | null {
  return spawnSync('php', ['--version'], { stdio: 'ignore' }).status === 0 ? null : 'php is not installed (apt-get install php-cli)';
}

export interface Served {
  /** Origin and prefix, ending in `/`. */
  url: string;
  close(): Promise<void>;
}

/** `php -S` on a free port with `dir` as document root; `cleanup` runs after it stopped. */
export async function servePhp(dir: string, probe: string, cleanup: () => void = () => undefined): Promise<Served> {
  const port = await freePort();
  const child = spawn('php', ['-S', `127.0.0.1:${port}`, '-t', dir], { cwd: dir, stdio: 'ignore' });
  const close = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    cleanup();
  };
  const url = `http://127.0.0.1:${port}/`;
  try {
    await waitForHttp(new URL(probe, url).href, child);
  } catch (err) {
    await close();
    throw err;
  }
  return { url, close };
}

const kTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.md': 'text/markdown; charset=utf-8', '.json': 'application/json; charset=utf-8',
  '.yaml': 'text/yaml; charset=utf-8', '.svg': 'image/svg+xml', '.png': 'image/png', '.ico': 'image/x-icon',
};

/** Static files of `dir` under `prefix` (`/docs/v5/`), as a web server in front of an app would serve them. */
export async function serveStatic(dir: string, prefix: string): Promise<Served> {
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
  return {
    url: `http://127.0.0.1:${port}${prefix}`,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
