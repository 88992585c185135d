import { spawn } from 'node:child_process';
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

/** Runs `bu` as a user would, in its own process. */
export function runCli(args: string[], options: RunCliOptions = {}): Promise<CliResult> {
  return runNode(kBuBin, args, options);
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
      const last = stdout.trim().split('\n').pop() ?? '';
      let json: Record<string, unknown> | null = null;
      try {
        const parsed: unknown = JSON.parse(last);
        if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) json = parsed as Record<string, unknown>;
      } catch {
        json = null;
      }
      resolve({ code, signal, stdout, stderr, json });
    });
  });
}
