import fs from 'node:fs/promises';
import path from 'node:path';
import { describeIssues, UsageError } from './errors.ts';
import { writeFileAtomic } from './io/atomic.ts';
import { RunDatabase, RunRecord } from './schema/run.ts';
import { pidAlive } from './process.ts';

/**
 * The run database `.brow-use/runs.json`: a JSON array, one entry per run. Writers take a
 * cross-process lock (an exclusively created lock file holding the owner's pid), re-read, merge,
 * write a temp file and rename it, so concurrent runs never lose an entry and a writer killed
 * mid-write leaves the previous complete file.
 */

/** A lock older than this whose owner is gone is broken; a live owner finishes far sooner. */
const kStaleLockMs = 10_000;
/** Poll interval while waiting for the lock; writes take a few milliseconds. */
const kLockPollMs = 5;
/** Give up waiting after this long: something is badly wrong (e.g. a hung writer). */
const kLockTimeoutMs = 60_000;


async function breakIfStale(lockFile: string): Promise<void> {
  let owner: number;
  let age: number;
  try {
    const [text, stat] = await Promise.all([fs.readFile(lockFile, 'utf8'), fs.stat(lockFile)]);
    owner = Number.parseInt(text, 10);
    age = Date.now() - stat.mtimeMs;
  } catch {
    return; // released meanwhile, or being written: retry
  }
  const ownerGone = Number.isFinite(owner) ? !pidAlive(owner) : age > kStaleLockMs;
  if (!ownerGone && age < kStaleLockMs * 6) return;
  // Move it aside atomically; only one breaker wins the rename.
  const aside = `${lockFile}.${process.pid}.stale`;
  try {
    await fs.rename(lockFile, aside);
    await fs.rm(aside, { force: true });
  } catch {
    // someone else broke or released it
  }
}

async function withLock<T>(lockFile: string, fn: () => Promise<T>): Promise<T> {
  await fs.mkdir(path.dirname(lockFile), { recursive: true });
  const deadline = Date.now() + kLockTimeoutMs;
  for (let attempt = 0; ; attempt++) {
    try {
      const handle = await fs.open(lockFile, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${lockFile}; remove it if no bu process is running`);
      if (attempt % 20 === 19) await breakIfStale(lockFile);
      await new Promise((resolve) => setTimeout(resolve, kLockPollMs + Math.random() * kLockPollMs));
    }
  }
  try {
    return await fn();
  } finally {
    await fs.rm(lockFile, { force: true });
  }
}

export class RunsDb {
  constructor(readonly file: string) {}

  private get lockFile(): string {
    return `${this.file}.lock`;
  }

  async list(): Promise<RunRecord[]> {
    let text: string;
    try {
      text = await fs.readFile(this.file, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw err;
    }
    if (!text.trim()) return [];
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (err) {
      throw new UsageError(`${this.file}: not valid JSON (${(err as Error).message})`, 'restore it from a backup or move it aside');
    }
    const parsed = RunDatabase.safeParse(value);
    if (!parsed.success) throw new UsageError(`${this.file}: ${describeIssues(parsed.error)}`, 'fix or move the file aside');
    return parsed.data;
  }

  /** Temp files of writers that were killed mid-write (their pid is gone). Called under the lock. */
  private async removeOrphanTemps(): Promise<void> {
    const dir = path.dirname(this.file);
    const prefix = `${path.basename(this.file)}.`;
    for (const name of await fs.readdir(dir)) {
      const pid = name.startsWith(prefix) && name.endsWith('.tmp') ? Number.parseInt(name.slice(prefix.length), 10) : NaN;
      if (Number.isFinite(pid) && !pidAlive(pid)) await fs.rm(path.join(dir, name), { force: true });
    }
  }

  async get(sessionId: string): Promise<RunRecord | undefined> {
    return (await this.list()).find((run) => run.sessionId === sessionId);
  }

  /** Inserts or merges (shallowly, `artifacts` and `usage` merged by key) the entry for `record.sessionId`. */
  async upsert(record: Partial<RunRecord> & { sessionId: string }): Promise<RunRecord> {
    return withLock(this.lockFile, async () => {
      const runs = await this.list();
      const at = runs.findIndex((run) => run.sessionId === record.sessionId);
      const prev = at >= 0 ? runs[at] : undefined;
      const merged = RunRecord.parse({
        ...prev,
        ...record,
        artifacts: { ...prev?.artifacts, ...record.artifacts },
      });
      if (at >= 0) runs[at] = merged;
      else runs.push(merged);
      await writeFileAtomic(this.file, JSON.stringify(runs, null, 2) + '\n');
      await this.removeOrphanTemps();
      return merged;
    });
  }
}
