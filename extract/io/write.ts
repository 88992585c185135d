import fs from 'node:fs/promises';
import path from 'node:path';
import type { ExtractOutput } from '../core/extract-records.ts';
import type { TraceReader } from './zip.ts';

/**
 * Writes an extract into a temp dir beside its destination, then renames it into place. A failed
 * write removes the temp dir and keeps any previous extract, so nothing half-written is ever seen.
 * Concurrent writers of one dir all succeed (their outputs are identical), and temp dirs left by
 * killed writers are removed by the next one.
 */

let counter = 0;
/** Screenshots copied at once: overlaps inflating with file writes without flooding the disk. */
const kCopyConcurrency = 16;

/** Another writer may put its own (identical) extract in place between our two renames: retry. */
const kSwapAttempts = 10;

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Temp and old dirs of `base` left by writers that were killed (their pid is gone). */
async function removeOrphans(parent: string, base: string): Promise<void> {
  const pattern = new RegExp(`^\\.${base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.(?:tmp|old)-(\\d+)-\\d+$`);
  for (const name of await fs.readdir(parent).catch(() => [])) {
    const match = pattern.exec(name);
    if (match && !pidAlive(Number(match[1]))) await fs.rm(path.join(parent, name), { recursive: true, force: true });
  }
}

/** Moves `tmp` to `dir`, moving any existing `dir` aside first; returns the dirs moved aside. */
async function swapIn(tmp: string, dir: string, aside: () => string): Promise<string[]> {
  const moved: string[] = [];
  for (let attempt = 0; ; attempt++) {
    const old = aside();
    try {
      await fs.rename(dir, old);
      moved.push(old);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
    try {
      await fs.rename(tmp, dir);
      return moved;
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if ((code !== 'ENOTEMPTY' && code !== 'EEXIST') || attempt >= kSwapAttempts) throw err;
    }
  }
}

export async function writeExtractDir(dir: string, output: ExtractOutput, reader: TraceReader): Promise<void> {
  const parent = path.dirname(dir);
  const base = path.basename(dir);
  const tmp = path.join(parent, `.${base}.tmp-${process.pid}-${counter++}`);
  const aside = () => path.join(parent, `.${base}.old-${process.pid}-${counter++}`);
  let parentCreated = false;
  try {
    await fs.access(parent);
  } catch {
    parentCreated = true;
  }
  let moved: string[] = [];
  try {
    await fs.mkdir(path.join(tmp, 'screenshots'), { recursive: true });
    for (const file of output.files) await fs.writeFile(path.join(tmp, file.path), file.text);
    for (let i = 0; i < output.copies.length; i += kCopyConcurrency) {
      const batch = output.copies.slice(i, i + kCopyConcurrency);
      await Promise.all(batch.map(async (copy) => fs.writeFile(path.join(tmp, copy.to), await reader.data(copy.from))));
    }
    moved = await swapIn(tmp, dir, aside);
  } catch (err) {
    await fs.rm(tmp, { recursive: true, force: true });
    if (moved.length) await fs.rename(moved[0]!, dir).catch(() => undefined);
    if (parentCreated) await fs.rmdir(parent).catch(() => undefined);
    throw err;
  }
  for (const old of moved) await fs.rm(old, { recursive: true, force: true });
  await removeOrphans(parent, base);
}
