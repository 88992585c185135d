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

/**
 * A frame's editing hosts (an editable element whose parent is not editable, or the
 * body of a document in design mode), visible, enabled, with a unique CSS selector each.
 */
export function findEditables(args: { listedRoles: string[]; max: number; valueChars: number }): RawEditable[] {
  const listed = new Set(args.listedRoles);
  const clean = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
  const attr = (el: Element, name: string) => clean(el.getAttribute(name));
  const unique = (selector: string) => {
    try {
      return document.querySelectorAll(selector).length === 1;
    } catch {
      return false;
    }
  };
  // The shortest selector a person would write that names this element only: an id, a
  // distinctive class with the tag, else its structural path.
  const selectorOf = (el: Element): string => {
    const tag = el.tagName.toLowerCase();
    if (el === document.body) return 'body';
    if (el.id && /^[A-Za-z][\w-]*$/.test(el.id) && unique(`#${el.id}`)) return `#${el.id}`;
    for (const name of Array.from(el.classList)) {
      if (/^[A-Za-z][\w-]*$/.test(name) && unique(`${tag}.${name}`)) return `${tag}.${name}`;
    }
    return cssPath(el);
  };
  const byIds = (ids: string) => clean(ids.split(/\s+/).filter(Boolean).map((id) => document.getElementById(id)?.textContent ?? '').join(' '));
  const labelOf = (el: HTMLElement): string => {
    const forId = el.id ? Array.from(document.querySelectorAll('label')).find((label) => label.htmlFor === el.id) : undefined;
    return attr(el, 'aria-label') || byIds(el.getAttribute('aria-labelledby') ?? '') || clean(forId?.textContent) || clean(el.closest('label')?.textContent) || attr(el, 'title');
  };
  // The heading before the element in document order, searching outwards: what the editor is for.
  const headingOf = (el: Element): string => {
    for (let cur: Element | null = el; cur; cur = cur.parentElement) {
      for (let sib = cur.previousElementSibling; sib; sib = sib.previousElementSibling) {
        const found = /^H[1-6]$/.test(sib.tagName) || sib.getAttribute('role') === 'heading' ? sib : Array.from(sib.querySelectorAll('h1,h2,h3,h4,h5,h6,[role=heading]')).pop();
        if (found) return clean(found.textContent).slice(0, 80);
      }
    }
    return clean(document.title).slice(0, 80);
  };
  const visible = (el: HTMLElement) => {
    const rect = el.getBoundingClientRect();
    if (rect.width <= 0 || rect.height <= 0) return false;
    return typeof el.checkVisibility === 'function' ? el.checkVisibility({ visibilityProperty: true } as CheckVisibilityOptions) : true;
  };
  const hosts: HTMLElement[] = [];
  if (document.designMode === 'on' && document.body) hosts.push(document.body);
  for (const el of Array.from(document.querySelectorAll<HTMLElement>('[contenteditable]'))) {
    if (!el.isContentEditable || el.parentElement?.isContentEditable) continue;
    if (!hosts.includes(el)) hosts.push(el);
  }
  const out: RawEditable[] = [];
  for (const el of hosts) {
    if (out.length >= args.max) break;
    const role = el.getAttribute('role')?.trim().split(/\s+/)[0] ?? '';
    if (listed.has(role)) continue;
    if (el.getAttribute('aria-disabled') === 'true' || el.getAttribute('aria-readonly') === 'true' || el.getAttribute('aria-hidden') === 'true') continue;
    if (!visible(el)) continue;
    const owner = el.closest('form');
    out.push({
      css: selectorOf(el),
      ariaRole: role || null,
      ariaName: attr(el, 'aria-label') || byIds(el.getAttribute('aria-labelledby') ?? ''),
      label: labelOf(el),
      placeholder: attr(el, 'aria-placeholder') || attr(el, 'placeholder') || attr(el, 'data-placeholder'),
      heading: headingOf(el),
      value: clean(el.innerText).slice(0, args.valueChars),
      id: el.id,
      form: owner ? Array.from(document.forms).indexOf(owner) : -1,
      inRow: el.closest('li, tr, [role=row], [role=listitem], [role=treeitem]') !== null,
    });
  }
  return out;
}

/** An iframe element's structural path and its title. */
export function frameElement(el: Element): { selector: string; title: string } {
  return { selector: cssPath(el), title: (el.getAttribute('title') || el.getAttribute('aria-label') || '').trim() };
}
