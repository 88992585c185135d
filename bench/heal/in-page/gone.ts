import { describe, kInteractive, nameOf } from './describe.ts';

/**
 * Runs in the page (an init script, before the app's own scripts): makes the element a recorded
 * step acted on disappear, wherever and whenever it appears, and changes nothing else. The element
 * is the one the bench's describer (describe.ts) names by the reference run's key (what the
 * unchanged app's run acted on at that step), found without replay's cascade. `remove` takes it out
 * of the document; `substitute` puts in its place a new element of the same tag and role with
 * another purpose: another visible name (its labels too), other name, id, href and test id values,
 * none of the original's listeners (a fresh element, its inline `on...` handlers left out).
 */

export interface GoneConfig {
  how: 'remove' | 'substitute';
  /** The reference run's description of the element (ActedEvent.key). */
  key: string;
}

// Purposes a control could have that no recorded flow of the corpus has; one is picked per element.
const kOtherPurposes = ['Coupon code', 'Archive', 'Subscribe', 'Print label', 'Share feedback', 'Export report', 'Newsletter', 'Change theme'];
const kTestIds = ['data-testid', 'data-test-id', 'data-test', 'data-cy', 'data-qa'];
const kWidgets = '[role=menuitem], [role=button], [role=link], [role=tab], [role=option], [role=treeitem], a[href], button';

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** A purpose `el` does not have, picked by the key: the same one in every run. */
function otherPurpose(el: Element, key: string): string {
  const own = `${nameOf(el)} ${key}`.toLowerCase();
  const start = hash(key) % kOtherPurposes.length;
  for (let i = 0; i < kOtherPurposes.length; i++) {
    const word = kOtherPurposes[(start + i) % kOtherPurposes.length]!;
    if (!own.includes(word.toLowerCase())) return word;
  }
  return 'Something else';
}

function slug(words: string): string {
  return words.toLowerCase().replace(/[^a-z]+/g, '-');
}

/** A copy of `node` without inline handlers: a fresh node carries no listener of the original. */
function cleanCopy(node: Node): Node {
  const copy = node.cloneNode(true);
  if (copy instanceof Element) {
    for (const el of [copy, ...Array.from(copy.querySelectorAll('*'))]) {
      for (const a of Array.from(el.attributes)) if (/^on/i.test(a.name)) el.removeAttribute(a.name);
    }
  }
  return copy;
}

/** `label`'s own words become `name`: the control inside a wrapping label keeps its place. */
function relabel(label: HTMLLabelElement, control: Element, name: string): void {
  const texts: Text[] = [];
  const walker = document.createTreeWalker(label, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) if (!control.contains(n) && (n.nodeValue ?? '').trim()) texts.push(n as Text);
  texts.forEach((t, i) => { t.nodeValue = i === 0 ? name : ''; });
}

/** The value `sub` gets for `el`'s attribute `a`; null: left out. */
function substituteValue(el: Element, a: Attr, name: string, word: string): string | null {
  if (/^on/i.test(a.name)) return null;
  if (a.name === 'id' || a.name === 'name') return `${word}${a.name === 'id' ? '-field' : ''}`;
  if (a.name === 'href') return `/${word}`;
  if (kTestIds.includes(a.name)) return word;
  if (a.name === 'aria-label' || a.name === 'title' || a.name === 'placeholder' || a.name === 'alt') return name;
  if (a.name === 'value' && el instanceof HTMLInputElement) return /^(submit|button|reset)$/.test(el.type) ? name : word;
  if (a.name === 'aria-labelledby' || a.name === 'for' || a.name === 'form' || a.name === 'aria-controls') return null;
  return a.value;
}

/** `el`'s content in `sub`: a field's and an editor's content stays, a named element's text becomes `name`. */
function substituteContent(el: Element, sub: Element, name: string): void {
  // An editor's text is its content, not its name (typing changes it): it keeps its content
  // and is named for its other purpose, as a field is.
  const editor = el instanceof HTMLElement && el.isContentEditable;
  if (el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement || editor) {
    for (const child of Array.from(el.childNodes)) sub.appendChild(cleanCopy(child));
    if (editor) sub.setAttribute('aria-label', name);
  } else if (!(el instanceof HTMLInputElement)) {
    if ((el.textContent ?? '').trim()) sub.textContent = name;
    else for (const child of Array.from(el.childNodes)) sub.appendChild(cleanCopy(child));
  }
}

/** Another visible name and other form values for `sub`, even where `el` had none of its own. */
function renameSubstitute(el: Element, sub: Element, name: string, word: string): void {
  if (el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement) {
    sub.setAttribute('name', word);
    if (el instanceof HTMLSelectElement || /^(checkbox|radio)$/.test(el.type)) sub.setAttribute('aria-label', name);
    else if (!/^(submit|button|reset|image)$/.test(el.type)) sub.setAttribute('placeholder', name);
    if (el.labels?.length && !sub.hasAttribute('aria-label')) sub.setAttribute('aria-label', name);
  } else if (!(el.textContent ?? '').trim()) sub.setAttribute('aria-label', name);
  // A form's button with another purpose sends another request: it posts a name of its own.
  if (el instanceof HTMLButtonElement && el.form) sub.setAttribute('name', word);
}

/** Puts in `el`'s place an element of its tag with another purpose; the new element, to be left alone. */
function substitute(el: Element, key: string): Element {
  const name = otherPurpose(el, key);
  const word = slug(name);
  const sub = document.createElement(el.tagName.toLowerCase());
  for (const a of Array.from(el.attributes)) {
    const value = substituteValue(el, a, name, word);
    if (value !== null) sub.setAttribute(a.name, value);
  }
  substituteContent(el, sub, name);
  renameSubstitute(el, sub, name, word);
  const labels = 'labels' in el && el.labels instanceof NodeList ? Array.from(el.labels as NodeListOf<HTMLLabelElement>) : [];
  el.replaceWith(sub);
  for (const label of labels) {
    if (label.htmlFor) label.htmlFor = sub.id || '';
    relabel(label, sub, name);
  }
  return sub;
}

/** Removes or replaces every element of the document that `config.key` describes; `made`: the substitutes so far. */
function sweep(config: GoneConfig, tag: string, made: WeakSet<Element>): void {
  for (const el of Array.from(document.getElementsByTagName(tag))) {
    if (made.has(el) || !el.isConnected || !el.matches(kInteractive)) continue;
    if (describe(el).key !== config.key) continue;
    // A label inside a widget (a menu entry's caption) is what the click landed on; the element
    // a step acts on is the widget itself, which goes with it.
    const widget = el.localName === 'label' ? el.parentElement?.closest(kWidgets) ?? null : null;
    const gone = widget ?? el;
    if (made.has(gone)) continue;
    if (config.how === 'remove') gone.remove();
    else made.add(substitute(gone, config.key));
  }
}

export function goneInPage(config: GoneConfig): void {
  const tag = config.key.split('|')[0] ?? '';
  const made = new WeakSet<Element>();
  const run = () => {
    if (tag) sweep(config, tag, made);
  };
  let busy = false;
  const observer = new MutationObserver(() => {
    if (busy) return;
    busy = true;
    try {
      run();
    } finally {
      // What the sweep itself changed needs no second look.
      observer.takeRecords();
      busy = false;
    }
  });
  // Attributes and text count: an element's description may be complete only once its text arrives.
  observer.observe(document, { childList: true, subtree: true, characterData: true, attributes: true });
  document.addEventListener('DOMContentLoaded', () => run());
}
