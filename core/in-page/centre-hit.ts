/**
 * What a pointer at an element's centre reaches, where a click lands: the element itself, or a
 * descendant drawn over its middle (a button's caption, a canvas's background). Capture keeps it in
 * the fingerprint; replay clicks where the same thing is under the pointer when another descendant
 * now covers the centre (a node moved to the middle of a canvas, whose click would be the node's).
 * Both run in the page.
 */

export interface CentreHit {
  /** The element itself was under its centre. */
  self: boolean;
  /** The tag and sorted classes of what was under it. */
  tag: string;
  classes: string[];
}

/** What is under the element's centre, when the centre is in its window and reaches the element or inside it; else null. */
export function centreHit(el: Element): CentreHit | null {
  const rect = el.getBoundingClientRect();
  const view = el.ownerDocument.defaultView;
  if (!view || rect.width < 1 || rect.height < 1) return null;
  const x = rect.left + rect.width / 2;
  const y = rect.top + rect.height / 2;
  if (x < 0 || y < 0 || x >= view.innerWidth || y >= view.innerHeight) return null;
  const hit = (el.getRootNode() as Document | ShadowRoot).elementFromPoint(x, y);
  if (!hit || (hit !== el && !el.contains(hit))) return null;
  return { self: hit === el, tag: hit.localName, classes: Array.from(hit.classList).sort() };
}

/**
 * Where in the element to click so that the pointer reaches what `recorded` describes: null when
 * its centre does (or reaches something outside the element, an overlay the click waits out), or
 * when no point of its visible part does; else the point nearest the centre that does, relative to
 * the element's padding box (Playwright's `position`).
 */
export function hitPoint(el: Element, recorded: CentreHit): { x: number; y: number } | null {
  /** Points tried across each axis of the element's visible part. */
  const kGrid = 16;
  const rect = el.getBoundingClientRect();
  const view = el.ownerDocument.defaultView;
  if (!view || rect.width < 1 || rect.height < 1) return null;
  const root = el.getRootNode() as Document | ShadowRoot;
  const wanted = recorded.classes.join(' ');
  const reaches = (hit: Element | null): boolean => {
    if (!hit) return false;
    if (recorded.self) return hit === el;
    return hit !== el && el.contains(hit) && hit.localName === recorded.tag && Array.from(hit.classList).sort().join(' ') === wanted;
  };
  const cx = rect.left + rect.width / 2;
  const cy = rect.top + rect.height / 2;
  const atCentre = root.elementFromPoint(cx, cy);
  if (!atCentre || reaches(atCentre) || (atCentre !== el && !el.contains(atCentre))) return null;
  const left = Math.max(rect.left, 0);
  const top = Math.max(rect.top, 0);
  const right = Math.min(rect.right, view.innerWidth);
  const bottom = Math.min(rect.bottom, view.innerHeight);
  if (right - left < 1 || bottom - top < 1) return null;
  const points: { x: number; y: number; d: number }[] = [];
  for (let i = 0; i < kGrid; i++) {
    for (let j = 0; j < kGrid; j++) {
      const x = left + ((i + 0.5) * (right - left)) / kGrid;
      const y = top + ((j + 0.5) * (bottom - top)) / kGrid;
      points.push({ x, y, d: (x - cx) ** 2 + (y - cy) ** 2 });
    }
  }
  points.sort((a, b) => a.d - b.d);
  const found = points.find((point) => reaches(root.elementFromPoint(point.x, point.y)));
  if (!found) return null;
  return { x: Math.round(found.x - rect.left - el.clientLeft), y: Math.round(found.y - rect.top - el.clientTop) };
}
