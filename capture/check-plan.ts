import { kPlaceholderPattern } from '../core/conventions.ts';
import { errorMessage } from '../core/errors.ts';
import { kMatchingActions } from '../core/schema/actions.ts';
import type { Plan } from '../core/schema/plan.ts';
import { navigateUrl } from './actions/navigate.ts';
import { describeTarget, targetLocator } from './actions/resolve-target.ts';
import type { Session } from './session.ts';

/**
 * `bu capture script --check`: each plan target resolved on the live page, nothing acted on.
 * Only `navigate` steps are followed (loading a page changes nothing), so the targets after one
 * are looked for on the page it opens; everything else is looked for on the page as it is.
 */

/** How long a target may take to appear (pages that render after load). */
const kAppearTimeoutMs = 2_000;

export interface TargetCheck {
  /** 1-based, as plan steps are numbered in messages. */
  step: number;
  action: string;
  target: string;
  /** The page it was looked for on. */
  url: string;
  /** Elements it matches: 1 is what a step needs; null when the target could not be evaluated. */
  found: number | null;
  /** The step counts what its target matches (expect_count): any number will do. */
  counted: boolean;
  error: string | null;
}

export async function checkPlan(session: Session, plan: Plan, url: string): Promise<TargetCheck[]> {
  const page = session.currentPageOrDie();
  await page.goto(url, { waitUntil: 'load' });
  const checks: TargetCheck[] = [];
  for (const [i, step] of plan.steps.entries()) {
    if (step.action === 'navigate') {
      const next = String(step.params.url);
      // A placeholder's value is not given to a check: the steps after it are looked for where the page is.
      if (!new RegExp(kPlaceholderPattern.source).test(next)) await page.goto(navigateUrl(next, page.url()), { waitUntil: 'load' });
      continue;
    }
    if (step.target === null) continue;
    const check: TargetCheck = { step: i + 1, action: step.action, target: describeTarget(step.target), url: page.url(), found: null, counted: kMatchingActions.has(step.action), error: null };
    try {
      const locator = targetLocator(page, step.target);
      await locator.first().waitFor({ state: 'attached', timeout: kAppearTimeoutMs }).catch(() => undefined);
      check.found = await locator.count();
    } catch (err) {
      check.error = errorMessage(err).split('\n')[0]!;
    }
    checks.push(check);
  }
  return checks;
}

/** Whether the target is fit for its step: one element, or for a counting step any number. */
export function checkPassed(check: TargetCheck): boolean {
  return check.error === null && (check.counted ? check.found !== null : check.found === 1);
}

/** One line per check: `step 3 click role "Sign in": found 1`. */
export function describeCheck(check: TargetCheck): string {
  const verdict = check.error !== null ? `not a valid target (${check.error})` : check.counted ? `found ${check.found} (counted: any number will do)` : check.found === 1 ? 'found 1' : check.found === 0 ? 'found 0: nothing matches' : `found ${check.found}: make it unique (a name, exact: true or nth)`;
  return `step ${check.step} ${check.action} ${check.target}: ${verdict}`;
}
