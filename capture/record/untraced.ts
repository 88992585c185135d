import type { Page } from 'playwright';

/**
 * Runs bookkeeping Playwright calls (perception, fingerprints, page states, locator checks) so
 * they do not appear in the trace: only the agent's own actions do, each inside its step group.
 * With per-action snapshots on, every traced call also costs a DOM snapshot, an aria snapshot
 * and two screenshots; bookkeeping outnumbers actions about 8 to 1.
 *
 * Playwright marks its own helper calls `internal` through the client's `_wrapApiCall`; calls
 * made inside it inherit the flag and are skipped by the tracer. Without that method (another
 * Playwright version) the calls simply run traced.
 */
type WrapApiCall = (fn: () => Promise<unknown>, options: { internal: boolean; title: string }) => Promise<unknown>;

/** Playwright prefixes errors with the wrapper's title; it is removed again so messages read as before. */
const kTitle = 'bookkeeping';

export async function untraced<T>(page: Page, fn: () => Promise<T>): Promise<T> {
  const wrap = (page as unknown as { _wrapApiCall?: WrapApiCall })._wrapApiCall;
  if (typeof wrap !== 'function') return fn();
  try {
    return (await wrap.call(page, fn, { internal: true, title: kTitle })) as T;
  } catch (err) {
    if (err instanceof Error && err.message.startsWith(`${kTitle}: `)) err.message = err.message.slice(kTitle.length + 2);
    throw err;
  }
}
