import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { redactEnvSecrets } from '../core/redact-env-secrets.ts';

/**
 * Runs a project's reset command (`resetCommand`, `BU_RESET_COMMAND`) for `brow-use/test`: in a
 * shell, in its own process group, for at most a bounded time. A reset that hangs (a database
 * lock, a prompt, a server that never answers) is stopped with everything it started, rather than
 * holding its test until Playwright's timeout and running on after it. What it printed reaches the
 * error (and so the report and the trace) with the values of `BU_SECRET_*` replaced.
 */

/**
 * How long a reset may run. Restoring a test database or a fixture dump takes seconds; one still
 * running after a minute is waiting on something that will not come, and the test it holds fails
 * anyway.
 */
export const kResetTimeoutMs = 60_000;

/**
 * The share of its test's timeout a reset may take. It runs inside that time: a reset cut short by
 * the test's timeout instead of its own is abandoned by Playwright, not stopped, and its error
 * says nothing about it; and the flow after it needs the rest.
 */
const kResetShareOfTest = 0.5;

/** How long the reset before a test with `testTimeoutMs` (0: none) may run. */
export function resetTimeoutMs(testTimeoutMs: number): number {
  return testTimeoutMs > 0 ? Math.min(kResetTimeoutMs, Math.round(testTimeoutMs * kResetShareOfTest)) : kResetTimeoutMs;
}

/** The last lines of a failed reset command's output that its error shows. */
const kResetOutputLines = 20;

/** Output kept while the command runs: the tail the error shows, with room to spare. */
const kResetOutputChars = 20_000;

export interface ResetOptions {
  command: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** At most this long, then the command and every process it started are killed (default kResetTimeoutMs). */
  timeoutMs?: number;
}

/** Kills `child` and every process it started (its process group; on Windows, its tree). */
function killTree(child: ChildProcess): void {
  if (child.pid === undefined) return;
  try {
    if (process.platform === 'win32') spawnSync('taskkill', ['/pid', String(child.pid), '/T', '/F'], { stdio: 'ignore' });
    else process.kill(-child.pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

function seconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}

/** Resolves when the command exits 0; rejects with how it ended and the end of its output, secrets replaced. */
export function runReset({ command, cwd, env, timeoutMs = kResetTimeoutMs }: ResetOptions): Promise<void> {
  const redact = (text: string) => redactEnvSecrets(text, env);
  return new Promise((resolve, reject) => {
    // Its own process group, so a timeout kills the shell's children too (`npm run` -> node -> psql).
    const child = spawn(command, { cwd, env, shell: true, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (chunk: Buffer) => void (output = (output + chunk.toString()).slice(-kResetOutputChars));
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    // The worker may be ended while the reset runs (the test timed out): it takes the reset along.
    const onExit = () => killTree(child);
    process.once('exit', onExit);
    let done = false;
    const finish = (error: string | null) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      process.off('exit', onExit);
      if (error === null) return resolve();
      const tail = redact(output.trimEnd().split('\n').slice(-kResetOutputLines).join('\n'));
      reject(new Error(`the reset command \`${redact(command)}\` ${error}${tail ? `:\n${tail}` : ''}`));
    };
    const timer = setTimeout(() => {
      killTree(child);
      // Not waiting for its pipes to close: a process that left the group may still hold them.
      finish(`timed out after ${seconds(timeoutMs)} and was stopped, with every process it started`);
    }, timeoutMs);
    child.on('error', (err) => finish(`could not start: ${err.message}`));
    child.on('close', (code, signal) => {
      if (code === 0) finish(null);
      else finish(signal ? `was killed by ${signal}` : `exited ${code}`);
    });
  });
}
