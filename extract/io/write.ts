import fs from 'node:fs/promises';
import path from 'node:path';
import type { ExtractOutput } from '../core/extract-records.ts';
import type { TraceReader } from './zip.ts';

/**
 * Writes an extract into a temp dir beside its destination, then renames it into place. A failed
 * write removes the temp dir and keeps any previous extract, so nothing half-written is ever seen.
 */

let counter = 0;
/** Screenshots copied at once: overlaps inflating with file writes without flooding the disk. */
const kCopyConcurrency = 16;

export async function writeExtractDir(dir: string, output: ExtractOutput, reader: TraceReader): Promise<void> {
  const parent = path.dirname(dir);
  const base = path.basename(dir);
  const tmp = path.join(parent, `.${base}.tmp-${process.pid}-${counter++}`);
  const old = path.join(parent, `.${base}.old-${process.pid}-${counter++}`);
  let parentCreated = false;
  try {
    await fs.access(parent);
  } catch {
    parentCreated = true;
  }
  let movedOld = false;
  try {
    await fs.mkdir(path.join(tmp, 'screenshots'), { recursive: true });
    for (const file of output.files) await fs.writeFile(path.join(tmp, file.path), file.text);
    for (let i = 0; i < output.copies.length; i += kCopyConcurrency) {
      const batch = output.copies.slice(i, i + kCopyConcurrency);
      await Promise.all(batch.map(async (copy) => fs.writeFile(path.join(tmp, copy.to), await reader.data(copy.from))));
    }
    try {
      await fs.rename(dir, old);
      movedOld = true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
    await fs.rename(tmp, dir);
  } catch (err) {
    await fs.rm(tmp, { recursive: true, force: true });
    if (movedOld) await fs.rename(old, dir).catch(() => undefined);
    if (parentCreated) await fs.rmdir(parent).catch(() => undefined);
    throw err;
  }
  if (movedOld) await fs.rm(old, { recursive: true, force: true });
}
