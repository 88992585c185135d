import { isHashRoute } from '../../hash-route.ts';
import { attr, isHtml } from './dom.ts';

/** Where a link goes: path, query and hash route on the page's origin, else the whole URL; null for anything else. */
export function hrefPathOf(el: Element): string | null {
  const href = attr(el, 'href');
  if (href === null || !isHtml(el, 'a')) return null;
  try {
    const url = new URL(el.href);
    // A hash route (`#/active`, `#!active`) is where a single-page app's link goes; any other hash is an anchor.
    const route = isHashRoute(url.hash) ? url.hash : '';
    return url.origin === location.origin ? url.pathname + url.search + route : url.href;
  } catch {
    return href;
  }
}
