import { frameworkOwned, hash } from './writer.ts';

/**
 * The wrappers and reordered mutants: only nodes no framework owns get a wrapper or move, so a
 * later render never meets a node it lost; siblings a framework owns change order only.
 */

/** Puts `el` inside a wrapper that takes no room (`force`: even where a framework owns it). */
export function wrap(el: Element, force = false): void {
  const parent = el.parentNode;
  if (!parent || el.closest('svg') || el.matches('li, tr, td, th, option, dt, dd, head, body, html, script, style, link, meta')) return;
  if (parent instanceof Element && parent.hasAttribute('data-bu-wrap')) return;
  if (!force && (frameworkOwned(el) || frameworkOwned(parent))) return;
  const outer = document.createElement('span');
  outer.setAttribute('data-bu-wrap', '');
  outer.style.display = 'contents';
  parent.insertBefore(outer, el);
  outer.appendChild(el);
}

/** A navigation or complementary block moves to the end of its parent (a new layout). */
export function moveBlock(el: Element): void {
  if (!el.matches('nav, aside, [role=navigation], [role=complementary]') || frameworkOwned(el) || frameworkOwned(el.parentNode)) return;
  const parent = el.parentElement;
  if (!parent || parent === document.documentElement || parent.lastElementChild === el || el.hasAttribute('data-bu-moved')) return;
  el.setAttribute('data-bu-moved', '');
  parent.appendChild(el);
}

function orderKey(el: Element): string {
  return hash(`o:${(el.textContent ?? '').replace(/\d+/g, '').trim()}`);
}

/** `parent`'s rows, items or links in an order of their own that does not follow the app's. */
export function reorder(parent: Element): void {
  const kids = Array.from(parent.children).filter((k) => k.matches('li, tr, a, [role=row], [role=listitem], [role=option], dt, article'));
  if (kids.length < 2 || kids.length !== parent.children.length) return;
  // Lines of code or of an editor keep their order: a release reorders data, not code.
  if (parent.matches('thead, select, datalist') || parent.closest('[contenteditable], pre, code')) return;
  // Header rows stay first.
  const movable = kids.filter((k) => !(k.matches('tr') && k.querySelector('th') && !k.querySelector('td')));
  const sorted = [...movable].sort((a, b) => orderKey(a).localeCompare(orderKey(b)));
  if (sorted.every((k, i) => movable[i] === k)) return;
  for (const k of sorted) parent.appendChild(k);
}
