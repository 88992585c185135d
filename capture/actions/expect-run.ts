import { checkExpectation, kExpectTimeoutMs, type Expectation } from '../../core/act/expectation.ts';
import type { ActionContext, ActionRunResult } from './define.ts';

/**
 * What every expect action runs: the shared check (core/act/expectation.ts) on the step's page and
 * element, within the expect timeout (never longer than the capture's action timeout). A check
 * that does not hold throws, so the step fails and a plan stops at it.
 */
/** How the action descriptions say how long a check waits. */
export const kExpectWait = `Waits up to ${kExpectTimeoutMs / 1000} s.`;

export async function runExpectation(ctx: ActionContext, expectation: Expectation): Promise<ActionRunResult> {
  const text = await checkExpectation(expectation, {
    page: ctx.page,
    element: ctx.element,
    label: ctx.elementLabel,
    timeoutMs: Math.min(kExpectTimeoutMs, ctx.timeoutMs),
    resolveUrl: (url) => new URL(url, ctx.page.url()).href,
  });
  return { text };
}
