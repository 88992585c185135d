/**
 * Identifier building blocks: words from free text (accessible names, labels, titles), camel and
 * Pascal case, and an allocator that hands out collision-free names in a fixed order.
 */

/** Words that add nothing to an identifier ("Send me the newsletter" -> sendNewsletter). */
const kStopWords = new Set(['a', 'an', 'the', 'me', 'my', 'your', 'our', 'of', 'for', 'and', 'or', 'is', 'this']);

/** Enough words to tell members apart without spelling out a sentence. */
export const kMaxNameWords = 4;

const kReserved = new Set([
  'break', 'case', 'catch', 'class', 'const', 'continue', 'debugger', 'default', 'delete', 'do', 'else', 'enum',
  'export', 'extends', 'false', 'finally', 'for', 'function', 'if', 'import', 'in', 'instanceof', 'new', 'null',
  'return', 'super', 'switch', 'this', 'throw', 'true', 'try', 'typeof', 'var', 'void', 'while', 'with', 'yield',
  'let', 'static', 'implements', 'interface', 'package', 'private', 'protected', 'public', 'await', 'async',
  'arguments', 'eval', 'page', 'expect', 'test', 'process',
]);

/** Lower-case ASCII words of `text`, splitting camelCase and dropping punctuation and accents. */
function allWords(text: string): string[] {
  const plain = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase();
  return plain.split(/[^a-z0-9]+/).filter(Boolean);
}

export function words(text: string, max = kMaxNameWords): string[] {
  const all = allWords(text);
  const meaningful = all.filter((word) => !kStopWords.has(word));
  return (meaningful.length ? meaningful : all).slice(0, max);
}

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

export function pascal(parts: string[]): string {
  return parts.map(capitalize).join('');
}

export function camel(parts: string[]): string {
  const [first, ...rest] = parts;
  return first === undefined ? '' : first + pascal(rest);
}

export function kebab(identifier: string): string {
  return allWords(identifier).join('-');
}

/** Longest identifier kept as proposed. */
const kMaxIdentifierLength = 60;

/** A valid identifier from anything: non-identifier characters dropped, no leading digit. */
export function sanitizeIdentifier(raw: string, fallback: string, style: 'camel' | 'pascal'): string {
  const trimmed = raw.trim();
  if (/^[A-Za-z][A-Za-z0-9]*$/.test(trimmed) && trimmed.length <= kMaxIdentifierLength) {
    const first = style === 'camel' ? trimmed.charAt(0).toLowerCase() : trimmed.charAt(0).toUpperCase();
    return first + trimmed.slice(1);
  }
  const parts = allWords(trimmed).slice(0, 8);
  let name = style === 'camel' ? camel(parts) : pascal(parts);
  if (!name) name = fallback;
  if (/^\d/.test(name)) name = (style === 'camel' ? 'n' : 'N') + name;
  return name;
}

/** A name usable as a parameter or local variable. */
export function safeVariable(name: string): string {
  return kReserved.has(name) ? `${name}Value` : name;
}

/** Hands out unique names: the first asker keeps `base`, later ones get `base2`, `base3`, ... */
export class NameAllocator {
  private readonly taken: Set<string>;

  constructor(reserved: Iterable<string> = []) {
    this.taken = new Set(reserved);
  }

  allocate(base: string): string {
    let name = base;
    for (let n = 2; this.taken.has(name); n++) name = `${base}${n}`;
    this.taken.add(name);
    return name;
  }
}
