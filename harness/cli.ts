import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const kRepoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** `bu` as the package ships it; the suite's global setup builds it when a source is newer. */
export const kBuBin = path.join(kRepoRoot, 'dist', 'cli', 'bu.js');

export interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** The last stdout line parsed as JSON, when it is one. */
  json: Record<string, unknown> | null;
}

export interface RunCliOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  timeoutMs?: number;
  /** Called with the child once spawned (e.g. to kill it). */
  onSpawn?: (child: import('node:child_process').ChildProcess) => void;
}

/** A `bu` kept running (bu-host.mjs), and the command it is running. */
interface BuHost {
  child: ChildProcess;
  /** Output of the host outside a command's own (a crash's trace): it goes to the command it ends. */
  stray: string;
  current: ((result: CliResult) => void) | null;
}

const kHostScript = path.join(kRepoRoot, 'harness', 'bu-host.mjs');
const idleHosts: BuHost[] = [];
let lastId = 0;

function startHost(): BuHost {
  const child = spawn(process.execPath, [kHostScript], { cwd: kRepoRoot, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
  const host: BuHost = { child, stray: '', current: null };
  const keep = (chunk: Buffer) => void (host.stray += chunk.toString('utf8'));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const end = (code: number | null, signal: NodeJS.Signals | null, detail = '') => {
    if (idleHosts.includes(host)) idleHosts.splice(idleHosts.indexOf(host), 1);
    host.current?.({ code, signal, stdout: '', stderr: host.stray + detail, json: null });
    host.current = null;
  };
  child.on('exit', (code, signal) => end(code, signal));
  // A host that could not start, or that ended before a command reached it.
  child.on('error', (err) => end(null, null, `bu-host: ${err.message}\n`));
  for (const pipe of [child.stdout, child.stderr]) (pipe as unknown as { unref(): void }).unref();
  hold(host, false);
  return host;
}

/** A host keeps its caller's process up while it runs a command, and not when idle: it leaves with it (bu-host.mjs). */
function hold(host: BuHost, running: boolean): void {
  if (running) {
    host.child.ref();
    host.child.channel?.ref();
  } else {
    host.child.unref();
    host.child.channel?.unref();
  }
}

/**
 * Runs `bu` in a `bu` kept running for this worker (bu-host.mjs): the same compiled commands,
 * working directory, environment, output and exit code as a process of its own, without the
 * Node start that loads Playwright, ts-morph and the commands again (most of a CPU-second a run,
 * a few hundred runs a suite). For what a command does; what only a process shows (signals, a
 * kill, startup) runs `bu` in a process of its own (spawnBu, runNode of kBuBin). A timeout kills
 * the host, as runNode kills its process.
 */
export function runCli(args: string[], options: Omit<RunCliOptions, 'onSpawn'> = {}): Promise<CliResult> {
  const host = idleHosts.pop() ?? startHost();
  const id = ++lastId;
  return new Promise((resolve) => {
    const timer = setTimeout(() => host.child.kill('SIGKILL'), options.timeoutMs ?? 120_000);
    const onMessage = (reply: { id: number; code: number; stdout: string; stderr: string }) => {
      if (reply.id !== id) return;
      host.current = null;
      idleHosts.push(host);
      done({ code: reply.code, signal: null, stdout: reply.stdout, stderr: reply.stderr, json: lastJsonLine(reply.stdout) });
    };
    const done = (result: CliResult) => {
      clearTimeout(timer);
      host.child.off('message', onMessage);
      hold(host, false);
      resolve(result);
    };
    host.stray = '';
    host.current = done;
    hold(host, true);
    host.child.on('message', onMessage);
    host.child.send({ id, args, cwd: options.cwd ?? kRepoRoot, env: { ...process.env, ...options.env } });
  });
}

/** The last stdout line parsed as JSON, when it is an object. */
function lastJsonLine(stdout: string): Record<string, unknown> | null {
  const last = stdout.trim().split('\n').pop() ?? '';
  try {
    const parsed: unknown = JSON.parse(last);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Runs a Node script in its own process, collecting its output. */
export function runNode(script: string, args: string[], options: RunCliOptions = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], {
      cwd: options.cwd ?? kRepoRoot,
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    options.onSpawn?.(child);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 120_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr, json: lastJsonLine(stdout) });
    });
  });
}
