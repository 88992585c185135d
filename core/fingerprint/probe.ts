/**
 * The DOM half of a fingerprint, computed inside the page for one element. Self-contained: it is
 * serialized into the page (through `inPage`), so it may not reference anything outside itself.
 */

export interface DomProbe {
  tag: string;
  testId: string | null;
  testIdAttribute: string | null;
  id: string | null;
  nameAttr: string | null;
  type: string | null;
  placeholder: string | null;
  label: string | null;
  text: string | null;
  hrefPath: string | null;
  title: string | null;
  alt: string | null;
  ariaLabel: string | null;
  /** What the element's pictures show (see `iconOf` below), or null when it has none. */
  icon: string | null;
  classes: string[];
  shadowHosts: string[];
  landmarks: { role: string; name: string | null }[];
  nearbyHeading: string | null;
  nearbyText: string | null;
  xpath: string;
  cssPath: string;
  box: { x: number; y: number; width: number; height: number } | null;
  state: { value: string | null; checked: boolean | null; selected: string[] | null; disabled: boolean };
  container: ContainerProbe | null;
  /** Elements of this element's kind (tag, input type) in its innermost landmark, itself included. */
  kindPeers: number;
  /** For a submit control in a form: what submitting it sends (see `FormProbe`); else null or absent. */
  form?: FormProbe | null;
  /** The language its document declares (`<html lang>`), lower-cased; null when none. */
  lang?: string | null;
}

/**
 * What a submit control sends: the form's target as written (the control's `formaction`, else the
 * form's `action` attribute; null when neither is written), its method, the names of the fields
 * it posts (sorted, each once; submit controls left out) and how many of the form's submit
 * controls post no name of their own (those send the fields alone; a named one adds its name).
 */
export interface FormProbe {
  action: string | null;
  method: string;
  fields: string[];
  unnamedSubmits: number;
}

/** The nearest meaningful container of an element (a row, list item, card, dialog, form, ...). */
export interface ContainerProbe {
  role: string;
  tag: string;
  /** Its accessible name; for a fieldset its legend; for an article, dialog or tab panel without one, its first heading (a card's title). */
  name: string | null;
  /** What the container says apart from its controls' captions (a row's data), collapsed and cut. */
  text: string | null;
  /** The element's place among the container's elements of the same kind (tag, and type for inputs). */
  slot: { index: number; count: number };
  /** How many elements like the container share its parent (the rows of a list). */
  siblings: number;
}

export function probeElement(el: Element): DomProbe {
  const kMaxText = 120;
  // Longer sibling text is a block of content, not a caption of this element.
  const kMaxNearbyText = 60;
  const clean = (s: string | null | undefined): string | null => {
    const t = (s ?? '').replace(/\s+/g, ' ').trim();
    return t ? t.slice(0, kMaxText) : null;
  };
  const attr = (e: Element, name: string) => e.getAttribute(name);
  // Kinds of node by node type and tag, never by `instanceof` a page global: a page may replace
  // those (MooTools replaces Document, Element, Window and Event with its own functions).
  const isShadowRoot = (n: Node | null): n is ShadowRoot => n?.nodeType === 11 && 'host' in n;
  const isHtml = <K extends keyof HTMLElementTagNameMap>(n: Node | null, tag: K): n is HTMLElementTagNameMap[K] =>
    n?.nodeType === 1 && (n as Element).localName === tag && (n as Element).namespaceURI === 'http://www.w3.org/1999/xhtml';
  const parentOf = (e: Element): Element | null => {
    if (e.parentElement) return e.parentElement;
    const root = e.parentNode;
    return isShadowRoot(root) ? root.host : null;
  };
  const textOf = (e: Element) => clean((e as HTMLElement).innerText ?? e.textContent);
  const byIds = (ids: string | null) => {
    if (!ids) return null;
    const root = el.getRootNode() as Document | ShadowRoot;
    return clean(ids.split(/\s+/).map((id) => root.getElementById?.(id)?.textContent ?? '').join(' '));
  };

  // Positional paths inside the element's own root (document or shadow root).
  const segments = (e: Element, css: boolean): string[] => {
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
  };
  const cssPathOf = (e: Element) => segments(e, true).join(' > ');

  const shadowHosts: string[] = [];
  for (let root = el.getRootNode(); isShadowRoot(root); root = root.host.getRootNode()) {
    shadowHosts.unshift(cssPathOf(root.host));
  }

  const kLandmarkTags: Record<string, string> = { nav: 'navigation', main: 'main', header: 'banner', footer: 'contentinfo', aside: 'complementary' };
  const kLandmarkRoles = new Set(['navigation', 'main', 'banner', 'contentinfo', 'complementary', 'region', 'search', 'form', 'dialog']);
  const landmarks: { role: string; name: string | null }[] = [];
  let region: Element | null = null;
  for (let a = parentOf(el); a; a = parentOf(a)) {
    const role = attr(a, 'role') ?? kLandmarkTags[a.tagName.toLowerCase()] ??
      (a.tagName === 'DIALOG' ? 'dialog' : null) ??
      ((a.tagName === 'SECTION' || a.tagName === 'FORM') && (attr(a, 'aria-label') || attr(a, 'aria-labelledby'))
        ? (a.tagName === 'FORM' ? 'form' : 'region') : null);
    if (role && kLandmarkRoles.has(role)) {
      landmarks.unshift({ role, name: clean(attr(a, 'aria-label')) ?? byIds(attr(a, 'aria-labelledby')) });
      region ??= a;
    }
  }

  // The closest heading before the element in document order, searching outwards.
  const isHeading = (e: Element) => /^H[1-6]$/.test(e.tagName) || attr(e, 'role') === 'heading';
  let nearbyHeading: string | null = null;
  let nearbyText: string | null = null;
  search: for (let cur: Element | null = el; cur; cur = parentOf(cur)) {
    for (let sib = cur.previousElementSibling; sib; sib = sib.previousElementSibling) {
      if (!nearbyText && sib.tagName !== 'SCRIPT') {
        const text = textOf(sib);
        if (text && text.length <= kMaxNearbyText) nearbyText = text;
      }
      const found = isHeading(sib) ? sib : Array.from(sib.querySelectorAll('h1,h2,h3,h4,h5,h6,[role=heading]')).pop();
      if (found) {
        nearbyHeading = textOf(found);
        break search;
      }
    }
  }

  // The nearest meaningful container: semantic ones by role or tag, and repeated items (cards in
  // a list of look-alike siblings). One that says nothing beyond the element (a cell holding only
  // a checkbox) is skipped for the next one out, so a row's text identifies its unnamed controls.
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
  // The container's own words: not the element's caption, not other controls' captions.
  const keyText = (c: Element, skip = kControlSelector): string | null => {
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
  };
  const kindOf = (e: Element) => e.tagName + (isHtml(e, 'input') ? `[type=${e.type}]` : '');
  const repeatedSiblings = (c: Element): number => {
    const parent = c.parentElement;
    if (!parent) return 1;
    return Array.from(parent.children).filter((s) => s.tagName === c.tagName && s.className === c.className).length;
  };
  let container: ContainerProbe | null = null;
  let depth = 0;
  for (let a = parentOf(el); a && a !== document.body && depth < kMaxContainerDepth; a = parentOf(a), depth++) {
    const explicit = attr(a, 'role');
    if (explicit && kStopRoles.has(explicit)) break;
    if (kLandmarkTags[a.tagName.toLowerCase()] && a.tagName !== 'FORM') break;
    const siblings = repeatedSiblings(a);
    const role = (explicit && kContainerRoles.has(explicit) ? explicit : null) ?? kContainerTags[a.tagName.toLowerCase()] ?? (siblings >= 3 && a.tagName !== 'SPAN' ? 'item' : null);
    if (!role) continue;
    const name = clean(attr(a, 'aria-label')) ?? byIds(attr(a, 'aria-labelledby')) ??
      (a.tagName === 'FIELDSET' ? clean(a.querySelector('legend')?.textContent) : null) ??
      (kTitledRoles.has(role) ? clean(a.querySelector('h1, h2, h3, h4, h5, h6, [role=heading]')?.textContent) : null);
    const text = keyText(a);
    if (!name && !text) continue;
    // A table cell whose words are all link captions ("edit" next to a row's checkbox) is the
    // row's tool cell: the row's data names the element.
    if (!name && role === 'cell' && keyText(a, `${kControlSelector}, a[href], [role=link]`) === null) continue;
    const same = Array.from(a.querySelectorAll(el.tagName)).filter((e) => kindOf(e) === kindOf(el));
    container = { role, tag: a.tagName.toLowerCase(), name, text, slot: { index: Math.max(0, same.indexOf(el)), count: Math.max(1, same.length) }, siblings };
    break;
  }

  // Elements of the same kind in the same region: a region that lost one of them may still hold
  // a look-alike, and the look-alike is not the lost one. A region outside the element's shadow
  // root (a web component in a page's main) is searched through the open shadow roots under it:
  // its own query stops at them and would not even find the element.
  const sameKind = (e: Element) => kindOf(e) === kindOf(el);
  const deepPeers = (root: Element | ShadowRoot): number => {
    let count = 0;
    const visit = (scope: Element | ShadowRoot) => {
      if (scope.nodeType === 1 && (scope as Element).shadowRoot) visit((scope as Element).shadowRoot!);
      for (const e of Array.from(scope.querySelectorAll('*'))) {
        if (sameKind(e)) count++;
        if (e.shadowRoot) visit(e.shadowRoot);
      }
    };
    visit(root);
    return count;
  };
  const ownRoot = el.getRootNode() as Document | ShadowRoot;
  const kindPeers = region && region.getRootNode() !== ownRoot
    ? Math.max(1, deepPeers(region))
    : Array.from((region ?? ownRoot).querySelectorAll(el.tagName)).filter(sameKind).length;

  const input = el as HTMLInputElement;
  const labels = 'labels' in input && input.labels ? Array.from(input.labels) : [];
  // A field with no label element often has its caption written just before it (`Title:<br><input>`):
  // that text tells it from the unlabelled field beside it. Only a short caption, the field's own:
  // the text run right before it, with nothing but line breaks in between.
  const kMaxCaption = 40;
  const kCaptionTags = new Set(['span', 'b', 'strong', 'em', 'i', 'small']);
  const captionBefore = (): string | null => {
    const field = el.matches('input:not([type=hidden], [type=submit], [type=button], [type=reset], [type=image]), select, textarea');
    if (!field || attr(el, 'aria-label')) return null;
    for (let n = el.previousSibling; n; n = n.previousSibling) {
      if (n.nodeType === Node.TEXT_NODE && !/\S/.test(n.textContent ?? '')) continue;
      if (isHtml(n, 'br')) continue;
      const raw = n.nodeType === Node.TEXT_NODE ? n.textContent
        : n.nodeType === 1 && kCaptionTags.has((n as Element).localName) && !(n as Element).querySelector('input, select, textarea, button') ? n.textContent : null;
      const caption = clean(raw?.replace(/[\s:*]+$/, ''));
      return caption && caption.length <= kMaxCaption ? caption : null;
    }
    return null;
  };
  const label = clean(labels.map((l) => l.textContent ?? '').join(' ')) ?? byIds(attr(el, 'aria-labelledby')) ?? captionBefore();
  let hrefPath: string | null = null;
  const href = attr(el, 'href');
  if (href !== null && isHtml(el, 'a')) {
    try {
      const url = new URL(el.href);
      // A hash route (`#/active`) is where a single-page app's link goes; any other hash is an anchor.
      const route = /^#!?\//.test(url.hash) ? url.hash : '';
      hrefPath = url.origin === location.origin ? url.pathname + url.search + route : url.href;
    } catch {
      hrefPath = href;
    }
  }
  // What the element's pictures show, so look-alike icon buttons (a bin, an archive box) are told
  // apart: an image's file, an svg sprite's reference, an icon font's classes, or a digest of an
  // inline drawing's shapes.
  const kMaxIcon = 120;
  const digest = (text: string) => {
    let h = 5381;
    for (let i = 0; i < text.length; i++) h = ((h * 33) ^ text.charCodeAt(i)) >>> 0;
    return h.toString(36);
  };
  const iconParts: string[] = [];
  const pictures = [el, ...Array.from(el.querySelectorAll('img, svg, i, [class*="icon"]'))];
  for (const p of pictures) {
    if (isHtml(p, 'img') || (isHtml(p, 'input') && p.type === 'image')) {
      const src = attr(p, 'src');
      if (src) iconParts.push(`img:${src.split(/[?#]/)[0]!.split('/').pop()}`);
    } else if (p.tagName.toLowerCase() === 'svg') {
      const use = p.querySelector('use');
      const ref = use && (attr(use, 'href') ?? attr(use, 'xlink:href'));
      const shapes = Array.from(p.querySelectorAll('path, polygon, polyline, circle, rect, line, ellipse'))
        .map((shape) => Array.from(shape.attributes).filter((a) => /^(d|points|cx|cy|r|x|y|x1|x2|y1|y2|width|height|rx|ry)$/.test(a.name)).map((a) => `${a.name}=${a.value}`).join(','))
        .join(';');
      if (ref) iconParts.push(`use:${ref}`);
      else if (shapes) iconParts.push(`svg:${digest(shapes)}`);
    } else if (p !== el && !(p.textContent ?? '').trim() && p.classList.length) {
      iconParts.push(`class:${Array.from(p.classList).sort().join('.')}`);
    }
  }
  const icon = iconParts.length ? iconParts.join(' ').slice(0, kMaxIcon) : null;
  const rect = el.getBoundingClientRect();
  const tag = el.tagName.toLowerCase();
  const isSelect = isHtml(el, 'select');
  const hasValue = isHtml(el, 'input') || isHtml(el, 'textarea') || isSelect;
  const checkable = isHtml(el, 'input') && (input.type === 'checkbox' || input.type === 'radio');
  const ariaChecked = attr(el, 'aria-checked');

  // A submit control's form: the request it sends, whatever its caption says.
  const kMaxFormFields = 40;
  const isSubmit = (e: Element) => (isHtml(e, 'input') && (e.type === 'submit' || e.type === 'image')) || (isHtml(e, 'button') && e.type === 'submit');
  let form: FormProbe | null = null;
  const owner = isSubmit(el) ? (el as HTMLInputElement | HTMLButtonElement).form : null;
  if (owner) {
    const controls = Array.from(owner.elements);
    const names = controls.filter((c) => !isSubmit(c)).map((c) => attr(c, 'name')).filter((n): n is string => !!n);
    form = {
      action: attr(el, 'formaction') ?? attr(owner, 'action'),
      method: (attr(el, 'formmethod') ?? attr(owner, 'method') ?? 'get').toLowerCase(),
      fields: [...new Set(names)].sort().slice(0, kMaxFormFields),
      unnamedSubmits: controls.filter((c) => isSubmit(c) && !attr(c, 'name')).length,
    };
  }

  // Test id attributes in order of preference: Playwright's default first.
  const testIdAttribute = ['data-testid', 'data-test-id', 'data-test', 'data-qa', 'data-cy'].find((a) => el.hasAttribute(a)) ?? null;
  return {
    tag,
    testId: testIdAttribute ? attr(el, testIdAttribute) : null,
    testIdAttribute,
    id: el.id || null,
    nameAttr: attr(el, 'name'),
    type: attr(el, 'type'),
    placeholder: attr(el, 'placeholder'),
    label,
    text: textOf(el),
    hrefPath,
    title: attr(el, 'title'),
    alt: attr(el, 'alt'),
    ariaLabel: attr(el, 'aria-label'),
    icon,
    classes: Array.from(el.classList),
    shadowHosts,
    landmarks,
    nearbyHeading,
    nearbyText,
    xpath: '/' + segments(el, false).join('/'),
    cssPath: cssPathOf(el),
    box: rect.width || rect.height ? { x: Math.round(rect.x + scrollX), y: Math.round(rect.y + scrollY), width: Math.round(rect.width), height: Math.round(rect.height) } : null,
    state: {
      value: hasValue && !checkable ? (el as HTMLInputElement).value : null,
      checked: checkable ? input.checked : ariaChecked ? ariaChecked === 'true' : null,
      selected: isSelect ? Array.from((el as HTMLSelectElement).selectedOptions).map((o) => o.label || o.text) : null,
      disabled: (el as HTMLButtonElement).disabled === true || attr(el, 'aria-disabled') === 'true',
    },
    container,
    kindPeers,
    form,
    lang: (el.ownerDocument.documentElement.getAttribute('lang') ?? '').trim().toLowerCase() || null,
  };
}

/** Structural CSS path of an element inside its own root (used for iframe elements in frame chains). */
export function cssPathInPage(el: Element): string {
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
