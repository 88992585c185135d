import type { Page } from 'playwright';
import { runInternal } from '../../core/playwright-internals.ts';

/**
 * Runs bookkeeping Playwright calls (perception, fingerprints, page states, locator checks) so
 * they do not appear in the trace: only the agent's own actions do, each inside its step group.
 * With per-action snapshots on, every traced call also costs a DOM snapshot, an aria snapshot
 * and two screenshots; bookkeeping outnumbers actions about 8 to 1. Where Playwright cannot
 * hide calls (see core/playwright-internals.ts) they simply run traced.
 */
export function untraced<T>(page: Page, fn: () => Promise<T>): Promise<T> {
  return runInternal(page, fn);
}
