import { readHealState } from './heal-state.ts';

/**
 * Describes an element by what it was BEFORE any mutation (original texts and attributes kept in
 * the heal state by mutate.ts, the text of its row, the places it sits in), so the same element on
 * the unchanged app and on a mutant gets the same description. Two init scripts use it: acted.ts
 * names the element each action hit, gone.ts finds the element a recorded step acted on in order
 * to remove or replace it.
 */

export interface ElementDescription {
  /** Original description of the element. */
  key: string;
  /** What survives another release of the app: the kind of element and the text of its row. */
  loose: string;
  decoy: boolean;
  /** A readable short form for reports. */
  label: string;
}

/** Elements that are the target of an action (a click on an inner span is the link's). */
export const kInteractive = 'a[href], button, input, select, textarea, summary, [role=button], [role=link], [role=checkbox], [role=radio], [role=tab], [role=menuitem], [role=option], [role=switch], [role=textbox], [contenteditable=true], label';
const kRow = 'tr, li, [role=row], [role=listitem], [role=option], article';
// The nearest of these holds an element's look-alikes: same role there means "one of a set".
const kContainer = 'tr, li, [role=row], [role=listitem], ul, ol, table, form, fieldset, [role=toolbar], [role=menu], [role=tablist], [role=list], [role=grid], article, section, [role=region], [role=group], nav, aside, header, footer, main, dialog, [role=dialog]';
/** A page lists dozens of look-alikes at most worth reading; more says nothing new. */
const kMaxPeers = 12;
/** Ancestors that say where an element sits: those with an id, a role or one of these tags (wrappers carry none). */
const kPlaces = new Set(['MAIN', 'NAV', 'ASIDE', 'HEADER', 'FOOTER', 'FORM', 'SECTION', 'ARTICLE', 'DIALOG', 'TABLE']);

/** An attribute's original value. */
function attr(el: Element, name: string): string | null {
  const saved = readHealState()?.origAttr.get(el);
  if (saved && name in saved) return saved[name]!;
  return Element.prototype.getAttribute.call(el, name);
}

/** Original text; `ownRow`: leaves out rows nested in it (a menu entry's sub-entries move on their own). */
function text(el: Element, ownRow = false): string {
  const state = readHealState();
  let out = '';
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const parent = n.parentElement;
    if (parent && parent.closest('script, style')) continue;
    if (ownRow && parent && parent.closest(kRow) !== el) continue;
    out += state?.origText.get(n) ?? n.nodeValue ?? '';
  }
  // Digits change between runs (times, counters); they do not tell elements apart here.
  return out.replace(/\d+/g, '#').replace(/\s+/g, ' ').trim().slice(0, 80);
}

/** Where the element sits: its ancestors that carry an id, a role or a landmark's tag. */
function ancestry(el: Element): string {
  const out: string[] = [];
  for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
    const id = attr(a, 'id');
    const role = attr(a, 'role');
    if (!id && !role && !kPlaces.has(a.tagName)) continue;
    out.push(`${a.tagName.toLowerCase()}${id ? `#${id.replace(/\d+/g, '#')}` : ''}${role ? `[${role}]` : ''}`);
  }
  return out.join('<');
}

function buttonValue(el: Element): string {
  return el instanceof HTMLInputElement && /^(submit|button|reset)$/.test(el.type) ? attr(el, 'value') ?? '' : '';
}

/** The parts of an element's key, in order. */
function keyParts(el: Element, row: Element | null): string[] {
  const href = el instanceof HTMLAnchorElement ? (attr(el, 'href') ?? '').replace(/[?&]sectok=[^&]*/, '') : '';
  return [
    el.tagName.toLowerCase(), attr(el, 'type') ?? '', attr(el, 'name') ?? '', attr(el, 'id') ?? '', attr(el, 'aria-label') ?? '',
    attr(el, 'placeholder') ?? '', attr(el, 'title') ?? '', buttonValue(el),
    // An id names one element of the document: its row's text (which may still be loading) adds nothing.
    href.replace(/\d+/g, '#'), el.matches('input, textarea, select, [contenteditable]') ? '' : text(el), row && !attr(el, 'id') ? text(row, true) : '', ancestry(el),
  ];
}

/** The interactive element an event on `target` acts on, described. */
export function describe(target: Element): ElementDescription {
  const el = target.closest(kInteractive) ?? target;
  const row = el.parentElement?.closest(kRow) ?? null;
  const decoys = readHealState()?.decoys;
  const decoy = !!decoys && (decoys.has(el) || decoys.has(target));
  const label = `${el.tagName.toLowerCase()}${attr(el, 'type') ? `[${attr(el, 'type')}]` : ''} "${(attr(el, 'aria-label') || attr(el, 'placeholder') || text(el)).slice(0, 30)}"${row ? ` in row "${text(row, true).slice(0, 30)}"` : ''}`;
  return { key: keyParts(el, row).join('|'), loose: `${el.tagName.toLowerCase()}|${attr(el, 'type') ?? ''}|${row ? text(row, true) : ''}`, decoy, label };
}

/** The role a person would name it by (the implicit roles of the tags the corpus acts on). */
function roleOf(el: Element): string {
  const role = attr(el, 'role');
  if (role) return role;
  if (el instanceof HTMLAnchorElement) return 'link';
  if (el instanceof HTMLInputElement) {
    if (/^(submit|button|reset|image)$/.test(el.type)) return 'button';
    if (/^(checkbox|radio)$/.test(el.type)) return el.type;
    return 'textbox';
  }
  return { BUTTON: 'button', SELECT: 'combobox', TEXTAREA: 'textbox', SUMMARY: 'button', LABEL: 'label' }[el.tagName] ?? el.tagName.toLowerCase();
}

/** Its accessible name, roughly as assistive technology computes it (lower-cased): enough to see "Delete" inside "Delete all". */
export function nameOf(el: Element): string {
  const labelled = attr(el, 'aria-labelledby');
  const byIds = labelled ? labelled.split(/\s+/).map((id) => document.getElementById(id)).filter((e): e is HTMLElement => !!e).map((e) => text(e)).join(' ') : '';
  const labels = 'labels' in el && el.labels instanceof NodeList ? Array.from(el.labels as NodeListOf<HTMLLabelElement>).map((l) => text(l)).join(' ') : '';
  const own = el.matches('input, textarea, select') ? '' : text(el);
  return (attr(el, 'aria-label') || byIds || labels || own || buttonValue(el) || attr(el, 'title') || attr(el, 'placeholder') || attr(el, 'alt') || '').replace(/\s+/g, ' ').trim().toLowerCase();
}

function visible(el: Element): boolean {
  if (!el.getClientRects().length) return false;
  const style = getComputedStyle(el);
  return style.visibility !== 'hidden' && style.display !== 'none';
}

/**
 * Visible look-alikes of `target`'s element on the page now: another interactive element whose
 * name contains its name ("Delete" beside "Delete all"), or of its role in its nearest container
 * (a row, a list, a form, a toolbar, a landmark). Their labels.
 */
export function peersOf(target: Element): string[] {
  const el = target.closest(kInteractive) ?? target;
  const name = nameOf(el);
  const role = roleOf(el);
  const container = el.parentElement?.closest(kContainer) ?? null;
  const key = describe(el).key;
  const out: string[] = [];
  for (const other of Array.from(document.querySelectorAll(kInteractive))) {
    if (out.length >= kMaxPeers) break;
    if (other === el || other.contains(el) || el.contains(other)) continue;
    const sameSet = container !== null && roleOf(other) === role && other.parentElement?.closest(kContainer) === container;
    const otherName = nameOf(other);
    const containsName = name !== '' && otherName.includes(name);
    if ((!sameSet && !containsName) || !visible(other)) continue;
    // One that reads exactly like it is the same element to the bench (it would go with it).
    if (describe(other).key !== key) out.push(`${roleOf(other)} "${otherName.slice(0, 30)}"${containsName ? ' (name contains)' : ' (same role and container)'}`);
  }
  return out;
}
