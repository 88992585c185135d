import type { Page } from 'playwright';
import { inPage } from '../../core/in-page.ts';
import type { ElementInfo } from '../types.ts';
import { elementsWhere } from './elements-where.ts';

/**
 * Elements no scrolling brings into view. A side panel slid out of sight (a fixed layer moved past
 * the viewport's edge until its button opens it) or a skip link parked at `left: -9999px` (or above
 * a fixed toolbar) until it has focus stays in the aria snapshot, yet a click on it scrolls in vain
 * and times out ("element is outside of the viewport"); a skip link clipped to a pixel until then
 * times out the same way, under what lies beneath it. Those are marked `offscreen`, and a crawler
 * leaves them alone as it leaves what a layer covers. An element merely below the fold is not: a
 * click scrolls to it.
 */

/** Sets `offscreen` on the elements no scrolling brings into view; nothing is tested when the page has none. */
export async function markOffscreen(page: Page, elements: ElementInfo[]): Promise<void> {
  const any = await page.evaluate(await inPage.fn('anyUnreachable')).catch(() => false);
  if (!any) return;
  for (const element of await elementsWhere(page, elements, await inPage.fn('unreachable'))) element.offscreen = true;
}
