import type { Page } from 'playwright';
import { composeInPage } from '../../core/in-page.ts';
import type { ElementInfo } from '../types.ts';
import { elementsWhere } from './elements-where.ts';

/**
 * Elements no scrolling brings into view. A side panel slid out of sight (a fixed layer moved past
 * the viewport's edge until its button opens it) or a skip link parked at `left: -9999px` until it
 * has focus stays in the aria snapshot, yet a click on it scrolls in vain and times out ("element
 * is outside of the viewport"). Those are marked `offscreen`, and a crawler leaves them alone as it
 * leaves what a layer covers. An element merely below the fold is not: a click scrolls to it.
 */

/** Runs in the page: whether a box (viewport coordinates) shows in the viewport. */
function inViewport(rect: DOMRect): boolean {
  return rect.right > 0 && rect.bottom > 0 && rect.left < window.innerWidth && rect.top < window.innerHeight;
}

/** Runs in the page: whether a box lies wholly beyond the document's scrollable area (left of or above its origin, or past its scroll size). */
function beyondDocument(rect: DOMRect): boolean {
  const scroller = document.scrollingElement ?? document.documentElement;
  const left = rect.left + window.scrollX;
  const top = rect.top + window.scrollY;
  return left + rect.width <= 0 || top + rect.height <= 0 || left >= scroller.scrollWidth || top >= scroller.scrollHeight;
}

const kBoxChecks = { inViewport, beyondDocument };

/**
 * Runs in the page: whether `element` lies where scrolling cannot take the viewport: in a fixed
 * layer that is wholly outside the viewport (scrolling the document does not move it), or wholly
 * beyond the document's scrollable area. An element with no box (`display: contents`, an empty
 * span) is not judged.
 */
const kUnreachable = composeInPage<(element: Element) => boolean>(['element'], kBoxChecks, `
  const rect = element.getBoundingClientRect();
  if ((rect.width <= 0 && rect.height <= 0) || inViewport(rect)) return false;
  // Up through shadow roots to their hosts: a fixed ancestor anywhere holds the element in place.
  for (let node = element; node; node = node.parentElement ?? (node.getRootNode().host ?? null)) {
    if (getComputedStyle(node).position !== 'fixed') continue;
    // Inside a fixed layer that shows on screen, the layer's own scrolling may still bring it in.
    return !inViewport(node.getBoundingClientRect());
  }
  return beyondDocument(rect);
`);

/**
 * Runs in the page: whether any element could be unreachable, a cheap superset of what
 * `kUnreachable` finds (a fixed element wholly outside the viewport, or any element beyond the
 * document's scrollable area), so a page without one (most pages) costs one round trip and no
 * test per element.
 */
const kAnyUnreachable = composeInPage<() => boolean>([], kBoxChecks, `
  for (const element of Array.from(document.body?.querySelectorAll('*') ?? [])) {
    const rect = element.getBoundingClientRect();
    if ((rect.width <= 0 && rect.height <= 0) || inViewport(rect)) continue;
    if (beyondDocument(rect) || getComputedStyle(element).position === 'fixed') return true;
  }
  return false;
`);

/** Sets `offscreen` on the elements no scrolling brings into view; nothing is tested when the page has none. */
export async function markOffscreen(page: Page, elements: ElementInfo[]): Promise<void> {
  const any = await page.evaluate(kAnyUnreachable).catch(() => false);
  if (!any) return;
  for (const element of await elementsWhere(page, elements, kUnreachable)) element.offscreen = true;
}
