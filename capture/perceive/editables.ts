import type { Frame, Page } from 'playwright';
import { inPage } from '../../core/in-page.ts';
import type { RawEditable } from '../../core/in-page/editables.ts';
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

export type { RawEditable } from '../../core/in-page/editables.ts';

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
    const read = await element.evaluate(await inPage.fn('frameElement')).catch(() => null);
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
    const raw = await withTimeout(frame.evaluate(await inPage.fn('findEditables'), { listedRoles: [...kListedRoles], max: kMaxEditables, valueChars: kValueChars }), kFrameTimeoutMs).catch(() => null);
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
