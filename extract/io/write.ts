import { writeFile } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { ExtractOutput } from '../core/extract-records.ts';
import type { TraceReader } from './zip.ts';
import { pidAlive } from '../../core/process.ts';

/**
 * Writes an extract so that readers only ever see a whole one. Each extract is written into its
 * own version folder under `<output>/.extract-store/`, and `extract/<id>` is a symbolic link to the
 * current version, replaced by one `rename` (atomic): a writer killed at any moment leaves the
 * previous complete extract in place. Concurrent writers of one id all succeed (their outputs are
 * identical), and what killed writers left behind is removed by the next one.
 */

let counter = 0;
/** Files written at once: keeps libuv's four pool threads busy while inflating, without flooding the disk. */
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

export async function writeExtractDir(dir: string, output: ExtractOutput, reader: TraceReader): Promise<void> {
  const parent = path.dirname(dir);
  const base = path.basename(dir);
  const store = path.join(path.dirname(parent), kStoreDir);
  const version = path.join(store, `${base}-${process.pid}-${counter++}`);
  let linked = false;
  try {
    await fs.mkdir(path.join(version, 'screenshots'), { recursive: true });
    const writes: (() => Promise<void>)[] = [
      ...output.files.map((file) => () => writeBytes(path.join(version, file.path), file.text)),
      // Screenshots go from the zip to disk as bytes, inflated one at a time as a writer frees up.
      ...output.copies.map((copy) => async () => writeBytes(path.join(version, copy.to), await reader.data(copy.from))),
    ];
    await runPool(writes, kWriteConcurrency);
    await fs.mkdir(parent, { recursive: true });
    const previous = await link(dir, version);
    linked = true;
    if (previous && previous !== version) await fs.rm(previous, { recursive: true, force: true });
  } finally {
    if (!linked) await fs.rm(version, { recursive: true, force: true });
  }
  await removeOrphans(parent, store, base);
}
