import type { Page } from 'playwright';
import { locatorByRef } from '../../core/playwright-internals.ts';
import type { ElementInfo } from '../types.ts';

/** Elements tested on one look; each test is one round trip, run side by side. */
const kMaxTested = 300;
/** Per element; a detached or slow element counts as not matching rather than holding the step. */
const kTestTimeoutMs = 1_000;

/**
 * The listed elements (those with an aria ref, the first `kMaxTested`) for which `test` holds,
 * run in the page on each element side by side: what covered.ts and offscreen.ts mark.
 */
export async function elementsWhere(page: Page, elements: ElementInfo[], test: (element: Element) => boolean): Promise<ElementInfo[]> {
  const tested = elements.filter((element) => element.ref).slice(0, kMaxTested);
  const verdicts = await Promise.all(tested.map((element) => locatorByRef(page, element.ref).evaluate(test, undefined, { timeout: kTestTimeoutMs }).catch(() => false)));
  return tested.filter((_, i) => verdicts[i]);
}
