import { mainHeading } from './heading.ts';

export interface LiveState {
  value: string | null;
  /** The value is a rich-text editor's text (`innerText`), compared by its lines. */
  editable?: boolean;
  /**
   * The value is the text of an editor around what was typed (the editor moved the caret to
   * another block as it took the text, see held-text.ts): it holds the typed text as a part of it.
   */
  within?: boolean;
  checked: boolean | null;
  selected: string[] | null;
}

/** The element's value, checked state and selected options. */
export function liveState(el: Element): LiveState {
  const input = el as HTMLInputElement;
  // By tag, not `instanceof` a page global: a page may replace those (MooTools replaces Element).
  const select = el.localName === 'select' ? (el as HTMLSelectElement) : null;
  const editable = !('value' in input) && (el as HTMLElement).isContentEditable;
  return {
    value: 'value' in input ? String(input.value) : editable ? (el as HTMLElement).innerText : null,
    ...(editable ? { editable } : {}),
    checked: input.type === 'checkbox' || input.type === 'radio' ? input.checked : el.getAttribute('aria-checked') === null ? null : el.getAttribute('aria-checked') === 'true',
    selected: select ? Array.from(select.selectedOptions).flatMap((o) => [o.label, o.value]) : null,
  };
}

/** `liveState` of the only element, else null. */
export function liveStateOfOne(els: Element[]): LiveState | null {
  return els.length === 1 ? liveState(els[0]!) : null;
}

/** `liveState` and the page's main heading, in one evaluation. */
export function liveStateWithHeading(el: Element): { live: LiveState; heading: string | null } {
  return { live: liveState(el), heading: mainHeading() };
}
