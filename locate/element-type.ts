import type { Fingerprint } from '../core/schema/history.ts';
import type { LiveFeatures } from './scoring.ts';

/** The type an element behaves as, and how a recorded and a live element's types relate. */

/** The input types a browser knows: any other value, or none, makes a text input. */
const kInputTypes = new Set(['button', 'checkbox', 'color', 'date', 'datetime-local', 'email', 'file', 'hidden', 'image', 'month', 'number',
  'password', 'radio', 'range', 'reset', 'search', 'submit', 'tel', 'text', 'time', 'url', 'week']);

/**
 * The type an element behaves as: the attribute, or the HTML default where it is missing or
 * unknown (`<input>` is a text input, `<button>` a submit button). Null for elements without one.
 */
export function effectiveType(tag: string, type: string | null): string | null {
  const value = type?.trim().toLowerCase() || null;
  if (tag === 'input') return value && kInputTypes.has(value) ? value : 'text';
  if (tag === 'button') return value === 'button' || value === 'reset' ? value : 'submit';
  return value;
}

/**
 * How the recorded and live types relate, defaults applied: a missing attribute is not a
 * contradiction of the type it defaults to. A `<button>` without a type submits inside a form and
 * does nothing outside one, so it agrees with an explicit `submit` and with an explicit `button`.
 * `none`: neither element has a type to compare.
 */
export function typeRelation(fp: Fingerprint, live: LiveFeatures): 'equal' | 'compatible' | 'different' | 'none' {
  const [a, b] = [effectiveType(fp.tag, fp.type), effectiveType(live.tag, live.type)];
  if (a === null || b === null) return fp.type || live.type ? 'different' : 'none';
  if (a === b) return 'equal';
  const untypedButton = (tag: string, type: string | null) => tag === 'button' && !type?.trim();
  const plainOrSubmit = (t: string | null) => t === 'submit' || t === 'button';
  if (fp.tag === 'button' && live.tag === 'button' && plainOrSubmit(a) && plainOrSubmit(b) && (untypedButton(fp.tag, fp.type) || untypedButton(live.tag, live.type))) return 'compatible';
  return 'different';
}

