import type { Frame, Page } from 'playwright';
import { cssPathInPage } from '../../core/fingerprint/probe.ts';
import { composeInPage } from '../../core/in-page.ts';
import type { ElementInfo, ElementPath } from '../types.ts';
import { elementKey } from './compact.ts';

/**
 * Rich-text editors the aria snapshot leaves out. Playwright's ai-mode snapshot prunes a
 * `contenteditable` region that has no role and no name (the editing area of most rich editors),
 * so it gets no ref and no place in the element list. They are found in the DOM of the page and of
 * its frames (editors often live in an iframe whose body is editable), and listed as text fields
 * addressed by a CSS path, verified unique, instead of a ref.
 */

/** Roles the element list already shows (the snapshot gives them a ref): not listed twice. */
const kListedRoles = new Set(['textbox', 'searchbox', 'combobox', 'spinbutton']);
/** A page with more editors than this is a list of editable items; the first ones stand for them. */
const kMaxEditables = 20;
/** Frames searched: the page's own and its frames, nested this deep at most. */
const kMaxFrameDepth = 3;
const kMaxFrames = 20;
/** Per frame; a frame that does not answer is left out of this look. */
const kFrameTimeoutMs = 1_000;
const kValueChars = 200;

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
 * Runs in a frame: its editing hosts (an editable element whose parent is not editable, or the
 * body of a document in design mode), visible, enabled, with a unique CSS selector each.
 */
export function findEditablesInPage(args: { listedRoles: string[]; max: number; valueChars: number }, structural: (el: Element) => string): RawEditable[] {
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
    return structural(el);
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

/** `findEditablesInPage` with the structural CSS path fingerprints use, rebuilt for the page. */
const kFindEditables = composeInPage<(args: Parameters<typeof findEditablesInPage>[0]) => RawEditable[]>(['args'], { find: findEditablesInPage, path: cssPathInPage },
  'return find(args, path);');
/** Runs in the page: an iframe element's structural path and its title. */
const kFrameElement = composeInPage<(el: Element) => { selector: string; title: string }>(['el'], { path: cssPathInPage },
  "return { selector: path(el), title: (el.getAttribute('title') || el.getAttribute('aria-label') || '').trim() };");

function depthOf(frame: Frame): number {
  let depth = 0;
  for (let cur = frame.parentFrame(); cur; cur = cur.parentFrame()) depth++;
  return depth;
}

/** The CSS paths of the iframes from the page down to `frame`; null when one cannot be read. */
async function framePath(frame: Frame): Promise<{ frames: string[]; title: string } | null> {
  const frames: string[] = [];
  let title = '';
  for (let cur: Frame | null = frame; cur?.parentFrame(); cur = cur.parentFrame()) {
    const element = await cur.frameElement().catch(() => null);
    if (!element) return null;
    const read = await element.evaluate(kFrameElement).catch(() => null);
    await element.dispose();
    if (!read) return null;
    frames.unshift(read.selector);
    // The innermost frame's own title names the editor best.
    title ||= read.title;
  }
  return { frames, title };
}

/** Editors found in one frame, with where they are from the page. */
export interface FoundEditable extends RawEditable {
  path: ElementPath;
  /** The iframe's title (TinyMCE's "Rich Text Area") when the editor is a frame's document. */
  frameTitle: string;
  /** Which frame (`iframe <css>`), null for the page's own document. */
  container: string | null;
}

/** The page's editing hosts the aria snapshot does not list, main document first. */
export async function findEditables(page: Page): Promise<FoundEditable[]> {
  const frames = page.frames().filter((frame) => !frame.isDetached() && depthOf(frame) <= kMaxFrameDepth).slice(0, kMaxFrames);
  const found = await Promise.all(frames.map(async (frame) => {
    const raw = await withTimeout(frame.evaluate(kFindEditables, { listedRoles: [...kListedRoles], max: kMaxEditables, valueChars: kValueChars }), kFrameTimeoutMs).catch(() => null);
    if (!raw?.length) return [];
    const where = frame === page.mainFrame() ? { frames: [], title: '' } : await framePath(frame);
    if (!where) return [];
    return raw.map((editable): FoundEditable => ({
      ...editable,
      path: { frames: where.frames, css: editable.css, ariaRole: editable.ariaRole, ariaName: editable.ariaName },
      frameTitle: where.title,
      container: where.frames.length ? `iframe ${where.frames[where.frames.length - 1]}` : null,
    }));
  }));
  return found.flat().slice(0, kMaxEditables);
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, expired]).finally(() => clearTimeout(timer));
}

/** The element-list entries for found editors, numbered from `firstIndex`. Pure. */
export function editableElements(found: readonly FoundEditable[], options: { firstIndex: number; previousKeys: ReadonlySet<string> | null; details: boolean }): ElementInfo[] {
  return found.map((editable, i) => {
    const name = editable.label || editable.frameTitle;
    const attributes: Record<string, string> = { editable: 'rich text' };
    if (editable.placeholder) attributes.placeholder = editable.placeholder;
    if (!name && editable.heading) attributes.under = editable.heading;
    if (editable.value) attributes.value = editable.value;
    const partial = { role: 'textbox', name, container: editable.container };
    return {
      index: options.firstIndex + i,
      ref: '',
      ...partial,
      tag: editable.css === 'body' ? 'body' : 'div',
      attributes,
      isNew: options.previousKeys ? !options.previousKeys.has(elementKey(partial)) : false,
      path: editable.path,
      ...(options.details ? { details: {
        type: 'contenteditable', nameAttr: '', id: editable.id, autocomplete: '',
        // What the editor is for, when nothing names it: the heading above it.
        label: editable.label || editable.placeholder || editable.heading,
        form: editable.form < 0 ? null : `${editable.container ?? ''}#${editable.form}`,
        inRow: editable.inRow,
      } } : {}),
    };
  });
}
