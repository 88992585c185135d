import { attr, isHtml } from './dom.ts';

/**
 * Where a link goes: path, query and hash on the page's origin, else the whole URL; null for
 * anything else. The hash is where a single-page app's link goes, a route (`#/active`, `#!active`)
 * or a page of its own (`#Tasks`, `#tag/Plants`): what the app's code reads, however the caption is
 * worded. A bare `#` (a script's link) has none.
 */
export function hrefPathOf(el: Element): string | null {
  const href = attr(el, 'href');
  if (href === null || !isHtml(el, 'a')) return null;
  try {
    const url = new URL(el.href);
    return url.origin === location.origin ? url.pathname + url.search + url.hash : url.href;
  } catch {
    return href;
  }
}
