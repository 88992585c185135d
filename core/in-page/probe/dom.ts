/**
 * Small readers of the DOM the probe shares. Kinds of node are told by node type and tag, never by
 * `instanceof` a page global: a page may replace those (MooTools replaces Document, Element,
 * Window and Event with its own functions).
 */

/** Longest text kept of an element's words. */
const kMaxText = 120;

/** `s` with its white space collapsed, cut to `kMaxText`; null when nothing is left. */
export function clean(s: string | null | undefined): string | null {
  const t = (s ?? '').replace(/\s+/g, ' ').trim();
  return t ? t.slice(0, kMaxText) : null;
}

export function attr(e: Element, name: string): string | null {
  return e.getAttribute(name);
}

export function isShadowRoot(n: Node | null): n is ShadowRoot {
  return n?.nodeType === 11 && 'host' in n;
}

export function isHtml<K extends keyof HTMLElementTagNameMap>(n: Node | null, tag: K): n is HTMLElementTagNameMap[K] {
  return n?.nodeType === 1 && (n as Element).localName === tag && (n as Element).namespaceURI === 'http://www.w3.org/1999/xhtml';
}

/** The parent element, or the shadow root's host at the top of a shadow tree. */
export function parentOf(e: Element): Element | null {
  if (e.parentElement) return e.parentElement;
  const root = e.parentNode;
  return isShadowRoot(root) ? root.host : null;
}

export function textOf(e: Element): string | null {
  return clean((e as HTMLElement).innerText ?? e.textContent);
}

/** The text of the elements `ids` names (an `aria-labelledby`), looked up in `el`'s root. */
export function byIds(el: Element, ids: string | null): string | null {
  if (!ids) return null;
  const root = el.getRootNode() as Document | ShadowRoot;
  return clean(ids.split(/\s+/).map((id) => root.getElementById?.(id)?.textContent ?? '').join(' '));
}

/** An element's tag, with an input's type: elements of one kind. */
export function kindOf(e: Element): string {
  return e.tagName + (isHtml(e, 'input') ? `[type=${e.type}]` : '');
}
