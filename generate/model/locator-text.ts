/**
 * Text a locator may match. Pages shorten long names to fit (`Quarterly report for the…`), and
 * the shortened form is not the element's name: `{ name: 'Quarterly report for the…', exact: true }`
 * matches nothing once the page lays out differently. What is left before the ellipsis is matched
 * as a substring instead, when it is long enough to mean something.
 */

/** Fewer characters than a short word match almost anything as a substring. */
export const kMinShortenedChars = 4;

export interface LocatorText {
  value: string;
  exact: boolean;
}

/** Where the page cut `text`: at its first `…`, or at `...` that ends it; -1 when it did not. */
function cutAt(text: string): number {
  const ellipsis = text.indexOf('…');
  if (ellipsis >= 0) return ellipsis;
  const dots = /\.{3,}\s*$/.exec(text);
  return dots ? dots.index : -1;
}

export function isShortened(text: string): boolean {
  return cutAt(text) >= 0;
}

/**
 * The text and exactness a locator uses for `text` as the page showed it: unchanged when whole,
 * the start as a substring when shortened, null when too little of it is left.
 */
export function locatorText(text: string, exact: boolean): LocatorText | null {
  const at = cutAt(text);
  if (at < 0) return { value: text, exact };
  const start = text.slice(0, at).replace(/[\s.]+$/, '');
  return [...start].length >= kMinShortenedChars && /[\p{L}\p{N}]/u.test(start) ? { value: start, exact: false } : null;
}

/**
 * An identifier an app generated (a UUID, also the start of one a text was cut in, a long hex
 * digest) inside a text: it names one record of one run, so a locator matches the text before it
 * (row-probe.ts keeps its own copy, in the page).
 */
export const kGeneratedId = /(?<![0-9a-z])(?=[0-9-]*[a-f])[0-9a-f]{8}-[0-9a-f]{4}(?:-[0-9a-f]{1,4}){0,2}(?:-[0-9a-f]{0,12})?|(?<![0-9a-z])(?=[a-z]*\d)[0-9a-f]{16,}(?![0-9a-z])/i;
