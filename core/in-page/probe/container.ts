import type { ContainerProbe } from '../../fingerprint/probe.ts';
import { attr, byIds, clean, kindOf, parentOf } from './dom.ts';
import { kLandmarkTags } from './landmarks.ts';

/*
 * The nearest meaningful container: semantic ones by role or tag, and repeated items (cards in a
 * list of look-alike siblings). One that says nothing beyond the element (a cell holding only a
 * checkbox) is skipped for the next one out, so a row's text identifies its unnamed controls.
 */

const kContainerRoles = new Set(['listitem', 'row', 'gridcell', 'cell', 'article', 'dialog', 'alertdialog', 'form', 'group', 'tabpanel', 'treeitem', 'option', 'menuitem']);
const kContainerTags: Record<string, string> = { li: 'listitem', tr: 'row', td: 'cell', th: 'cell', article: 'article', dialog: 'dialog', form: 'form', fieldset: 'group', details: 'group', dd: 'definition' };
// Containers that show their title as a heading: a card, a dialog, a tab's panel.
const kTitledRoles = new Set(['article', 'dialog', 'alertdialog', 'tabpanel']);
const kStopRoles = new Set(['main', 'navigation', 'banner', 'contentinfo', 'complementary', 'search']);
// Deeper than this, an ancestor is page layout rather than the element's own container.
const kMaxContainerDepth = 8;
// Replay reads a text of this length as possibly cut mid-word (`kMaxRowText` in replay/rematch/text.ts).
const kMaxContainerText = 100;
const kControlSelector = 'button, input, select, textarea, [role=button], [role=checkbox], [role=switch], [role=menuitem], [role=tab], script, style, svg';

/** The container's own words: not the element's caption, not other controls' captions. */
function keyText(el: Element, c: Element, skip = kControlSelector): string | null {
  const parts: string[] = [];
  const walker = document.createTreeWalker(c, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const parent = n.parentElement;
    const control = parent?.closest(skip);
    if (!parent || el.contains(n) || (control && c.contains(control))) continue;
    parts.push(n.textContent ?? '');
  }
  const t = parts.join(' ').replace(/\s+/g, ' ').trim();
  return t ? t.slice(0, kMaxContainerText) : null;
}

function repeatedSiblings(c: Element): number {
  const parent = c.parentElement;
  if (!parent) return 1;
  return Array.from(parent.children).filter((s) => s.tagName === c.tagName && s.className === c.className).length;
}

function containerName(el: Element, a: Element, role: string): string | null {
  return clean(attr(a, 'aria-label')) ?? byIds(el, attr(a, 'aria-labelledby')) ??
    (a.tagName === 'FIELDSET' ? clean(a.querySelector('legend')?.textContent) : null) ??
    (kTitledRoles.has(role) ? clean(a.querySelector('h1, h2, h3, h4, h5, h6, [role=heading]')?.textContent) : null);
}

export function containerOf(el: Element): ContainerProbe | null {
  let depth = 0;
  for (let a = parentOf(el); a && a !== document.body && depth < kMaxContainerDepth; a = parentOf(a), depth++) {
    const explicit = attr(a, 'role');
    if (explicit && kStopRoles.has(explicit)) break;
    if (kLandmarkTags[a.tagName.toLowerCase()] && a.tagName !== 'FORM') break;
    const siblings = repeatedSiblings(a);
    const role = (explicit && kContainerRoles.has(explicit) ? explicit : null) ?? kContainerTags[a.tagName.toLowerCase()] ?? (siblings >= 3 && a.tagName !== 'SPAN' ? 'item' : null);
    if (!role) continue;
    const name = containerName(el, a, role);
    const text = keyText(el, a);
    if (!name && !text) continue;
    // A table cell whose words are all link captions ("edit" next to a row's checkbox) is the
    // row's tool cell: the row's data names the element.
    if (!name && role === 'cell' && keyText(el, a, `${kControlSelector}, a[href], [role=link]`) === null) continue;
    const same = Array.from(a.querySelectorAll(el.tagName)).filter((e) => kindOf(e) === kindOf(el));
    return { role, tag: a.tagName.toLowerCase(), name, text, slot: { index: Math.max(0, same.indexOf(el)), count: Math.max(1, same.length) }, siblings };
  }
  return null;
}
