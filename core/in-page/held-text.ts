import { liveState, type LiveState } from './live-state.ts';

/**
 * Where the text typed into an editor is, read after the typing from the element typed into (its
 * handle, which outlives a rename) rather than through a locator: a block editor may rename the
 * block as it takes text ("Empty block; start writing" becomes "Paragraph block"), replace the
 * node with a new one and move the caret there, or put each typed line in a block of its own.
 */

export interface HeldText {
  text: string;
  /**
   * `element`: the element typed into holds the text (its `innerText`); `focused`: it left the
   * page and the text is read from the editor that now has the focus (its editable root);
   * `around`: the caret moved to another block, and the text is read from the nearest element
   * holding both (the typed text is then a part of it).
   */
  where: 'element' | 'focused' | 'around';
}

/** The outermost element of the run of editable elements `el` is in: its editor's root. */
function editableRoot(el: Element): HTMLElement | null {
  let root = (el as HTMLElement).isContentEditable ? (el as HTMLElement) : null;
  while (root?.parentElement?.isContentEditable) root = root.parentElement;
  return root;
}

/** The editable root of the element that has the focus in `doc` (through open shadow roots), else null. */
function focusedEditable(doc: Document): HTMLElement | null {
  let active = doc.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active ? editableRoot(active) : null;
}

/** The text an editor holds after typing into `el`, and where it was read; null when nothing holds it (gone, and no editor has the focus). */
export function heldText(el: Element): HeldText | null {
  const focused = focusedEditable(el.ownerDocument);
  const own = (el as HTMLElement).innerText;
  if (el.isConnected && (!focused || focused === el || el.contains(focused) || focused.contains(el))) return { text: own, where: 'element' };
  if (!focused) return null;
  if (!el.isConnected) return { text: focused.innerText, where: 'focused' };
  let around = el.parentElement;
  while (around && !around.contains(focused)) around = around.parentElement;
  return around ? { text: (around as HTMLElement).innerText, where: 'around' } : null;
}

/**
 * `liveState` of the element acted on, an editor's value read where its text is (`heldText`);
 * null when an editor's text is nowhere to be read, or a field left the page.
 */
export function heldState(el: Element): LiveState | null {
  const state = liveState(el);
  if (!state.editable) return el.isConnected ? state : null;
  const held = heldText(el);
  return held && { ...state, value: held.text, ...(held.where === 'element' ? {} : { within: true }) };
}
