/**
 * Words a page changed by itself while nothing acted on it (a clock, "3 s ago", a counter a poll
 * updates), kept as their shapes: the word with each run of digits written `#` (`14:38:17` ->
 * `#:#:#`, `573ms` -> `#ms`). A shape was seen changing on that page, so any word of that shape
 * there is the page's clock or counter, not what an element is: replay, generate and heal compare
 * texts with such words set aside (`steadyText`). Words without a digit are kept as they are.
 */

/** A changing word longer than this is a sentence run together, not a value: not kept. */
const kMaxWord = 40;
/** Shapes kept per page at most: a page that rewrites everything by itself is not made of clocks. */
export const kMaxShapes = 24;
/** What a volatile word reads as in a steady text. */
export const kVolatileMark = '#';

/** The words of a text as the page shows them, split at white space. */
function wordsOf(text: string): string[] {
  return text.split(/\s+/).filter(Boolean);
}

/** A word's shape: its digit runs as `#`, letters lower-cased; null for a word with no digit or too long. */
export function wordShape(word: string): string | null {
  if (word.length > kMaxWord) return null;
  const bare = word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
  if (!/\d/.test(bare)) return null;
  return bare.toLowerCase().replace(/\d+/g, '#');
}

/**
 * The shapes of the words that one text change replaced: the words of `before` that `after` no
 * longer holds and the words it holds instead, both sides shown (text that only appeared or only
 * went is content arriving or leaving, not a value changing). Only words with a digit count.
 */
export function changedShapes(before: string, after: string): string[] {
  const [a, b] = [wordsOf(before), wordsOf(after)];
  if (!a.length || !b.length) return [];
  const [inA, inB] = [new Set(a), new Set(b)];
  const gone = a.filter((w) => !inB.has(w));
  const came = b.filter((w) => !inA.has(w));
  if (!gone.length || !came.length) return [];
  return [...new Set([...gone, ...came].map(wordShape).filter((s): s is string => s !== null))];
}

/** `text` with every word whose shape is one of `shapes` written as `#`; unchanged without shapes. */
export function steadyText(text: string, shapes: readonly string[] | undefined): string;
export function steadyText(text: string | null, shapes: readonly string[] | undefined): string | null;
export function steadyText(text: string | null, shapes: readonly string[] | undefined): string | null {
  if (text === null || !shapes?.length) return text;
  const known = new Set(shapes);
  return text.replace(/\S+/g, (word) => {
    const shape = wordShape(word);
    return shape !== null && known.has(shape) ? kVolatileMark : word;
  });
}

/** The parts of a steady text between its volatile words: what must still be on the page. */
export function steadyParts(text: string): string[] {
  return text.split(/(?:^|\s)#(?=\s|$)/).map((s) => s.trim()).filter(Boolean);
}

/** The texts an element is compared by. */
interface Texts {
  name: string;
  text: string | null;
  nearbyText: string | null;
  container: { text: string | null } | null;
}

/** An element (recorded or live) with the words of `shapes` set aside in the texts it is compared by. */
export function steadyElement<T extends Texts>(el: T, shapes: readonly string[] | undefined): T {
  if (!shapes?.length) return el;
  return {
    ...el,
    name: steadyText(el.name, shapes),
    text: steadyText(el.text, shapes),
    nearbyText: steadyText(el.nearbyText, shapes),
    container: el.container && { ...el.container, text: steadyText(el.container.text, shapes) },
  };
}
