import fs from 'node:fs/promises';
import JSZip from 'jszip';
import { writeFileAtomic } from '../../core/io/atomic.ts';
import type { Secrets } from './secrets.ts';

/**
 * Playwright stores fill values, POST bodies and input values in clear text in the trace events,
 * the network log, `resources/` and DOM snapshots. After tracing stops, every entry of the zip is
 * rewritten with each spelling of each secret replaced by its `{{secret:NAME}}` placeholder.
 */
export async function redactTraceZip(file: string, secrets: Secrets): Promise<{ entries: number; hits: number }> {
  if (secrets.isEmpty) return { entries: 0, hits: 0 };
  const zip = await JSZip.loadAsync(await fs.readFile(file));
  const out = new JSZip();
  let hits = 0;
  let entries = 0;
  for (const entry of Object.values(zip.files)) {
    if (entry.dir) continue;
    const data = Buffer.from(await entry.async('uint8array'));
    const redacted = secrets.redactBytes(data);
    hits += redacted.hits;
    entries++;
    out.file(entry.name, redacted.data, { date: entry.date, createFolders: false });
  }
  const written = await out.generateAsync({ type: 'uint8array', compression: 'DEFLATE', compressionOptions: { level: 6 } });
  await writeFileAtomic(file, written);
  return { entries, hits };
}
