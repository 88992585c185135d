import { secretPlaceholder } from './conventions.ts';
import { secretForms } from './secret-forms.ts';

/**
 * Redaction by provenance. A secret is removed where it was typed or can be an echo of typing,
 * and what the app showed before it was typed is never rewritten:
 *
 * 1. Before a secret is first typed, nothing is redacted for it: no record can hold it yet. Its
 *    occurrences in the app's own text and URLs are remembered with their surroundings (the word
 *    around it, or the characters on each side), as contexts that belong to the app.
 * 2. After it was typed, in typed positions (what an action typed, input values, request bodies,
 *    cookies) every spelling of it is replaced by `{{secret:NAME}}` (a secret shorter than
 *    `kShortSecret` only where it stands as a value of its own, not inside `admin@example.com`).
 * 3. After it was typed, elsewhere (page text, response bodies, logs) it is replaced too, except:
 *    in a context remembered in 1 (`/siteadmin.php` stays when the secret is `admin`, and so does
 *    `Default user admin.`, but not `You typed admin`); in the path of a URL (an address of the
 *    app: typed values reach URLs through the query or the fragment); and, for a secret shorter
 *    than `kShortSecret`, inside a longer word or an encoded payload, where so short a string is
 *    chance, not an echo, and in a URL query other than under a credential-like parameter
 *    (`?do=admin` stays, `?password=admin` goes).
 */

/** Below this length a secret is too likely to occur by chance inside other words. */
export const kShortSecret = 8;
/** Word characters taken on each side of an embedded occurrence to name its context. */
const kContextRun = 32;
/** Characters that keep their identity in a context (`/admin/` is not ` admin `); others read as a space. */
const kStructural = new Set(['/', '?', '=', '&', '#', '.', '@', '-', '+', ':', ';', ',', '%']);
/** An absolute URL in free text; its part before `?` or `#` is an address, never redacted. */
const kUrl = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>\\`]+/gi;
/** A relative URL in free text: a path after a space, quote, `(` or `=` (`/url: /doku.php?do=x`, `href="/a/b"`). */
const kRelativeUrl = /(?<=^|[\s"'(=])\/[^\s"'<>\\`]*/gm;

/** `all`: every spelling, typed or not, wherever it stands (what is sent to a model). */
export type RedactMode = 'shown' | 'typed' | 'all';

interface Form {
  name: string;
  form: string;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function isWord(ch: string | undefined): boolean {
  return ch !== undefined && /[\p{L}\p{N}_]/u.test(ch);
}

function charClass(ch: string | undefined): string {
  return ch !== undefined && kStructural.has(ch) ? ch : ' ';
}

/** Separator characters skipped to reach the word next to a free-standing occurrence. */
const kGap = 3;

function wordBefore(text: string, at: number): string {
  let end = at;
  while (end > 0 && at - end < kGap && !isWord(text[end - 1])) end--;
  let start = end;
  while (start > 0 && end - start < kContextRun && isWord(text[start - 1])) start--;
  return text.slice(start, end);
}

function wordAfter(text: string, at: number): string {
  let start = at;
  while (start < text.length && start - at < kGap && !isWord(text[start])) start++;
  let end = start;
  while (end < text.length && end - start < kContextRun && isWord(text[end])) end++;
  return text.slice(start, end);
}

/**
 * The context of an occurrence at [start, end): inside a word, that word (`siteadmin`); standing
 * free, the separators on each side and the neighbouring words (`user admin.` is not `typed admin`).
 */
function contextOf(text: string, start: number, end: number): { key: string; embedded: boolean } {
  let left = start;
  while (left > 0 && start - left < kContextRun && isWord(text[left - 1])) left--;
  let right = end;
  while (right < text.length && right - end < kContextRun && isWord(text[right])) right++;
  const embedded = left < start || right > end;
  const form = text.slice(start, end);
  if (embedded) return { key: ['w', text.slice(left, start), form, text.slice(end, right)].join('\u0000'), embedded };
  return { key: ['c', wordBefore(text, start), charClass(text[start - 1]), form, charClass(text[end]), wordAfter(text, end)].join('\u0000'), embedded };
}

/** Joiners inside compound tokens: `admin@example.com`, `admin.php`, `admin-panel`, `admin%40example.com`. */
const kJoiner = /[@.\-%]/;

/** The occurrence is part of a compound token: a joiner on one side with a word character beyond it. */
function inCompound(text: string, start: number, end: number): boolean {
  return (kJoiner.test(text[start - 1] ?? '') && isWord(text[start - 2])) || (kJoiner.test(text[end] ?? '') && isWord(text[end + 1]));
}

/** A string that is a path of the app on its own (`/admin/users?tab=2`, a recorded href path). */
const kPathOnly = /^\/[^\s]*$/;

interface UrlRange {
  start: number;
  /** End of the address part (scheme, host, path): before `?` or `#`. */
  pathEnd: number;
  end: number;
}

/** The URLs in `text` (absolute ones, or the whole string when it is a path of its own). */
function urlRanges(text: string): UrlRange[] {
  const ranges: UrlRange[] = [];
  const add = (start: number, url: string) => {
    const cut = url.search(/[?#]/);
    ranges.push({ start, pathEnd: start + (cut < 0 ? url.length : cut), end: start + url.length });
  };
  if (kPathOnly.test(text)) add(0, text);
  for (const match of text.matchAll(kUrl)) add(match.index, match[0]);
  for (const match of text.matchAll(kRelativeUrl)) if (!ranges.some((range) => match.index >= range.start && match.index < range.end)) add(match.index, match[0]);
  return ranges;
}

/** Query parameters that carry credentials: a short secret in a URL is redacted only under one of these (or its own name). */
const kSecretParam = /pass|pwd|secret|token|key|auth|cred|pin|otp|code/i;

/** The name of the query parameter whose value starts at `offset`, when one does. */
function queryKeyAt(text: string, offset: number, range: UrlRange): string | null {
  const head = text.slice(range.pathEnd, offset);
  const key = /[?&;#]([^=&?#;]*)=$/.exec(head);
  return key ? decodeURIComponentSafe(key[1]!) : null;
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

export interface LearnedContext {
  name: string;
  /** A short excerpt around the first occurrence, for the warning. */
  excerpt: string;
}

export class Provenance {
  private readonly values: Map<string, string>;
  private readonly forms = new Map<string, Form>();
  private readonly pattern: RegExp | null;
  private readonly typed = new Set<string>();
  private readonly contexts = new Map<string, Set<string>>();

  constructor(secrets: ReadonlyMap<string, string>, from?: Provenance) {
    this.values = new Map(secrets);
    const all: string[] = [];
    for (const [name, value] of this.values) {
      this.contexts.set(name, new Set(from?.contexts.get(name) ?? []));
      for (const form of secretForms(value)) {
        if (this.forms.has(form)) continue;
        this.forms.set(form, { name, form });
        all.push(form);
      }
    }
    all.sort((a, b) => b.length - a.length);
    this.pattern = all.length ? new RegExp(all.map(escapeRegExp).join('|'), 'gu') : null;
  }

  /** The same secrets and remembered contexts, with nothing typed yet (a trace is read from its start). */
  fork(): Provenance {
    return new Provenance(this.values, this);
  }

  get isEmpty(): boolean {
    return this.pattern === null;
  }

  get names(): string[] {
    return [...this.values.keys()];
  }

  valueOf(name: string): string | undefined {
    return this.values.get(name);
  }

  markTyped(name: string): void {
    if (this.values.has(name)) this.typed.add(name);
  }

  /** Forgets what was typed (the trace redactor steps through time with one instance). */
  clearTyped(): void {
    this.typed.clear();
  }

  isTyped(name: string): boolean {
    return this.typed.has(name);
  }

  get typedNames(): string[] {
    return [...this.typed];
  }

  /** Cheap test: does `text` hold any spelling of any secret? */
  mayContain(text: string): boolean {
    if (!this.pattern) return false;
    this.pattern.lastIndex = 0;
    const found = this.pattern.test(text);
    // matchAll copies lastIndex: leave the shared pattern at the start.
    this.pattern.lastIndex = 0;
    return found;
  }

  /** Names of the secrets with a spelling in `text`. */
  namesIn(text: string): string[] {
    if (!this.pattern) return [];
    const names = new Set<string>();
    for (const match of text.matchAll(this.pattern)) names.add(this.forms.get(match[0])!.name);
    return [...names];
  }

  /**
   * Remembers the contexts of the secrets not typed yet that occur in `text` (the app's own text
   * or URL). Returns the secrets seen in app text for the first time, with where.
   */
  learn(text: string): LearnedContext[] {
    if (!this.pattern || !text) return [];
    const first: LearnedContext[] = [];
    for (const match of text.matchAll(this.pattern)) {
      const { name } = this.forms.get(match[0])!;
      if (this.typed.has(name)) continue;
      const known = this.contexts.get(name)!;
      const wasEmpty = known.size === 0;
      known.add(contextOf(text, match.index, match.index + match[0].length).key);
      if (wasEmpty && !first.some((entry) => entry.name === name)) {
        first.push({ name, excerpt: text.slice(Math.max(0, match.index - 20), match.index + match[0].length + 20).replace(/\s+/g, ' ') });
      }
    }
    return first;
  }

  /** Secrets remembered as part of the app's own text or URLs. */
  get namesInAppText(): string[] {
    return [...this.contexts].filter(([, set]) => set.size > 0).map(([name]) => name);
  }

  /** `text` with typed secrets replaced as the rules above say; `hits` counts replacements. */
  redact(text: string, mode: RedactMode = 'shown'): { text: string; hits: number } {
    if (!this.pattern || !text || (mode !== 'all' && this.typed.size === 0)) return { text, hits: 0 };
    let hits = 0;
    let ranges: UrlRange[] | null = null;
    const out = text.replace(this.pattern, (form: string, offset: number) => {
      const { name } = this.forms.get(form)!;
      if (mode !== 'all' && !this.typed.has(name)) return form;
      if (mode === 'typed' && this.values.get(name)!.length < kShortSecret) {
        // A short secret was typed as a whole value: inside `admin@example.com` or `siteadmin` it is the app's.
        if (contextOf(text, offset, offset + form.length).embedded || inCompound(text, offset, offset + form.length)) return form;
      }
      if (mode === 'shown') {
        const end = offset + form.length;
        ranges ??= urlRanges(text);
        const url = ranges.find((range) => offset >= range.start && end <= range.end);
        if (url && end <= url.pathEnd) return form;
        const short = this.values.get(name)!.length < kShortSecret;
        if (url && short) {
          // `?do=admin` is the app's own query; `?password=admin` is a typed value sent by a form.
          const key = queryKeyAt(text, offset, url);
          if (key === null || (!kSecretParam.test(key) && key.toLowerCase() !== name.toLowerCase())) return form;
        }
        const context = contextOf(text, offset, end);
        if (this.contexts.get(name)!.has(context.key)) return form;
        if (short && (context.embedded || inCompound(text, offset, end))) return form;
      }
      hits++;
      return secretPlaceholder(name);
    });
    return { text: out, hits };
  }
}
