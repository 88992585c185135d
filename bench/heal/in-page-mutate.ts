/**
 * Runs in the page (an init script, before the app's own scripts): turns any app into a
 * release-like mutant while a person could still do the same flow. Only text, attributes and the
 * order of siblings change in nodes a framework (React, Vue, Angular) owns; wrappers and moved
 * blocks touch only nodes no framework owns, so a later render never meets a node it lost.
 * What a mutation replaced is kept in `window.__buHeal` so the acted-on element can be told by
 * what it was before (see in-page-acted.ts). Self-contained: serialized with `toString()`.
 */

export type MutantKind = 'none' | 'classes' | 'reworded' | 'translated' | 'wrappers' | 'reordered' | 'decoy' | 'unnamed' | 'icononly';

export interface MutateConfig {
  kind: MutantKind;
  /** Lower-case word -> replacement (reworded, translated). */
  words: Record<string, string>;
  /** The page language after translation (`<html lang>`). */
  lang: string | null;
}

export interface HealState {
  origText: WeakMap<Node, string>;
  origAttr: WeakMap<Element, Record<string, string | null>>;
  decoys: WeakSet<Element>;
}

export function mutateInPage(config: MutateConfig): void {
  const w = window as unknown as { __buHeal?: HealState };
  const state: HealState = w.__buHeal ?? { origText: new WeakMap(), origAttr: new WeakMap(), decoys: new WeakSet() };
  w.__buHeal = state;
  if (config.kind === 'none') return;

  const kControls = 'a[href], button, input, select, textarea, label, summary, [role=button], [role=link], [role=checkbox], [role=tab], [role=menuitem], [role=option]';
  const kRows = 'tr, li, [role=row], [role=listitem], [role=option]';
  const kNamedAttrs = ['placeholder', 'aria-label', 'title', 'alt'];

  const frameworkOwned = (node: Node | null): boolean => {
    if (!node) return false;
    for (const key of Object.keys(node)) if (/^(__react|__vue|_vnode|__vnode|__ngContext__|__svelte|__k$|__lit)/.test(key)) return true;
    return false;
  };
  const setAttr = (el: Element, name: string, value: string | null) => {
    const saved = state.origAttr.get(el) ?? {};
    if (!(name in saved)) saved[name] = el.getAttribute(name);
    state.origAttr.set(el, saved);
    if (value === null) el.removeAttribute(name);
    else el.setAttribute(name, value);
  };
  /** What a mutation last wrote, so a second visit leaves it (a reworded word is not reworded again). */
  const written = new WeakMap<Node, string>();
  const setText = (node: Text, value: string) => {
    if (!state.origText.has(node) || written.get(node) !== node.nodeValue) state.origText.set(node, node.nodeValue ?? '');
    written.set(node, value);
    node.nodeValue = value;
  };
  const hash = (text: string): string => {
    let h = 2166136261;
    for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
    return (h >>> 0).toString(36);
  };

  // ---- words (reworded, translated) ----
  const replaceWords = (text: string): string =>
    text.replace(/[A-Za-z][A-Za-z']*/g, (word) => {
      const to = config.words[word.toLowerCase()];
      if (to === undefined) return word;
      if (word === word.toUpperCase() && word.length > 1) return to.toUpperCase();
      return word[0] === word[0]!.toUpperCase() ? to[0]!.toUpperCase() + to.slice(1) : to;
    });
  const inControl = (node: Node) => !!node.parentElement?.closest(`${kControls}, legend, th, h1, h2, h3, h4, h5, h6, option`);
  const rewordText = (node: Text) => {
    if (config.kind === 'reworded' && !inControl(node)) return;
    const parent = node.parentElement;
    if (!parent || parent.closest('script, style, textarea, pre, code')) return;
    const value = node.nodeValue ?? '';
    if (written.get(node) === value) return;
    const next = replaceWords(value);
    if (next !== value) setText(node, next);
  };
  const attrWritten = new WeakMap<Element, Record<string, string>>();
  const rewordAttr = (el: Element, name: string) => {
    const value = el.getAttribute(name);
    if (!value || attrWritten.get(el)?.[name] === value) return;
    const next = replaceWords(value);
    if (next === value) return;
    attrWritten.set(el, { ...attrWritten.get(el), [name]: next });
    setAttr(el, name, next);
  };
  const rewordAttrs = (el: Element) => {
    for (const name of kNamedAttrs) rewordAttr(el, name);
    if (el instanceof HTMLInputElement && /^(submit|button|reset)$/.test(el.type)) rewordAttr(el, 'value');
  };

  // ---- classes: hashed names, styles copied, old names still answer the app's own scripts ----
  const prefix = 'h';
  const hashedOf = new Map<string, string>();
  const origOf = new Map<string, string>();
  const hashed = (name: string) => {
    if (origOf.has(name)) return name;
    let h = hashedOf.get(name);
    if (!h) {
      h = `${prefix}${hash(`c:${name}`)}`;
      hashedOf.set(name, h);
      origOf.set(h, name);
    }
    return h;
  };
  const unhash = (list: string) => list.split(/\s+/).map((c) => origOf.get(c) ?? c).join(' ');
  const rehashClasses = (el: Element) => {
    const value = el.getAttribute('class');
    if (!value) return;
    const next = value.split(/\s+/).filter(Boolean).map(hashed).join(' ');
    if (next !== value.trim()) el.setAttribute('class', next);
  };
  const translateSelector = (selector: string) => selector.replace(/\.(-?[_a-zA-Z][\w-]*)/g, (_, name: string) => `:is(.${name},.${hashed(name)})`);
  // Rules already copied, per sheet: sheets grow while the app runs (CSS-in-JS inserts rules as
  // components first render), so every look copies only what is new.
  const copied = new WeakMap<CSSStyleSheet, Set<string>>();
  let copyStyle: HTMLStyleElement | null = null;
  const renamed = (selector: string) => selector.replace(/\.(-?[_a-zA-Z][\w-]*)/g, (_, name: string) => `.${hashed(name)}`);
  const copyRules = (rules: CSSRuleList, seen: Set<string>): string => {
    let out = '';
    for (const rule of Array.from(rules)) {
      if (seen.has(rule.cssText)) continue;
      seen.add(rule.cssText);
      if (rule instanceof CSSStyleRule && rule.selectorText.includes('.')) {
        out += `${renamed(rule.selectorText)}{${rule.style.cssText}}\n`;
      } else if (rule instanceof CSSMediaRule) {
        out += `@media ${rule.conditionText}{${copyRules(rule.cssRules, new Set())}}\n`;
      }
    }
    return out;
  };
  const copySheets = () => {
    let added = '';
    for (const sheet of Array.from(document.styleSheets)) {
      if (sheet.ownerNode === copyStyle) continue;
      try {
        const seen = copied.get(sheet) ?? new Set<string>();
        copied.set(sheet, seen);
        added += copyRules(sheet.cssRules, seen);
      } catch {
        // a cross-origin sheet: its rules cannot be read
      }
    }
    if (!added) return;
    copyStyle ??= document.createElement('style');
    copyStyle.appendChild(document.createTextNode(added));
    if (!copyStyle.isConnected) document.head?.appendChild(copyStyle);
  };
  if (config.kind === 'classes') {
    const patchQuery = (proto: { querySelector: unknown; querySelectorAll: unknown }) => {
      const qs = proto.querySelector as (this: ParentNode, s: string) => Element | null;
      const qsa = proto.querySelectorAll as (this: ParentNode, s: string) => NodeListOf<Element>;
      proto.querySelector = function (this: ParentNode, s: string) { return qs.call(this, translateSelector(s)); };
      proto.querySelectorAll = function (this: ParentNode, s: string) { return qsa.call(this, translateSelector(s)); };
    };
    patchQuery(Document.prototype);
    patchQuery(Element.prototype);
    patchQuery(DocumentFragment.prototype);
    const matches = Element.prototype.matches;
    const closest = Element.prototype.closest;
    (Element.prototype as { matches: (s: string) => boolean }).matches = function (this: Element, s: string) { return matches.call(this, translateSelector(s)); };
    Element.prototype.closest = function (s: string) { return closest.call(this, translateSelector(s)); };
    const byClass = Document.prototype.getElementsByClassName;
    Document.prototype.getElementsByClassName = function (names: string) { return byClass.call(this, names.split(/\s+/).filter(Boolean).map(hashed).join(' ')); };
    const elByClass = Element.prototype.getElementsByClassName;
    Element.prototype.getElementsByClassName = function (names: string) { return elByClass.call(this, names.split(/\s+/).filter(Boolean).map(hashed).join(' ')); };
    const getAttribute = Element.prototype.getAttribute;
    // jQuery and friends read the class attribute as a string: they see the names they set.
    Element.prototype.getAttribute = function (name: string) {
      const value = getAttribute.call(this, name);
      return name === 'class' && value ? unhash(value) : value;
    };
    const tokens = DOMTokenList.prototype;
    const contains = tokens.contains;
    const remove = tokens.remove;
    tokens.contains = function (token: string) { return contains.call(this, token) || contains.call(this, hashed(token)); };
    tokens.remove = function (...names: string[]) { remove.call(this, ...names, ...names.map(hashed)); };
    tokens.toggle = function (token: string, force?: boolean) {
      const want = force ?? !this.contains(token);
      if (want) this.add(token);
      else this.remove(token);
      return want;
    };
    // Rules inserted one by one (CSS-in-JS in production) get their renamed copy at once.
    const insertRule = CSSStyleSheet.prototype.insertRule;
    CSSStyleSheet.prototype.insertRule = function (this: CSSStyleSheet, rule: string, index?: number) {
      const at = insertRule.call(this, rule, index);
      const brace = rule.indexOf('{');
      if (brace > 0 && rule.slice(0, brace).includes('.') && !rule.startsWith('@')) {
        try {
          // Into a sheet of its own: the app keeps counting the rules of its sheets.
          copyStyle ??= document.createElement('style');
          if (!copyStyle.isConnected) document.head?.appendChild(copyStyle);
          const sheet = copyStyle.sheet;
          if (sheet) insertRule.call(sheet, `${renamed(rule.slice(0, brace))}${rule.slice(brace)}`, sheet.cssRules.length);
        } catch {
          // a selector the copy cannot hold: the app's own rule stays
        }
      }
      return at;
    };
    document.addEventListener('load', () => copySheets(), true);
    document.addEventListener('DOMContentLoaded', () => copySheets());
    window.addEventListener('load', () => copySheets());
  }

  // ---- structure ----
  const wrap = (el: Element, force = false) => {
    const parent = el.parentNode;
    if (!parent || el.closest('svg') || el.matches('li, tr, td, th, option, dt, dd, head, body, html, script, style, link, meta')) return;
    if (parent instanceof Element && parent.hasAttribute('data-bu-wrap')) return;
    if (!force && (frameworkOwned(el) || frameworkOwned(parent))) return;
    const outer = document.createElement('span');
    outer.setAttribute('data-bu-wrap', '');
    outer.style.display = 'contents';
    parent.insertBefore(outer, el);
    outer.appendChild(el);
  };
  const moveBlocks = (el: Element) => {
    // A navigation or complementary block moves to the end of its parent (a new layout).
    if (!el.matches('nav, aside, [role=navigation], [role=complementary]') || frameworkOwned(el) || frameworkOwned(el.parentNode)) return;
    const parent = el.parentElement;
    if (!parent || parent === document.documentElement || parent.lastElementChild === el || el.hasAttribute('data-bu-moved')) return;
    el.setAttribute('data-bu-moved', '');
    parent.appendChild(el);
  };
  const orderKey = (el: Element) => hash(`o:${(el.textContent ?? '').replace(/\d+/g, '').trim()}`);
  const reorder = (parent: Element) => {
    const kids = Array.from(parent.children).filter((k) => k.matches('li, tr, a, [role=row], [role=listitem], [role=option], dt, article'));
    if (kids.length < 2 || kids.length !== parent.children.length) return;
    // Lines of code or of an editor keep their order: a release reorders data, not code.
    if (parent.matches('thead, select, datalist') || parent.closest('[contenteditable], pre, code')) return;
    // Header rows stay first; the others take an order of their own that does not follow the app's.
    const movable = kids.filter((k) => !(k.matches('tr') && k.querySelector('th') && !k.querySelector('td')));
    const sorted = [...movable].sort((a, b) => orderKey(a).localeCompare(orderKey(b)));
    if (sorted.every((k, i) => movable[i] === k)) return;
    for (const k of sorted) parent.appendChild(k);
  };

  // ---- names ----
  const icon = (text: string) =>
    `url("data:image/svg+xml,${encodeURIComponent(`<svg xmlns='http://www.w3.org/2000/svg' width='16' height='16'><circle cx='8' cy='8' r='7' fill='none' stroke='black'/><text x='8' y='12' font-size='10' text-anchor='middle'>${text.slice(0, 1).toUpperCase()}</text></svg>`)}")`;
  const blankText = (el: Element) => {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    const texts: Text[] = [];
    for (let n = walker.nextNode(); n; n = walker.nextNode()) texts.push(n as Text);
    const label = texts.map((t) => t.nodeValue ?? '').join('').trim();
    for (const t of texts) if ((t.nodeValue ?? '').trim()) setText(t, '');
    return label;
  };
  const makeIconOnly = (el: Element) => {
    if (!el.matches('button, [role=button], input[type=submit], input[type=button]') || el.closest('svg')) return;
    const label = el instanceof HTMLInputElement ? el.value : (el.textContent ?? '').trim();
    if (!label || label.length > 40) return;
    for (const name of ['aria-label', 'title', 'aria-labelledby']) if (el.hasAttribute(name)) setAttr(el, name, null);
    if (el instanceof HTMLInputElement) setAttr(el, 'value', '\u00a0');
    else blankText(el);
    for (const img of Array.from(el.querySelectorAll('img[alt], svg[aria-label], [title]'))) {
      if (img.hasAttribute('alt')) setAttr(img, 'alt', '');
      if (img.hasAttribute('aria-label')) setAttr(img, 'aria-label', null);
      if (img.hasAttribute('title')) setAttr(img, 'title', null);
    }
    const style = (el as HTMLElement).style;
    style.backgroundImage = icon(label);
    style.backgroundRepeat = 'no-repeat';
    style.backgroundPosition = 'center';
    style.minWidth = '24px';
    style.minHeight = '20px';
  };
  const unnameRowControl = (el: Element) => {
    if (!el.matches(kControls) || !el.closest(kRows) || el.matches('a[href], label')) return;
    for (const name of ['aria-label', 'title', 'aria-labelledby', 'placeholder', 'id']) if (el.hasAttribute(name)) setAttr(el, name, null);
    const label = el.closest('label');
    if (label && label !== el) {
      for (const t of Array.from(label.childNodes)) if (t.nodeType === Node.TEXT_NODE && (t.nodeValue ?? '').trim()) setText(t as Text, '');
    }
    if (el.matches('button, [role=button]')) makeIconOnly(el);
  };

  // ---- decoys: look-alikes of the named controls in a landmark of their own ----
  let decoyBox: HTMLElement | null = null;
  const decoyNames = new Set<string>();
  const addDecoy = (el: Element) => {
    if (decoyBox?.contains(el) || !el.matches('a[href], button, input[type=text], input[type=search], input:not([type]), textarea') || el.closest('svg')) return;
    if (!el.closest('main, [role=main], form, header, nav, [role=banner], [role=navigation], [role=search], body')) return;
    const name = (el.getAttribute('aria-label') || el.getAttribute('placeholder') || (el.textContent ?? '')).replace(/\s+/g, ' ').trim();
    const key = `${el.tagName}:${name}`;
    if (!name || name.length > 40 || decoyNames.has(key)) return;
    decoyNames.add(key);
    if (!decoyBox) {
      decoyBox = document.createElement('aside');
      decoyBox.setAttribute('aria-label', 'Suggestions');
      decoyBox.setAttribute('data-bu-decoys', '');
      decoyBox.style.cssText = 'position:fixed;right:0;bottom:0;max-width:40%;max-height:30%;overflow:auto;background:#eee;font-size:11px;z-index:1;opacity:0.9';
    }
    const copy = el.cloneNode(true) as Element;
    copy.removeAttribute('id');
    copy.removeAttribute('name');
    copy.removeAttribute('form');
    if (copy instanceof HTMLButtonElement) copy.type = 'button';
    if (copy instanceof HTMLAnchorElement) copy.setAttribute('href', '#suggestion');
    copy.addEventListener('click', (e) => e.preventDefault());
    state.decoys.add(copy);
    for (const inner of Array.from(copy.querySelectorAll('*'))) state.decoys.add(inner);
    decoyBox.appendChild(copy);
    if (!decoyBox.isConnected && document.body) document.body.appendChild(decoyBox);
  };

  // ---- the walk over every node the app adds ----
  const visit = (el: Element) => {
    // What a person types into (an editor) is theirs, not the release's.
    if (el.closest('[contenteditable]')) return;
    switch (config.kind) {
      case 'classes': rehashClasses(el); break;
      case 'reworded': case 'translated': rewordAttrs(el); break;
      case 'wrappers':
        // A framework's mount point may move as a whole: only the nodes it renders must stay put.
        if (el.matches(kControls) || el.parentElement === document.body) wrap(el, el.parentElement === document.body);
        moveBlocks(el);
        break;
      case 'reordered': reorder(el); break;
      case 'decoy': addDecoy(el); break;
      case 'unnamed': unnameRowControl(el); break;
      case 'icononly': makeIconOnly(el); break;
    }
  };
  const visitTree = (root: Node) => {
    if (root.nodeType === Node.TEXT_NODE) {
      if (config.kind === 'reworded' || config.kind === 'translated') rewordText(root as Text);
      return;
    }
    if (!(root instanceof Element) || (decoyBox && decoyBox.contains(root))) return;
    const elements = [root, ...Array.from(root.querySelectorAll('*'))];
    for (const el of elements) visit(el);
    if (config.kind === 'reworded' || config.kind === 'translated') {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) rewordText(n as Text);
    }
  };

  let busy = false;
  const observer = new MutationObserver((records) => {
    if (busy) return;
    busy = true;
    try {
      const parents = new Set<Element>();
      for (const r of records) {
        if (r.type === 'childList') {
          for (const n of Array.from(r.addedNodes)) visitTree(n);
          if (r.target instanceof Element) parents.add(r.target);
          // A control whose text arrived after it (parsing, rendering) is seen again whole.
          if (config.kind === 'decoy' && r.target instanceof Element) visit(r.target);
        } else if (r.type === 'characterData') visitTree(r.target);
        else if (r.target instanceof Element) visit(r.target);
      }
      if (config.kind === 'reordered') for (const p of parents) reorder(p);
      if (config.kind === 'classes' && [...parents].some((p) => p.matches('style, head'))) copySheets();
      if (config.lang) document.documentElement.setAttribute('lang', config.lang);
    } finally {
      observer.takeRecords();
      busy = false;
    }
  });
  document.addEventListener('DOMContentLoaded', () => {
    busy = true;
    try {
      if (document.body) visitTree(document.body);
    } finally {
      observer.takeRecords();
      busy = false;
    }
  });
  const attributeFilter = config.kind === 'classes' ? ['class'] : ['placeholder', 'aria-label', 'title', 'alt', 'value'];
  observer.observe(document, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter });
}
