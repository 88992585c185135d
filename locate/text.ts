import { isHashRoute } from '../core/hash-route.ts';
/** Text helpers shared by scoring and verification: pure, no browser. */

/** Lower-case, punctuation to spaces, whitespace collapsed. */
export function normalizeText(text: string | null | undefined): string {
  return (text ?? '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The text's words, normalised (`normalizeText`), each once. */
export function wordsOf(text: string | null | undefined): Set<string> {
  return new Set(normalizeText(text ?? '').split(' ').filter(Boolean));
}

/** Jaccard similarity of the word sets, 0..1 (1 for two empty texts). */
export function tokenSimilarity(a: string | null | undefined, b: string | null | undefined): number {
  const ta = wordsOf(a);
  const tb = wordsOf(b);
  if (!ta.size && !tb.size) return 1;
  let shared = 0;
  for (const t of ta) if (tb.has(t)) shared++;
  return shared / (ta.size + tb.size - shared);
}

/**
 * The two texts read the same once numbers and punctuation are left out: the same row whose
 * counter moved ("Draft of 'New Tiddler'" and "Draft of 'New Tiddler 2'", "3 left" and "4 left").
 */
export function sameButNumbers(a: string | null | undefined, b: string | null | undefined): boolean {
  const letters = (text: string | null | undefined) => (text ?? '').toLowerCase().replace(/[^\p{L}]+/gu, '');
  const la = letters(a);
  return la.length > 0 && la === letters(b);
}

/** One text's words appear, in order, inside the other's ("Save" in "Save changes"). */
export function containsWords(a: string | null | undefined, b: string | null | undefined): boolean {
  const na = normalizeText(a);
  const nb = normalizeText(b);
  if (!na || !nb) return false;
  return ` ${nb} `.includes(` ${na} `) || ` ${na} `.includes(` ${nb} `);
}

/**
 * Values that look machine-made: long digit runs (database ids), hashed segments mixing letters and
 * digits (`email-k3f9a`, `c1x9qz`), long hex, CSS-in-JS prefixes. They change between builds.
 */
const kGeneratedPatterns = [
  /\d{4,}/,
  /(?:^|[-_:])(?=[a-z0-9]*\d)(?=[a-z0-9]*[a-z])[a-z0-9]{5,}$/i,
  /^[a-f0-9]{8,}$/i,
  /^(?:css|sc|jsx|emotion|svelte)-[a-z0-9]+/i,
  /^:r[a-z0-9]+:$/i,
];

export function looksGenerated(value: string | null | undefined): boolean {
  if (!value) return false;
  return kGeneratedPatterns.some((pattern) => pattern.test(value));
}

/**
 * A suffix that reads as a build's hash rather than a word: digits, no vowels, or a long consonant
 * run. Not a counter or a record's id (`48`, `gen48`, `12345`): those name another element each.
 */
function hashLike(segment: string): boolean {
  if (/^[a-z]*\d+$/i.test(segment)) return false;
  return /^[a-z0-9]{4,10}$/i.test(segment) && (/\d/.test(segment) || !/[aeiouy]/i.test(segment) || /[^aeiouy\d]{4}/i.test(segment));
}

/** The id without a generated-looking last segment (`email-k3f9a` -> `email`), or null. */
export function idStem(id: string): string | null {
  const match = /^(.+?)[-_:]([a-z0-9]+)$/i.exec(id);
  if (!match || !hashLike(match[2]!)) return null;
  const stem = match[1]!;
  return stem.length >= 3 && !looksGenerated(stem) ? stem : null;
}

export type IdRelation = 'equal' | 'stem' | 'different' | 'unknown';

/** How two ids relate: equal, the same stem with a generated suffix added or changed, or not. */
export function idRelation(recorded: string | null, live: string | null): IdRelation {
  if (!recorded || !live) return 'unknown';
  if (recorded === live) return 'equal';
  const stemR = idStem(recorded) ?? recorded;
  const stemL = idStem(live) ?? live;
  return stemR === stemL ? 'stem' : 'different';
}

/** A path with digit runs replaced, so `/items/46` and `/items/47` have the same shape. */
export function pathShape(path: string | null): string | null {
  return path === null ? null : path.replace(/\d+/g, '#');
}

/** The hash a link target ends in (`#/active`, `#Tasks`), from its first `#`; '' when it has none. */
function hashOf(href: string): string {
  const at = href.indexOf('#');
  return at >= 0 ? href.slice(at) : '';
}

/**
 * Two link targets made comparable. Their hashes count when they are the same, or both routes
 * (`#/active`, `#!/items/4`: another route is another place). Otherwise the hash is left out of
 * both: a fingerprint taken before hashes were kept has none, and an anchor of another name says
 * nothing on its own (a page's anchors are often made from its headings' words, or numbered).
 */
export function comparableHrefs(recorded: string | null, live: string | null): [string | null, string | null] {
  if (recorded === null || live === null) return [recorded, live];
  const [hashA, hashB] = [hashOf(recorded), hashOf(live)];
  const kept = hashA === hashB || (isHashRoute(hashA) && isHashRoute(hashB));
  const [a, b] = kept ? [recorded, live] : [recorded.slice(0, recorded.length - hashA.length), live.slice(0, live.length - hashB.length)];
  return a !== b && deploymentOnly(a, b) ? [a, a] : [a, b];
}

/** An absolute file path as a query value carries it (`/var/lib/app/db.sqlite`, `C:\data\db.sqlite`). */
const kFilePath = /^(?:\/|[A-Za-z]:[\\/])[^?#]*[\\/][^\\/]+$/;

/** The last part of a file path or a URL's path. */
function basename(value: string): string {
  return value.split(/[\\/]/).pop() ?? '';
}

/**
 * Whether two values of one query key differ only by where the app is deployed: the same file
 * under another folder (`/var/lib/app/db.sqlite`, `/srv/other/db.sqlite`), or the same address on
 * another host or port (`http://a:8080/cb`, `http://b:9090/cb`).
 */
function deployedValue(a: string, b: string): boolean {
  if (kFilePath.test(a) && kFilePath.test(b)) return basename(a) !== '' && basename(a) === basename(b);
  if (!/^https?:\/\//.test(a) || !/^https?:\/\//.test(b) || !URL.canParse(a) || !URL.canParse(b)) return false;
  const [ua, ub] = [new URL(a), new URL(b)];
  return ua.pathname + ua.search + ua.hash === ub.pathname + ub.search + ub.hash;
}

/** A query key that names a session's or a form's token (`sectok`, `_wpnonce`, `csrf_token`, `sid`). */
const kTokenKey = /tok|nonce|csrf|xsrf|^_?(sid|sig|sessid|session_?id)$/i;

/** A value a server draws at random: hex of 8 or more (letters and digits), or 16 or more of base64url with digits. */
function randomValue(value: string): boolean {
  if (/^[0-9a-f]{8,}$/i.test(value)) return /\d/.test(value) && /[a-f]/i.test(value);
  return /^[A-Za-z0-9_-]{16,}$/.test(value) && (value.match(/\d/g)?.length ?? 0) >= 2;
}

/**
 * Whether two values of a token's key are two sessions' tokens: a session's token changes with
 * every sign-in and says nothing of where the link leads. Only under a key that says so: a long
 * random value under any other key (`?item=5f3a...`, a record's id) names another record.
 */
function sessionValue(key: string, a: string, b: string): boolean {
  return kTokenKey.test(key) && randomValue(a) && randomValue(b);
}

/**
 * Whether two link targets differ only by the deployment's own paths, hosts and ports in their
 * query values, or by a session's token: the same path and keys, and each value that differs is
 * the same file or address where the server keeps or serves it now, or a token drawn for another
 * session (`&sectok=...`). Another deployment or sign-in of the app is no other link.
 */
export function deploymentOnly(recorded: string, live: string): boolean {
  const base = 'http://deployment.invalid/';
  if (!URL.canParse(recorded, base) || !URL.canParse(live, base)) return false;
  const [a, b] = [new URL(recorded, base), new URL(live, base)];
  if (a.origin !== b.origin || a.pathname !== b.pathname || a.hash !== b.hash) return false;
  const [qa, qb] = [[...a.searchParams], [...b.searchParams]];
  if (qa.length !== qb.length || qa.some(([key], i) => qb[i]![0] !== key)) return false;
  const differing = qa.map(([key, value], i) => [key, value, qb[i]![1]] as const).filter(([, x, y]) => x !== y);
  return differing.length > 0 && differing.every(([key, x, y]) => deployedValue(x, y) || sessionValue(key, x, y));
}

/** The longest container text a fingerprint keeps (`kMaxContainerText` in core/fingerprint/probe.ts). */
export const kMaxRowText = 100;

/**
 * A row text as whole words: one at the fingerprint's length limit may end in a word cut short
 * ("... the overseas partn"), which is dropped so the rest is found and compared as words.
 */
export function wholeWords(text: string): string {
  if (text.length < kMaxRowText) return text;
  const cut = text.lastIndexOf(' ');
  return cut > 0 ? text.slice(0, cut) : text;
}

/** How much of a text a message shows. */
const kExcerptChars = 40;
/** Words of the shared start kept before the first difference, so the excerpt reads in place. */
const kExcerptLeadWords = 2;

/**
 * Excerpts of two texts for a message, from where they start to differ (with a few shared words
 * before it), so two long texts that share their first words do not print as the same:
 * ("Get a plant path ... Content type", "Get a plant path ... Inhalt typ") -> ("… integer Content
 * type", "… integer Inhalt typ"). Texts that differ from their first word are shown from there.
 */
export function differingExcerpts(a: string, b: string, chars = kExcerptChars): [string, string] {
  const [wa, wb] = [a.split(/\s+/).filter(Boolean), b.split(/\s+/).filter(Boolean)];
  let same = 0;
  while (same < wa.length && same < wb.length && wa[same] === wb[same]) same++;
  const from = Math.max(0, same - kExcerptLeadWords);
  const excerpt = (words: string[]) => {
    const text = words.slice(from).join(' ');
    return `${from > 0 ? '… ' : ''}${text.length > chars ? `${text.slice(0, chars)}…` : text}`;
  };
  return [excerpt(wa), excerpt(wb)];
}

