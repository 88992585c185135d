import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext } from 'playwright';
import { openTraceZip } from '../extract/io/zip.ts';

/**
 * The Playwright calls a run makes, by method, as the context's own trace records them: each is
 * one round trip from the test's process to the browser (a click, an evaluation, a count).
 * Counted in a run of its own, since tracing slows the run it records.
 */

/** Bookkeeping of the client's own waits (`waitForURL`, `waitForLoadState`): nothing is asked of the browser. */
const kNotRoundTrips = new Set(['__waitInfo__']);

export async function countApiCalls(context: BrowserContext, run: () => Promise<unknown>): Promise<{ total: number; byMethod: Map<string, number> }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bu-api-calls-'));
  try {
    await context.tracing.start({ snapshots: false, screenshots: false });
    await run();
    const file = path.join(dir, 'trace.zip');
    await context.tracing.stop({ path: file });
    const reader = await openTraceZip(file);
    const events = (await reader.text('trace.trace')).split('\n').filter(Boolean).map((line) => JSON.parse(line) as { type: string; method?: string });
    const byMethod = new Map<string, number>();
    for (const e of events) if (e.type === 'before' && e.method && !kNotRoundTrips.has(e.method)) byMethod.set(e.method, (byMethod.get(e.method) ?? 0) + 1);
    return { total: [...byMethod.values()].reduce((n, k) => n + k, 0), byMethod };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
