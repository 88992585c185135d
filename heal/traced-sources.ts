import { createHash } from 'node:crypto';
import type { TraceReader } from '../core/io/trace-zip.ts';

/**
 * The test code as the run that failed had it: Playwright keeps each source file a call's stack
 * names in its trace (`resources/src@<sha1 of its path>.txt`). Heal edits a file only while it is
 * still that text: a position read from a trace means nothing in a file edited since.
 */

/** Each of `files` (paths as the trace's stacks name them) the trace holds the text of. */
export async function tracedSources(zip: TraceReader, files: Iterable<string>): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const file of new Set(files)) {
    const entry = `resources/src@${createHash('sha1').update(file).digest('hex')}.txt`;
    if (zip.entries.has(entry)) out.set(file, await zip.text(entry));
  }
  return out;
}
