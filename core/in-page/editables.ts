import { cssPath } from './probe/paths.ts';

/** Rich-text editors in a frame's document, for capture/perceive/editables.ts. */

/** One editing host as read in its frame. */
export interface RawEditable {
  css: string;
  ariaRole: string | null;
  ariaName: string;
  /** A name for the element list: `aria-label`, `aria-labelledby`, a `<label>` or `title`. */
  label: string;
  placeholder: string;
  heading: string;
  value: string;
  id: string;
  form: number;
  inRow: boolean;
}

function clean(text: string | null | undefined): string {
  return (text ?? '').replace(/\s+/g, ' ').trim();
}

function attr(el: Element, name: string): string {
  return clean(el.getAttribute(name));
}

function unique(selector: string): boolean {
  try {
    return document.querySelectorAll(selector).length === 1;
  } catch {
    return false;
  }
}

/**
 * The shortest selector a person would write that names this element only: an id, a distinctive
 * class with the tag, else its structural path.
 */
function selectorOf(el: Element): string {
  const tag = el.tagName.toLowerCase();
  if (el === document.body) return 'body';
  if (el.id && /^[A-Za-z][\w-]*$/.test(el.id) && unique(`#${el.id}`)) return `#${el.id}`;
  for (const name of Array.from(el.classList)) {
    if (/^[A-Za-z][\w-]*$/.test(name) && unique(`${tag}.${name}`)) return `${tag}.${name}`;
  }
  return cssPath(el);
}

function byIds(ids: string): string {
  return clean(ids.split(/\s+/).filter(Boolean).map((id) => document.getElementById(id)?.textContent ?? '').join(' '));
}

function labelOf(el: HTMLElement): string {
  const forId = el.id ? Array.from(document.querySelectorAll('label')).find((label) => label.htmlFor === el.id) : undefined;
  return attr(el, 'aria-label') || byIds(el.getAttribute('aria-labelledby') ?? '') || clean(forId?.textContent) || clean(el.closest('label')?.textContent) || attr(el, 'title');
}

/** The heading before the element in document order, searching outwards: what the editor is for. */
function headingOf(el: Element): string {
  for (let cur: Element | null = el; cur; cur = cur.parentElement) {
    for (let sib = cur.previousElementSibling; sib; sib = sib.previousElementSibling) {
      const found = /^H[1-6]$/.test(sib.tagName) || sib.getAttribute('role') === 'heading' ? sib : Array.from(sib.querySelectorAll('h1,h2,h3,h4,h5,h6,[role=heading]')).pop();
      if (found) return clean(found.textContent).slice(0, 80);
    }
  }
  return clean(document.title).slice(0, 80);
}

function visible(el: HTMLElement): boolean {
  const rect = el.getBoundingClientRect();
  if (rect.width <= 0 || rect.height <= 0) return false;
  return typeof el.checkVisibility === 'function' ? el.checkVisibility({ visibilityProperty: true } as CheckVisibilityOptions) : true;
}

/** The document's editing hosts: an editable element whose parent is not editable, or the body in design mode. */
function editingHosts(): HTMLElement[] {
  const hosts: HTMLElement[] = [];
  if (document.designMode === 'on' && document.body) hosts.push(document.body);
  for (const el of Array.from(document.querySelectorAll<HTMLElement>('[contenteditable]'))) {
    if (!el.isContentEditable || el.parentElement?.isContentEditable) continue;
    if (!hosts.includes(el)) hosts.push(el);
  }
  return hosts;
}

function readEditable(el: HTMLElement, role: string, valueChars: number): RawEditable {
  const owner = el.closest('form');
  return {
    css: selectorOf(el),
    ariaRole: role || null,
    ariaName: attr(el, 'aria-label') || byIds(el.getAttribute('aria-labelledby') ?? ''),
    label: labelOf(el),
    placeholder: attr(el, 'aria-placeholder') || attr(el, 'placeholder') || attr(el, 'data-placeholder'),
    heading: headingOf(el),
    value: clean(el.innerText).slice(0, valueChars),
    id: el.id,
    form: owner ? Array.from(document.forms).indexOf(owner) : -1,
    inRow: el.closest('li, tr, [role=row], [role=listitem], [role=treeitem]') !== null,
  };
}

/**
 * A frame's editing hosts, visible, enabled, with a unique CSS selector each; none whose role
 * is one of `listedRoles` (the element list has those already).
 */
export function findEditables(args: { listedRoles: string[]; max: number; valueChars: number }): RawEditable[] {
  const listed = new Set(args.listedRoles);
  const out: RawEditable[] = [];
  for (const el of editingHosts()) {
    if (out.length >= args.max) break;
    const role = el.getAttribute('role')?.trim().split(/\s+/)[0] ?? '';
    if (listed.has(role)) continue;
    if (el.getAttribute('aria-disabled') === 'true' || el.getAttribute('aria-readonly') === 'true' || el.getAttribute('aria-hidden') === 'true') continue;
    if (!visible(el)) continue;
    out.push(readEditable(el, role, args.valueChars));
  }
  return out;
}

/** An iframe element's structural path and its title. */
export function frameElement(el: Element): { selector: string; title: string } {
  return { selector: cssPath(el), title: (el.getAttribute('title') || el.getAttribute('aria-label') || '').trim() };
}
