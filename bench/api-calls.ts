import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, CDPSession } from 'playwright';
import { openTraceZip } from '../core/io/trace-zip.ts';

/**
 * The Playwright calls a run makes, by method, as the context's own trace records them: each is
 * one round trip from the test's process to the browser (a click, an evaluation, a count).
 * Counted in a run of its own, since tracing slows the run it records. The trace leaves out
 * what goes through a DevTools session (`newCDPSession(...).send`): those are counted as they are
 * sent, as `cdp:<method>`.
 */

/** Bookkeeping of the client's own waits (`waitForURL`, `waitForLoadState`): nothing is asked of the browser. */
const kNotRoundTrips = new Set(['__waitInfo__']);

export async function countApiCalls(context: BrowserContext, run: () => Promise<unknown>): Promise<{ total: number; byMethod: Map<string, number> }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bu-api-calls-'));
  const byMethod = new Map<string, number>();
  const count = (method: string) => byMethod.set(method, (byMethod.get(method) ?? 0) + 1);
  const newCDPSession = context.newCDPSession;
  context.newCDPSession = async function (this: BrowserContext, ...args: Parameters<BrowserContext['newCDPSession']>): Promise<CDPSession> {
    const session = await newCDPSession.apply(this, args);
    const send = session.send;
    session.send = function (this: CDPSession, ...sent: Parameters<CDPSession['send']>) {
      count(`cdp:${sent[0]}`);
      return send.apply(this, sent);
    } as CDPSession['send'];
    return session;
  };
  try {
    await context.tracing.start({ snapshots: false, screenshots: false });
    await run();
    const file = path.join(dir, 'trace.zip');
    await context.tracing.stop({ path: file });
    const reader = await openTraceZip(file);
    const events = (await reader.text('trace.trace')).split('\n').filter(Boolean).map((line) => JSON.parse(line) as { type: string; method?: string });
    for (const e of events) if (e.type === 'before' && e.method && !kNotRoundTrips.has(e.method)) count(e.method);
    return { total: [...byMethod.values()].reduce((n, k) => n + k, 0), byMethod };
  } finally {
    context.newCDPSession = newCDPSession;
    await fs.rm(dir, { recursive: true, force: true });
  }
}
