import type { Page } from 'playwright';
import { inPage } from '../../core/in-page.ts';
import { locatorByRef } from '../../core/playwright-internals.ts';
import type { ElementInfo } from '../types.ts';

/**
 * Elements no scrolling brings into view. A side panel slid out of sight (a fixed layer moved past
 * the viewport's edge until its button opens it) or a skip link parked at `left: -9999px` until it
 * has focus stays in the aria snapshot, yet a click on it scrolls in vain and times out ("element
 * is outside of the viewport"). Those are marked `offscreen`, and a crawler leaves them alone as it
 * leaves what a layer covers. An element merely below the fold is not: a click scrolls to it.
 */

/** Elements tested on one look; each test is one round trip, run side by side. */
const kMaxTested = 300;
/** Per element; a detached or slow element is left unmarked rather than holding the step. */
const kTestTimeoutMs = 1_000;

/**
 * Runs in the page: whether `element` lies where scrolling cannot take the viewport: in a fixed
 * layer that is wholly outside the viewport (scrolling the document does not move it), or wholly
 * beyond the document's scrollable area (left of or above its origin, or past its scroll size).
 * An element with no box (`display: contents`, an empty span) is not judged.
 */
function unreachable(element: Element): boolean {
  const width = window.innerWidth;
  const height = window.innerHeight;
  const inViewport = (rect: DOMRect) => rect.right > 0 && rect.bottom > 0 && rect.left < width && rect.top < height;
  const rect = element.getBoundingClientRect();
  if (rect.width <= 0 && rect.height <= 0) return false;
  if (inViewport(rect)) return false;
  // Up through shadow roots to their hosts: a fixed ancestor anywhere holds the element in place.
  for (let node: Element | null = element; node; node = node.parentElement ?? ((node.getRootNode() as ShadowRoot).host ?? null)) {
    if (getComputedStyle(node).position !== 'fixed') continue;
    // Inside a fixed layer that shows on screen, the layer's own scrolling may still bring it in.
    return !inViewport(node.getBoundingClientRect());
  }
  const scroller = document.scrollingElement ?? document.documentElement;
  const left = rect.left + window.scrollX;
  const top = rect.top + window.scrollY;
  return left + rect.width <= 0 || top + rect.height <= 0 || left >= scroller.scrollWidth || top >= scroller.scrollHeight;
}

/**
 * Runs in the page: whether any element could be unreachable, a cheap superset of what
 * `unreachable` finds (a fixed element wholly outside the viewport, or any element beyond the
 * document's scrollable area), so a page without one (most pages) costs one round trip and no
 * test per element.
 */
function anyUnreachable(): boolean {
  const width = window.innerWidth;
  const height = window.innerHeight;
  const scroller = document.scrollingElement ?? document.documentElement;
  for (const element of Array.from(document.body?.querySelectorAll('*') ?? [])) {
    const rect = element.getBoundingClientRect();
    if (rect.width <= 0 && rect.height <= 0) continue;
    if (rect.right > 0 && rect.bottom > 0 && rect.left < width && rect.top < height) continue;
    const left = rect.left + window.scrollX;
    const top = rect.top + window.scrollY;
    if (left + rect.width <= 0 || top + rect.height <= 0 || left >= scroller.scrollWidth || top >= scroller.scrollHeight) return true;
    if (getComputedStyle(element).position === 'fixed') return true;
  }
  return false;
}

const kAnyUnreachable = inPage(anyUnreachable);
const kUnreachable = inPage(unreachable);

/** Sets `offscreen` on the elements no scrolling brings into view; nothing is tested when the page has none. */
export async function markOffscreen(page: Page, elements: ElementInfo[]): Promise<void> {
  const any = await page.evaluate(kAnyUnreachable).catch(() => false);
  if (!any) return;
  await Promise.all(
    elements.filter((element) => element.ref).slice(0, kMaxTested).map(async (element) => {
      const offscreen = await locatorByRef(page, element.ref).evaluate(kUnreachable, undefined, { timeout: kTestTimeoutMs }).catch(() => false);
      if (offscreen) element.offscreen = true;
    }),
  );
}
