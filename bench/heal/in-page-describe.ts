/**
 * Runs in the page: describes an element by what it was BEFORE any mutation (original texts and
 * attributes kept in `window.__buHeal` by in-page-mutate.ts, the text of its row, the places it
 * sits in), so the same element on the unchanged app and on a mutant gets the same description.
 * Two init scripts use it: in-page-acted.ts names the element each action hit, in-page-gone.ts
 * finds the element a recorded step acted on in order to remove or replace it. Self-contained
 * (serialized with `toString()`): call it in the page and hand its result to them.
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

export interface Describer {
  /** Elements that are the target of an action (a click on an inner span is the link's). */
  interactive: string;
  /** The interactive element an event on `target` acts on, described. */
  describe(target: Element): ElementDescription;
  /**
   * Visible look-alikes of `el` on the page now: another interactive element whose name contains
   * its name ("Delete" beside "Delete all"), or of its role in its nearest container (a row, a
   * list, a form, a toolbar, a landmark). Their labels.
   */
  peersOf(el: Element): string[];
  /** Its accessible name, roughly, lower-cased. */
  nameOf(el: Element): string;
}

export function describerInPage(): Describer {
  interface State { origText: WeakMap<Node, string>; origAttr: WeakMap<Element, Record<string, string | null>>; decoys: WeakSet<Element> }
  const kInteractive = 'a[href], button, input, select, textarea, summary, [role=button], [role=link], [role=checkbox], [role=radio], [role=tab], [role=menuitem], [role=option], [role=switch], [role=textbox], [contenteditable=true], label';
  const kRow = 'tr, li, [role=row], [role=listitem], [role=option], article';
  // The nearest of these holds an element's look-alikes: same role there means "one of a set".
  const kContainer = 'tr, li, [role=row], [role=listitem], ul, ol, table, form, fieldset, [role=toolbar], [role=menu], [role=tablist], [role=list], [role=grid], article, section, [role=region], [role=group], nav, aside, header, footer, main, dialog, [role=dialog]';
  /** A page lists dozens of look-alikes at most worth reading; more says nothing new. */
  const kMaxPeers = 12;
  // Reflect.get: the page's window has no type for what the mutation script keeps on it.
  const state = (): State | null => (Reflect.get(window, '__buHeal') as State | undefined) ?? null;
  const attr = (el: Element, name: string): string | null => {
    const saved = state()?.origAttr.get(el);
    if (saved && name in saved) return saved[name]!;
    return Element.prototype.getAttribute.call(el, name);
  };
  /** Original text; `ownRow`: leaves out rows nested in it (a menu entry's sub-entries move on their own). */
  const text = (el: Element, ownRow = false): string => {
    const s = state();
    let out = '';
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const parent = n.parentElement;
      if (parent && parent.closest('script, style')) continue;
      if (ownRow && parent && parent.closest(kRow) !== el) continue;
      out += s?.origText.get(n) ?? n.nodeValue ?? '';
    }
    // Digits change between runs (times, counters); they do not tell elements apart here.
    return out.replace(/\d+/g, '#').replace(/\s+/g, ' ').trim().slice(0, 80);
  };
  /** Where the element sits: its ancestors that carry an id, a role or a landmark's tag (wrappers carry none). */
  const kPlaces = new Set(['MAIN', 'NAV', 'ASIDE', 'HEADER', 'FOOTER', 'FORM', 'SECTION', 'ARTICLE', 'DIALOG', 'TABLE']);
  const ancestry = (el: Element): string => {
    const out: string[] = [];
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      const id = attr(a, 'id');
      const role = attr(a, 'role');
      if (!id && !role && !kPlaces.has(a.tagName)) continue;
      out.push(`${a.tagName.toLowerCase()}${id ? `#${id.replace(/\d+/g, '#')}` : ''}${role ? `[${role}]` : ''}`);
    }
    return out.join('<');
  };
  const describe = (target: Element): ElementDescription => {
    const el = target.closest(kInteractive) ?? target;
    const row = el.parentElement?.closest(kRow) ?? null;
    const href = el instanceof HTMLAnchorElement ? (attr(el, 'href') ?? '').replace(/[?&]sectok=[^&]*/, '') : '';
    const parts = [
      el.tagName.toLowerCase(), attr(el, 'type') ?? '', attr(el, 'name') ?? '', attr(el, 'id') ?? '', attr(el, 'aria-label') ?? '',
      attr(el, 'placeholder') ?? '', attr(el, 'title') ?? '', el instanceof HTMLInputElement && /^(submit|button|reset)$/.test(el.type) ? attr(el, 'value') ?? '' : '',
      // An id names one element of the document: its row's text (which may still be loading) adds nothing.
      href.replace(/\d+/g, '#'), el.matches('input, textarea, select, [contenteditable]') ? '' : text(el), row && !attr(el, 'id') ? text(row, true) : '', ancestry(el),
    ];
    const decoys = state()?.decoys;
    const decoy = !!decoys && (decoys.has(el) || decoys.has(target));
    const label = `${el.tagName.toLowerCase()}${attr(el, 'type') ? `[${attr(el, 'type')}]` : ''} "${(attr(el, 'aria-label') || attr(el, 'placeholder') || text(el)).slice(0, 30)}"${row ? ` in row "${text(row, true).slice(0, 30)}"` : ''}`;
    return { key: parts.join('|'), loose: `${el.tagName.toLowerCase()}|${attr(el, 'type') ?? ''}|${row ? text(row, true) : ''}`, decoy, label };
  };
  /** The role a person would name it by (the implicit roles of the tags the corpus acts on). */
  const roleOf = (el: Element): string => {
    const role = attr(el, 'role');
    if (role) return role;
    if (el instanceof HTMLAnchorElement) return 'link';
    if (el instanceof HTMLInputElement) {
      if (/^(submit|button|reset|image)$/.test(el.type)) return 'button';
      if (/^(checkbox|radio)$/.test(el.type)) return el.type;
      return 'textbox';
    }
    return { BUTTON: 'button', SELECT: 'combobox', TEXTAREA: 'textbox', SUMMARY: 'button', LABEL: 'label' }[el.tagName] ?? el.tagName.toLowerCase();
  };
  /** Its name, roughly as assistive technology computes it: enough to see "Delete" inside "Delete all". */
  const nameOf = (el: Element): string => {
    const labelled = attr(el, 'aria-labelledby');
    const byIds = labelled ? labelled.split(/\s+/).map((id) => document.getElementById(id)).filter((e): e is HTMLElement => !!e).map((e) => text(e)).join(' ') : '';
    const labels = 'labels' in el && el.labels instanceof NodeList ? Array.from(el.labels as NodeListOf<HTMLLabelElement>).map((l) => text(l)).join(' ') : '';
    const value = el instanceof HTMLInputElement && /^(submit|button|reset)$/.test(el.type) ? attr(el, 'value') ?? '' : '';
    const own = el.matches('input, textarea, select') ? '' : text(el);
    return (attr(el, 'aria-label') || byIds || labels || own || value || attr(el, 'title') || attr(el, 'placeholder') || attr(el, 'alt') || '').replace(/\s+/g, ' ').trim().toLowerCase();
  };
  const visible = (el: Element): boolean => {
    if (!el.getClientRects().length) return false;
    const style = getComputedStyle(el);
    return style.visibility !== 'hidden' && style.display !== 'none';
  };
  const peersOf = (target: Element): string[] => {
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
      const described = describe(other);
      // One that reads exactly like it is the same element to the bench (it would go with it).
      if (described.key !== key) out.push(`${roleOf(other)} "${otherName.slice(0, 30)}"${containsName ? ' (name contains)' : ' (same role and container)'}`);
    }
    return out;
  };
  return { interactive: kInteractive, describe, peersOf, nameOf };
}
