/**
 * A count or a measure an app writes into a control's name, in parentheses ("Inbox (3)",
 * "Destination folder (81.5 GB Free):"), changes while the control stays the same: a locator or
 * an identifier spelling it breaks with the next message or the next download. What comes before
 * it names the control for good.
 */

/** A parenthesized group with a digit in it. */
const kCountGroup = /\s*\([^()]*\d[^()]*\)/u;
/** Punctuation left dangling once the group is cut off (`Destination folder:` -> `Destination folder`). */
const kTrailing = /[\s:;,.–—-]+$/u;

/** The part of `name` before its first parenthesized count, when the name has one and words are left; else null. */
export function steadyName(name: string): string | null {
  const at = name.search(kCountGroup);
  if (at < 0) return null;
  const stem = name.slice(0, at).replace(kTrailing, '').trim();
  return /\p{L}/u.test(stem) ? stem : null;
}
