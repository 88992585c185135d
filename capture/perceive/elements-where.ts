import type { Page } from 'playwright';
import { mapInLanes } from '../../core/map-in-lanes.ts';
import { locatorByRef } from '../../core/playwright-internals.ts';
import type { ElementInfo } from '../types.ts';

/** Elements tested on one look; each test is one round trip. */
const kMaxTested = 300;
/** Per element; a detached or slow element counts as not matching rather than holding the step. */
const kTestTimeoutMs = 1_000;
/**
 * Round trips in flight at once. Each finds its element by its aria ref on the page's thread, and
 * its second runs from when it is sent: sent all at once, on a loaded machine seventy tests of a
 * wiki's page took 1.5 s together, the ones still queued when their second ran out counted as not
 * matching, and its skip link was not marked offscreen. Eight at a time cost no more on a page that
 * answers (a round trip is a millisecond or two) and give each test its own second.
 */
const kInFlight = 8;

/**
 * A second try's wait for an element its ref still finds: on a loaded machine a skip link's test,
 * still queued on the page's thread when its first second ran out, counted as not offscreen and
 * the crawler clicked it. Only an element still attached is waited for again (count() waits for
 * nothing): a page re-drawn since the look costs no more than before.
 */
const kRetryTimeoutMs = 5_000;

/** The verdict; a test that gave none in its time (a detached element) is false. */
async function testAt(page: Page, element: ElementInfo, test: (element: Element) => boolean): Promise<boolean> {
  const found = locatorByRef(page, element.ref);
  const first = await found.evaluate(test, undefined, { timeout: kTestTimeoutMs }).catch(() => null);
  if (first !== null) return first;
  if ((await found.count().catch(() => 0)) !== 1) return false;
  return found.evaluate(test, undefined, { timeout: kRetryTimeoutMs }).catch(() => false);
}

/**
 * The listed elements (those with an aria ref, the first `kMaxTested`) for which `test` holds,
 * run in the page on each element, a few side by side: what covered.ts and offscreen.ts mark.
 */
export async function elementsWhere(page: Page, elements: ElementInfo[], test: (element: Element) => boolean): Promise<ElementInfo[]> {
  const tested = elements.filter((element) => element.ref).slice(0, kMaxTested);
  const verdicts = await mapInLanes(tested, kInFlight, (element) => testAt(page, element, test));
  return tested.filter((_, i) => verdicts[i]);
}
