/** What capture/perceive/offscreen.ts asks the page: which elements no scrolling brings into view. */

/** Whether a box (viewport coordinates) shows in the viewport. */
function inViewport(rect: DOMRect): boolean {
  return rect.right > 0 && rect.bottom > 0 && rect.left < window.innerWidth && rect.top < window.innerHeight;
}

/** Whether a box lies wholly beyond the document's scrollable area (left of or above its origin, or past its scroll size). */
function beyondDocument(rect: DOMRect): boolean {
  const scroller = document.scrollingElement ?? document.documentElement;
  const left = rect.left + window.scrollX;
  const top = rect.top + window.scrollY;
  return left + rect.width <= 0 || top + rect.height <= 0 || left >= scroller.scrollWidth || top >= scroller.scrollHeight;
}

/** The parent element, or the host of the shadow root at the top of a shadow tree. */
function parentOrHost(node: Element): Element | null {
  return node.parentElement ?? ((node.getRootNode() as ShadowRoot).host ?? null);
}

/**
 * Whether `element` lies where scrolling cannot take the viewport: in a fixed layer that is wholly
 * outside the viewport (scrolling the document does not move it), or wholly beyond the document's
 * scrollable area. An element with no box (`display: contents`, an empty span) is not judged.
 */
export function unreachable(element: Element): boolean {
  const rect = element.getBoundingClientRect();
  if ((rect.width <= 0 && rect.height <= 0) || inViewport(rect)) return false;
  // Up through shadow roots to their hosts: a fixed ancestor anywhere holds the element in place.
  for (let node: Element | null = element; node; node = parentOrHost(node)) {
    if (getComputedStyle(node).position !== 'fixed') continue;
    // Inside a fixed layer that shows on screen, the layer's own scrolling may still bring it in.
    return !inViewport(node.getBoundingClientRect());
  }
  return beyondDocument(rect);
}

/**
 * Whether any element could be unreachable, a cheap superset of what `unreachable` finds (a fixed
 * element wholly outside the viewport, or any element beyond the document's scrollable area), so a
 * page without one (most pages) costs one round trip and no test per element.
 */
export function anyUnreachable(): boolean {
  for (const element of Array.from(document.body?.querySelectorAll('*') ?? [])) {
    const rect = element.getBoundingClientRect();
    if ((rect.width <= 0 && rect.height <= 0) || inViewport(rect)) continue;
    if (beyondDocument(rect) || getComputedStyle(element).position === 'fixed') return true;
  }
  return false;
}
