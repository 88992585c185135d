import { writeFile } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { ExtractOutput } from '../records/extract-records.ts';
import { pidAlive } from '../../core/process.ts';

/**
 * Writes an extract so that readers only ever see a whole one. Each extract is written into its
 * own version folder under `<output>/.extract-store/`, and `extract/<id>` is a symbolic link to the
 * current version, replaced by one `rename` (atomic): a writer killed at any moment leaves the
 * previous complete extract in place. Concurrent writers of one id all succeed (their outputs are
 * identical), and what killed writers left behind is removed by the next one.
 */

let counter = 0;
/** Files written at once: keeps libuv's four pool threads busy without flooding the disk. */
const kWriteConcurrency = 16;
/** Where version folders live, beside `extract/` so that `extract/` lists only extracts. */
const kStoreDir = '.extract-store';


function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The version folder `dir` links to now, or null when it is missing or not a link. */
async function currentVersion(dir: string): Promise<string | null> {
  const target = await fs.readlink(dir).catch(() => null);
  return target === null ? null : path.resolve(path.dirname(dir), target);
}

/** Versions and temp links of `base` left by writers that were killed (their pid is gone). */
async function removeOrphans(parent: string, store: string, base: string): Promise<void> {
  const current = await currentVersion(path.join(parent, base));
  const owned = new RegExp(`^${escapeRegExp(base)}-(\\d+)-\\d+$`);
  for (const name of await fs.readdir(store).catch(() => [])) {
    const match = owned.exec(name);
    const full = path.join(store, name);
    if (match && full !== current && !pidAlive(Number(match[1]))) await fs.rm(full, { recursive: true, force: true });
  }
  const temps = new RegExp(`^\\.${escapeRegExp(base)}\\.(?:link|old)-(\\d+)-\\d+$`);
  for (const name of await fs.readdir(parent).catch(() => [])) {
    const match = temps.exec(name);
    if (match && !pidAlive(Number(match[1]))) await fs.rm(path.join(parent, name), { recursive: true, force: true });
  }
}

/** Points `dir` at `version` in one rename; a real directory there (an older layout) is moved aside first. */
async function link(dir: string, version: string): Promise<string | null> {
  const parent = path.dirname(dir);
  const previous = await currentVersion(dir);
  const temp = path.join(parent, `.${path.basename(dir)}.link-${process.pid}-${counter++}`);
  await fs.symlink(path.relative(parent, version), temp, 'dir');
  const stat = await fs.lstat(dir).catch(() => null);
  if (stat?.isDirectory()) {
    const aside = path.join(parent, `.${path.basename(dir)}.old-${process.pid}-${counter++}`);
    await fs.rename(dir, aside);
    await fs.rename(temp, dir);
    await fs.rm(aside, { recursive: true, force: true });
    return null;
  }
  await fs.rename(temp, dir);
  return previous;
}

/** `fs.writeFile` (callback form): no FileHandle object per file, which matters for thousands of small screenshots. */
function writeBytes(file: string, data: string | Uint8Array): Promise<void> {
  return new Promise((resolve, reject) => writeFile(file, data, (err) => (err ? reject(err) : resolve())));
}

/** Runs `tasks` with at most `concurrency` in flight; the first failure rejects once all started ones settled. */
async function runPool(tasks: (() => Promise<void>)[], concurrency: number): Promise<void> {
  let next = 0;
  let failure: { err: unknown } | null = null;
  const worker = async () => {
    while (next < tasks.length && !failure) {
      const task = tasks[next++]!;
      try {
        await task();
      } catch (err) {
        failure ??= { err };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, tasks.length) }, worker));
  if (failure) throw (failure as { err: unknown }).err;
}

/**
 * One extract being written: its version folder exists from `open` on; `commit` writes the
 * files, waits for whatever else writes into it (the screenshot copies) and links it into place;
 * `discard` removes it. Screenshots can be written into `file(...)` as soon as it is open.
 */
export class VersionDir {
  private linked = false;

  private constructor(private readonly dir: string, readonly version: string) {}

  static async open(dir: string): Promise<VersionDir> {
    const store = path.join(path.dirname(path.dirname(dir)), kStoreDir);
    const version = path.join(store, `${path.basename(dir)}-${process.pid}-${counter++}`);
    await fs.mkdir(path.join(version, 'screenshots'), { recursive: true });
    return new VersionDir(dir, version);
  }

  /** Where a file of the extract (`manifest.json`, `screenshots/0001.jpeg`) is written. */
  file(relative: string): string {
    return path.join(this.version, relative);
  }

  /** Writes `files`, waits for `others`, then points the extract at this version (the old one is removed). */
  async commit(files: ExtractOutput['files'], others: Promise<void>): Promise<void> {
    const writes = runPool(files.map((file) => () => writeBytes(this.file(file.path), file.text)), kWriteConcurrency);
    // Both settle before either failure is thrown: nothing may still write when the folder is removed.
    const [written, copied] = await Promise.allSettled([writes, others]);
    if (written.status === 'rejected') throw written.reason;
    if (copied.status === 'rejected') throw copied.reason;
    const parent = path.dirname(this.dir);
    await fs.mkdir(parent, { recursive: true });
    const previous = await link(this.dir, this.version);
    this.linked = true;
    if (previous && previous !== this.version) await fs.rm(previous, { recursive: true, force: true });
    await removeOrphans(parent, path.dirname(this.version), path.basename(this.dir));
  }

  /** Removes the version, unless it was linked into place. */
  async discard(): Promise<void> {
    if (!this.linked) await fs.rm(this.version, { recursive: true, force: true });
  }
}
