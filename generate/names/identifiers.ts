import { ts } from '../ts-morph.ts';

/**
 * Identifier building blocks: words from free text (accessible names, labels, titles, file names,
 * in any script), camel and Pascal case, and an allocator that hands out collision-free names in
 * a fixed order. What is a letter of an identifier is TypeScript's own rule, asked of its scanner.
 */

/** Words that add nothing to an identifier ("Send me the newsletter" -> sendNewsletter). */
const kStopWords = new Set(['a', 'an', 'the', 'me', 'my', 'your', 'our', 'of', 'for', 'and', 'or', 'is', 'this']);

/** Enough words to tell members apart without spelling out a sentence. */
export const kMaxNameWords = 4;

/** Scripts written without spaces (Chinese, Japanese) make one word of a sentence: keep its start. */
const kMaxWordChars = 24;

/** Words generated code must not use for a variable, a parameter or a function. */
const kReserved = new Set([
  'break', 'case', 'catch', 'class', 'const', 'continue', 'debugger', 'default', 'delete', 'do', 'else', 'enum',
  'export', 'extends', 'false', 'finally', 'for', 'function', 'if', 'import', 'in', 'instanceof', 'new', 'null',
  'return', 'super', 'switch', 'this', 'throw', 'true', 'try', 'typeof', 'var', 'void', 'while', 'with', 'yield',
  'let', 'static', 'implements', 'interface', 'package', 'private', 'protected', 'public', 'await', 'async',
  'arguments', 'eval', 'undefined', 'page', 'expect', 'test', 'process',
]);

const kTarget = ts.ScriptTarget.ESNext;

/** A character that may continue an identifier; `_` and `$` separate words here. */
function isWordChar(char: string): boolean {
  return char !== '_' && char !== '$' && ts.isIdentifierPart(char.codePointAt(0)!, kTarget);
}

/** TypeScript's rule: a letter (of any script), `_` or `$` first, then those, digits and marks. */
export function isIdentifier(text: string): boolean {
  const [first, ...rest] = [...text].map((char) => char.codePointAt(0)!);
  return first !== undefined && ts.isIdentifierStart(first, kTarget) && rest.every((code) => ts.isIdentifierPart(code, kTarget));
}

/**
 * Lower-case words of `text` in any script: camelCase split, accents dropped from Latin letters
 * (the marks of other scripts are part of their letters), everything an identifier cannot hold
 * (punctuation, emoji, spaces) a separator.
 */
function allWords(text: string): string[] {
  const plain = text
    .normalize('NFKD')
    .replace(/(\p{Script=Latin})\p{M}+/gu, '$1')
    .normalize('NFC')
    .replace(/([\p{Ll}\p{Lo}\p{N}])(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{Lu}+)(\p{Lu}\p{Ll})/gu, '$1 $2')
    .toLowerCase();
  const found: string[] = [];
  let word = '';
  for (const char of plain) {
    if (isWordChar(char)) word += char;
    else if (word) {
      found.push(word);
      word = '';
    }
  }
  if (word) found.push(word);
  return found.map((w) => [...w].slice(0, kMaxWordChars).join(''));
}

/** A version or a decimal: digits with dots between them (`2.1.1`, `v1.2`, `3.50`). */
const kDottedNumber = /\bv?\d+(?:\.\d+)+\b/gi;

/**
 * The first half of words that say the same thing twice (`Resume Resume`: an icon's alt text and
 * the caption beside it, both in the accessible name); other words as they are.
 */
function halfOfRepeat(all: string[]): string[] {
  const half = all.length / 2;
  return Number.isInteger(half) && half > 0 && all.slice(0, half).join(' ') === all.slice(half).join(' ') ? all.slice(0, half) : all;
}

/**
 * The words that name `text`, at most `max`, stop words left out when others remain. A name never
 * starts with a number: leading numbers move to the end (`03 switch mode` -> switch mode 03).
 */
export function words(text: string, max = kMaxNameWords): string[] {
  // A dotted number is a version or a measure (`Deluge WebUI 2.1.1`, `3.50 EUR`): it changes with
  // the release or the data, and names nothing; kept only when nothing else is left.
  const undotted = allWords(text.replace(kDottedNumber, ' '));
  const all = halfOfRepeat(undotted.length ? undotted : allWords(text));
  const meaningful = all.filter((word) => !kStopWords.has(word));
  const kept = (meaningful.length ? meaningful : all).slice(0, max);
  // A word made of identifier characters is an identifier unless it starts with a digit or a mark.
  const lead = kept.findIndex(isIdentifier);
  return lead <= 0 ? kept : [...kept.slice(lead), ...kept.slice(0, lead)];
}

/**
 * The words of a key combination (`Control+a` -> control, a; `ArrowDown` -> arrow, down): every key
 * is one, a letter key included, which `words` would leave out as the article "a".
 */
export function keyWords(keys: string): string[] {
  return allWords(keys.replace(/\+/g, ' '));
}

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** Letters without case (Arabic, Chinese, Hebrew, Thai): capitals cannot mark where their words meet. */
const kCaseless = /^\p{Lo}/u;

/** Joins words, with `_` where two words without case would otherwise run together. */
function join(parts: string[]): string {
  return parts.reduce((name, part) => name + (kCaseless.test([...name].pop() ?? '') && kCaseless.test(part) ? '_' : '') + part, '');
}

export function pascal(parts: string[]): string {
  return join(parts.map(capitalize));
}

export function camel(parts: string[]): string {
  const [first, ...rest] = parts;
  return first === undefined ? '' : join([first, ...rest.map(capitalize)]);
}

export function kebab(identifier: string): string {
  return allWords(identifier).join('-');
}

/** Longest identifier kept as proposed. */
const kMaxIdentifierLength = 60;

/** `SignIn` -> `signIn`, `TEXT` -> `text`, `URLField` -> `urlField`: a leading run of capitals is one word. */
function lowerLead(name: string): string {
  const run = /^\p{Lu}+/u.exec(name)?.[0] ?? '';
  if (run.length === name.length) return name.toLowerCase();
  if (run.length <= 1) return name.charAt(0).toLowerCase() + name.slice(1);
  // In `URLField` the last capital of the run starts the next word; in `URL2` none does.
  const cut = /\p{Ll}/u.test(name.charAt(run.length)) ? run.length - 1 : run.length;
  return name.slice(0, cut).toLowerCase() + name.slice(cut);
}

/**
 * A valid identifier from anything: a proposal, a derived name, a file name, a title in any
 * script. Non-identifier characters are dropped, leading numbers move to the end; `fallback` (a
 * valid identifier) stands in when nothing usable is left.
 */
export function sanitizeIdentifier(raw: string, fallback: string, style: 'camel' | 'pascal'): string {
  const trimmed = raw.trim();
  if (isIdentifier(trimmed) && !trimmed.includes('_') && !trimmed.includes('$') && [...trimmed].length <= kMaxIdentifierLength) {
    return style === 'camel' ? lowerLead(trimmed) : capitalize(trimmed);
  }
  const parts = words(trimmed, 8);
  const name = style === 'camel' ? camel(parts) : pascal(parts);
  return isIdentifier(name) ? name : fallback;
}

/** A name usable as a parameter, a local variable or a function: reserved words get `suffix`. */
export function safeVariable(name: string, suffix = 'Value'): string {
  return kReserved.has(name) ? `${name}${suffix}` : name;
}

/** The variable holding an instance of `className`: `loginPage`, or `theЛогинPage` for scripts without case. */
export function instanceName(className: string): string {
  const lowered = lowerLead(className);
  return lowered === className ? `the${className}` : lowered;
}

/** Hands out unique names: the first asker keeps `base`, later ones get `base2`, `base3`, ... */
export class NameAllocator {
  private readonly taken: Set<string>;

  /** `keyOf` says when two names clash: file names that differ only in case do on some file systems. */
  constructor(reserved: Iterable<string> = [], private readonly keyOf: (name: string) => string = (name) => name) {
    this.taken = new Set([...reserved].map(keyOf));
  }

  /** Whether `name` is taken already. */
  has(name: string): boolean {
    return this.taken.has(this.keyOf(name));
  }

  allocate(base: string): string {
    let name = base;
    for (let n = 2; this.taken.has(this.keyOf(name)); n++) name = `${base}${n}`;
    this.taken.add(this.keyOf(name));
    return name;
  }
}
