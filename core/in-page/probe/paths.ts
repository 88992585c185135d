import { isShadowRoot } from './dom.ts';

/** Positional steps from the element's own root (document or shadow root) down to it: CSS (`div:nth-of-type(2)`) or XPath (`div[2]`). */
export function segments(e: Element, css: boolean): string[] {
  const out: string[] = [];
  let cur: Element | null = e;
  while (cur && cur.parentNode && cur.parentNode.nodeType !== 9 && !isShadowRoot(cur.parentNode)) {
    const parent: Element = cur.parentElement!;
    const same = Array.from(parent.children).filter((c) => c.tagName === cur!.tagName);
    const tag = cur.tagName.toLowerCase();
    const pos = same.indexOf(cur) + 1;
    out.unshift(css ? (same.length > 1 ? `${tag}:nth-of-type(${pos})` : tag) : `${tag}[${pos}]`);
    cur = parent;
  }
  if (cur) out.unshift(css ? cur.tagName.toLowerCase() : `${cur.tagName.toLowerCase()}[1]`);
  return out;
}

export function cssPathOf(e: Element): string {
  return segments(e, true).join(' > ');
}

export function xpathOf(e: Element): string {
  return '/' + segments(e, false).join('/');
}

/** The CSS paths of the shadow hosts around the element, outermost first. */
export function shadowHostsOf(el: Element): string[] {
  const hosts: string[] = [];
  for (let root = el.getRootNode(); isShadowRoot(root); root = root.host.getRootNode()) hosts.unshift(cssPathOf(root.host));
  return hosts;
}

/** Structural CSS path of an element inside its own root (used for iframe elements in frame chains). */
export function cssPath(el: Element): string {
  const out: string[] = [];
  let cur: Element | null = el;
  while (cur && cur.parentElement) {
    const parent: Element = cur.parentElement;
    const same = Array.from(parent.children).filter((c) => c.tagName === cur!.tagName);
    const tag = cur.tagName.toLowerCase();
    out.unshift(same.length > 1 ? `${tag}:nth-of-type(${same.indexOf(cur) + 1})` : tag);
    cur = parent;
  }
  if (cur) out.unshift(cur.tagName.toLowerCase());
  return out.join(' > ');
}
