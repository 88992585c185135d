import type { Locator } from 'playwright';
import { checkExpectation, kExpectTimeoutMs, type Expectation } from '../../core/act/expectation.ts';
import type { ExpectName } from '../../core/schema/actions.ts';
import type { HistoryStep } from '../../core/schema/history.ts';
import type { ExecContext, ExecOutcome } from './types.ts';

/**
 * The executor of expect steps: the check capture ran when recording (core/act/expectation.ts),
 * with this run's values for placeholders and the recorded address moved where the app now runs.
 * A check that does not hold throws ExpectationFailed: the step fails, nothing heals it.
 */

export type ExpectStep = Extract<HistoryStep, { action: ExpectName }>;

/** The params with this run's values for `{{var:...}}` and `{{secret:...}}`. */
function substituted(step: ExpectStep, text: (value: string) => string): Expectation {
  switch (step.action) {
    case 'expect_text': return { action: step.action, params: { ...step.params, text: text(step.params.text) } };
    case 'expect_url': return { action: step.action, params: { ...step.params, url: text(step.params.url) } };
    case 'expect_title': return { action: step.action, params: { ...step.params, title: text(step.params.title) } };
    case 'expect_value': return { action: step.action, params: { value: text(step.params.value) } };
    case 'expect_checked': return { action: step.action, params: step.params };
    case 'expect_count': return { action: step.action, params: step.params };
  }
}

export async function runExpectStep(ctx: ExecContext, step: ExpectStep, target: Locator | null): Promise<ExecOutcome> {
  const result = await checkExpectation(substituted(step, ctx.text), {
    page: ctx.page,
    element: target,
    label: step.fingerprint ? `${step.fingerprint.role ?? step.fingerprint.tag} ${JSON.stringify(step.fingerprint.name)}` : step.locator?.code ?? 'the page',
    timeoutMs: Math.min(kExpectTimeoutMs, ctx.actionTimeoutMs),
    // An exact address was resolved against the page it was recorded on; it moves with the app.
    resolveUrl: (url) => ctx.rebase.url(new URL(url, step.pre.url).href),
  });
  return { result };
}
