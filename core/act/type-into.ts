import type { ElementHandle, Locator } from 'playwright';
import { inPage } from '../in-page.ts';
import type { HeldText } from '../in-page/held-text.ts';
import type { LiveState } from '../in-page/live-state.ts';
import { typedTextProblem } from './editable.ts';

/**
 * Typing into a field or a rich-text editor, as capture and replay both do it. The element is
 * taken once, before the first key, and read back from that element afterwards: an editor may
 * rename what was typed into as it takes the text (a block editor's "Empty block; start writing"
 * becomes "Paragraph block"), so the locator that found it finds nothing once it holds text.
 *
 * A field is filled. So is an editor, unless the text has line breaks: an editor makes its new
 * line or block when Enter is pressed (a block editor splits the block on the key), not when a
 * line break arrives as inserted text, so multi-line text is typed key by key with each `\n`
 * pressed as Enter, into wherever the editor puts the caret (a new block) after the first key.
 * Appending puts the caret at the editor's end first and types key by key.
 */

export interface TypeOptions {
  /** Append to what the field holds (`clear: false`) instead of replacing it. */
  append: boolean;
  timeout?: number;
  /** Runs the bookkeeping around the typing (taking the element, reading it): capture keeps it out of its trace. */
  quietly?: <T>(fn: () => Promise<T>) => Promise<T>;
}

export interface Typed {
  /** The element typed into, as it was found before the first key. */
  element: ElementHandle;
  /** Whether it is a rich-text editor (a `contenteditable` region), whose text is read back. */
  editable: boolean;
}

/** Tags of form fields, whose value is what was typed; anything else typed into is an editor. */
const kFieldTags = new Set(['input', 'textarea', 'select']);

export function isFieldTag(tag: string | null | undefined): boolean {
  return kFieldTags.has(tag ?? '');
}

/** Line breaks in typed text, pressed as Enter in an editor. */
const kLineBreak = /\r?\n/;

export async function typeInto(target: Locator, text: string, options: TypeOptions): Promise<Typed> {
  const quietly = options.quietly ?? ((fn) => fn());
  const timeout = options.timeout;
  const { append } = options;
  const element = await quietly(() => target.elementHandle({ timeout }));
  const editable = await quietly(async () => element.evaluate(await inPage.fn('editable'), append));
  // The first action goes through the locator (the trace names the element by it); it resolves
  // the element once, and the keys it types after that go to the focused element.
  if (append) await target.pressSequentially(text, { timeout });
  else if (editable && kLineBreak.test(text)) {
    await target.fill('', { timeout });
    await target.page().keyboard.type(text.replace(/\r\n/g, '\n'));
  } else await target.fill(text, { timeout });
  return { element, editable };
}

/** Where the text typed into `typed` is now (core/in-page/held-text.ts); null when it cannot be read. */
export async function readHeld(typed: Typed): Promise<HeldText | null> {
  return typed.element.evaluate(await inPage.fn('heldText')).catch(() => null);
}

/** The state of the element typed into, its editor's text read where it is; null when it is gone. */
export async function heldStateOf(typed: Typed): Promise<LiveState | null> {
  return typed.element.evaluate(await inPage.fn('heldState')).catch(() => null);
}

/**
 * Null when the editor typed into holds the text, else why not: the element's own text compared
 * whole (or its end, appended), the text read where the editor moved it holding it as a part.
 */
export async function typedProblem(typed: Typed, text: string, append: boolean): Promise<string | null> {
  const held = await readHeld(typed);
  if (!held) return 'the editor typed into left the page and no editor has the focus: what it holds cannot be read back';
  return typedTextProblem(held.text, text, held.where !== 'element' ? 'within' : append ? 'end' : 'whole');
}
