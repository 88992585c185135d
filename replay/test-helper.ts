import type { Page } from 'playwright';
import { History } from '../core/schema/history.ts';
import type { ReplayReport } from '../core/schema/replay-report.ts';
import type { Strategy } from './find.ts';
import type { Fallback } from './fallback.ts';
import { resolveSubstitutions } from './inputs.ts';
import { replay } from './replay.ts';
import { ReplayFailedError } from './replay-failed-error.ts';

/**
 * Replay inside Playwright Test: `await replayHistory(page, history)` in a spec runs the history
 * on the test's page (so workers, shards, retries and reporters apply) and throws a readable
 * error naming the failed step.
 */

export interface ReplayHistoryOptions {
  baseUrl?: string;
  vars?: Record<string, string>;
  /** Defaults to `process.env` (`BU_SECRET_<NAME>`). */
  env?: NodeJS.ProcessEnv;
  strategy?: Strategy;
  fallback?: Fallback;
  findTimeoutMs?: number;
}

export { ReplayFailedError };

export async function replayHistory(page: Page, history: History | unknown, options: ReplayHistoryOptions = {}): Promise<ReplayReport> {
  const parsed = History.parse(history);
  const substitutions = resolveSubstitutions(parsed, options.vars ?? {}, options.env ?? process.env);
  const { report } = await replay(page, parsed, {
    replayId: `replay-${Date.now()}`,
    baseUrl: options.baseUrl ?? null,
    substitutions,
    strategy: options.strategy ?? 'full',
    fallback: options.fallback ?? null,
    findTimeoutMs: options.findTimeoutMs,
  });
  if (!report.summary.ok) throw new ReplayFailedError(report);
  return report;
}
