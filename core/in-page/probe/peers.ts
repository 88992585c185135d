import { kindOf } from './dom.ts';

/** Elements of `el`'s kind under `root`, through the open shadow roots under it. */
function deepPeers(el: Element, root: Element | ShadowRoot): number {
  const kind = kindOf(el);
  let count = 0;
  const visit = (scope: Element | ShadowRoot) => {
    if (scope.nodeType === 1 && (scope as Element).shadowRoot) visit((scope as Element).shadowRoot!);
    for (const e of Array.from(scope.querySelectorAll('*'))) {
      if (kindOf(e) === kind) count++;
      if (e.shadowRoot) visit(e.shadowRoot);
    }
  };
  visit(root);
  return count;
}

/**
 * Elements of the same kind in the same region: a region that lost one of them may still hold a
 * look-alike, and the look-alike is not the lost one. A region outside the element's shadow root
 * (a web component in a page's main) is searched through the open shadow roots under it: its own
 * query stops at them and would not even find the element.
 */
export function kindPeersOf(el: Element, region: Element | null): number {
  const ownRoot = el.getRootNode() as Document | ShadowRoot;
  if (region && region.getRootNode() !== ownRoot) return Math.max(1, deepPeers(el, region));
  return Array.from((region ?? ownRoot).querySelectorAll(el.tagName)).filter((e) => kindOf(e) === kindOf(el)).length;
}
