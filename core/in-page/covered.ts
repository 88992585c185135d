/** What capture/perceive/covered.ts asks the page: whether a layer lies over it, and what each element's centre shows. */

/**
 * Whether the element at the viewport's centre sits in a positioned layer over
 * most of the viewport, or a point of a grid over it lands on an empty positioned element (a shade).
 */
export function layerOverPage(limits: { layer: number; shade: number; grid: number }): boolean {
  const width = window.innerWidth;
  const height = window.innerHeight;
  const positioned = (node: Element) => ['fixed', 'absolute'].includes(getComputedStyle(node).position);
  const share = (node: Element) => {
    const rect = node.getBoundingClientRect();
    return (Math.max(0, Math.min(rect.right, width) - Math.max(rect.left, 0)) * Math.max(0, Math.min(rect.bottom, height) - Math.max(rect.top, 0))) / (width * height);
  };
  let node: Element | null = document.elementFromPoint(width / 2, height / 2);
  while (node && node !== document.body && node !== document.documentElement) {
    if (positioned(node) && share(node) >= limits.layer) return true;
    node = node.parentElement;
  }
  for (let i = 0; i < limits.grid; i++) {
    for (let j = 0; j < limits.grid; j++) {
      const hit = document.elementFromPoint(((i + 0.5) * width) / limits.grid, ((j + 0.5) * height) / limits.grid);
      if (hit && hit !== document.body && hit !== document.documentElement && !hit.childElementCount && !(hit.textContent ?? '').trim() && positioned(hit) && share(hit) >= limits.shade) return true;
    }
  }
  return false;
}

/** True when the element's centre, inside the viewport, shows another element that is neither in it nor around it. */
export function coveredAtCentre(element: Element): boolean {
  const rect = element.getBoundingClientRect();
  if (rect.width <= 0 || rect.height <= 0) return false;
  const x = rect.left + rect.width / 2;
  const y = rect.top + rect.height / 2;
  // Off screen: a click scrolls it into view first, and what lies there then is not known here.
  if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) return false;
  const root = element.getRootNode() as Document | ShadowRoot;
  const hit = root.elementFromPoint(x, y);
  if (!hit) return false;
  return !element.contains(hit) && !hit.contains(element);
}
