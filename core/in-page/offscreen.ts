/** What capture/perceive/offscreen.ts asks the page: which elements no scrolling brings into view. */

/**
 * A box this small each way is the visually-hidden pattern (`width: 1px; height: 1px; clip: rect(0
 * 0 0 0)`) that a skip link wears until it has focus: no pointer can aim at it, and a click lands on
 * what lies under it. Nothing a person clicks is drawn a pixel wide.
 */
const kHiddenBoxPx = 1;
/**
 * Controls judged by that size: links and buttons. Not form fields (a styled checkbox hides its own
 * input that way and is ticked through its label), nor the screen-reader text inside a control.
 */
const kControlSelector = 'a[href], button, [role=link], [role=button]';
/** Overflow values under which an element's own scrolling may bring a child into view. */
const kScrolling = new Set(['auto', 'scroll']);

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

/** Whether a box lies wholly beyond what scrolling `scroller` (an element that scrolls) can show. */
function beyondScroller(rect: DOMRect, scroller: Element): boolean {
  const frame = scroller.getBoundingClientRect();
  const left = rect.left - frame.left - scroller.clientLeft + scroller.scrollLeft;
  const top = rect.top - frame.top - scroller.clientTop + scroller.scrollTop;
  return left + rect.width <= 0 || top + rect.height <= 0 || left >= scroller.scrollWidth || top >= scroller.scrollHeight;
}

function scrolls(node: Element): boolean {
  const style = getComputedStyle(node);
  return kScrolling.has(style.overflowX) || kScrolling.has(style.overflowY);
}

/** The parent element, or the host of the shadow root at the top of a shadow tree. */
function parentOrHost(node: Element): Element | null {
  return node.parentElement ?? ((node.getRootNode() as ShadowRoot).host ?? null);
}

function hiddenBox(element: Element, rect: DOMRect): boolean {
  return rect.width <= kHiddenBoxPx && rect.height <= kHiddenBoxPx && (rect.width > 0 || rect.height > 0) && element.matches(kControlSelector);
}

/**
 * Whether `element` lies where scrolling cannot take the viewport: in a fixed layer that is wholly
 * outside the viewport (scrolling the document does not move it), outside the viewport in a fixed
 * layer that shows (a skip link parked above a fixed toolbar) beyond anything in the layer that
 * scrolls, or wholly beyond the document's scrollable area; or drawn no bigger than a pixel (the
 * visually-hidden skip link). An element with no box (`display: contents`, an empty span) is not judged.
 */
export function unreachable(element: Element): boolean {
  const rect = element.getBoundingClientRect();
  if (rect.width <= 0 && rect.height <= 0) return false;
  if (hiddenBox(element, rect)) return true;
  if (inViewport(rect)) return false;
  // Up through shadow roots to their hosts: a fixed ancestor anywhere holds the element in place,
  // and only scrolling inside it (a sidebar's own list) may still bring the element in.
  let scroller: Element | null = null;
  for (let node: Element | null = element; node; node = parentOrHost(node)) {
    if (getComputedStyle(node).position === 'fixed') {
      if (!inViewport(node.getBoundingClientRect())) return true;
      return scroller === null || beyondScroller(rect, scroller);
    }
    if (!scroller && node !== element && scrolls(node)) scroller = node;
  }
  return beyondDocument(rect);
}

/**
 * Whether any element could be unreachable, a cheap superset of what `unreachable` finds (a fixed
 * element wholly outside the viewport, any element outside the viewport inside a fixed one, any
 * element beyond the document's scrollable area, any box of a pixel), so a page without one (most
 * pages) costs one round trip and no test per element.
 */
export function anyUnreachable(): boolean {
  // Each element's position is read once, and only for elements outside the viewport and their ancestors.
  const fixedMemo = new Map<Element, boolean>();
  const inFixed = (node: Element | null): boolean => {
    if (!node) return false;
    let known = fixedMemo.get(node);
    if (known === undefined) {
      known = getComputedStyle(node).position === 'fixed' || inFixed(node.parentElement);
      fixedMemo.set(node, known);
    }
    return known;
  };
  for (const element of Array.from(document.body?.querySelectorAll('*') ?? [])) {
    const rect = element.getBoundingClientRect();
    if (rect.width <= 0 && rect.height <= 0) continue;
    if (hiddenBox(element, rect)) return true;
    if (inViewport(rect)) continue;
    if (beyondDocument(rect) || inFixed(element)) return true;
  }
  return false;
}
