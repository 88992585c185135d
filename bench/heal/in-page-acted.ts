/**
 * Runs in the page (an init script installed after in-page-mutate.ts): reports every trusted
 * click, input, change and Enter key to the bench, naming the element acted on by what it was
 * BEFORE any mutation (original texts and attributes, the text of its row) and whether it is a
 * decoy. The same element on the unchanged app and on a mutant gets the same description, so a
 * description that differs from the reference run's is an action on another element.
 * Self-contained: serialized with `toString()`.
 */

export interface ActedEvent {
  /** click, input, change or key */
  kind: string;
  /** Original description of the element acted on. */
  key: string;
  /** What survives another release of the app: the kind of element and the text of its row. */
  loose: string;
  decoy: boolean;
  /** A readable short form for reports. */
  label: string;
  /** When it happened (Date.now() in the page: the bench's clock too), to tell which step caused it. */
  t: number;
}

export function actedInPage(bindingName: string): void {
  interface State { origText: WeakMap<Node, string>; origAttr: WeakMap<Element, Record<string, string | null>>; decoys: WeakSet<Element> }
  const kInteractive = 'a[href], button, input, select, textarea, summary, [role=button], [role=link], [role=checkbox], [role=radio], [role=tab], [role=menuitem], [role=option], [role=switch], [role=textbox], [contenteditable=true], label';
  const kRow = 'tr, li, [role=row], [role=listitem], [role=option], article';
  const state = (): State | null => (window as unknown as { __buHeal?: State }).__buHeal ?? null;
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
  const describe = (target: Element): Omit<ActedEvent, 'kind' | 't'> => {
    const el = (target.closest(kInteractive) ?? target) as Element;
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
  const send = (kind: string, e: Event) => {
    // Playwright chooses options by script: those events are untrusted but still the step's.
    if (!(e.target instanceof Element) || (!e.isTrusted && !(e.target instanceof HTMLSelectElement))) return;
    const fn = (window as unknown as Record<string, ((e: ActedEvent) => void) | undefined>)[bindingName];
    if (fn) fn({ ...describe(e.target), kind, t: Date.now() });
  };
  document.addEventListener('click', (e) => send('click', e), true);
  document.addEventListener('input', (e) => send('input', e), true);
  document.addEventListener('change', (e) => send('change', e), true);
  document.addEventListener('keydown', (e) => { if ((e as KeyboardEvent).key === 'Enter') send('key', e); }, true);
}
