import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import net from 'node:net';

/** A PHP app of the corpus under `php -S` on 127.0.0.1. */

/** php -S answers within a second once listening; a loaded machine gets ten. */
const kStartTimeoutMs = 10_000;

export function phpUnavailable(): string | null {
  return spawnSync('php', ['--version'], { stdio: 'ignore' }).status === 0 ? null : 'php is not installed (apt-get install php-cli)';
}

function freePort(): Promise<number> {
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

/** Serves `dir` with `php -S` (and php's `-d` settings); resolves once `probe` answers. */
export async function servePhp(dir: string, probe: string, settings: Record<string, string> = {}): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const ini = Object.entries(settings).flatMap(([k, v]) => ['-d', `${k}=${v}`]);
  const child = spawn('php', [...ini, '-S', `127.0.0.1:${port}`, '-t', dir], { cwd: dir, stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}/`;
  const stop = async () => {
    if (child.exitCode !== null) return;
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  };
  try {
    await waitForHttp(new URL(probe, url).href, child);
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, stop };
}
