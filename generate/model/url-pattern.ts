/**
 * URL patterns: the path of a URL with id-like segments (numbers, uuids, hashes, long tokens)
 * replaced by named parameters, so `/items/42` and `/items/7` are one page, `/items/:itemId`.
 */

const kNumeric = /^\d+$/;
const kUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Hex hashes: at least 8 hex digits with at least one digit (so plain words like `deadbeef` stay). */
const kHexHash = /^(?=[^\d]*\d)[0-9a-f]{8,}$/i;
/** Opaque tokens: long runs of letters and digits mixing both (session keys, base64 ids). */
const kToken = /^(?=.*\d)(?=.*[a-z])[A-Za-z0-9_-]{20,}$/i;

export function isIdLikeSegment(segment: string): boolean {
  const decoded = safeDecode(segment);
  return kNumeric.test(decoded) || kUuid.test(decoded) || kHexHash.test(decoded) || kToken.test(decoded);
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export interface UrlPattern {
  /** e.g. `/items/:itemId/edit`. */
  pattern: string;
  params: string[];
}

/** `items` -> `item`: enough English for parameter names. */
function singular(word: string): string {
  if (/ies$/i.test(word)) return word.slice(0, -3) + 'y';
  if (/(ss|us)$/i.test(word)) return word;
  if (/s$/i.test(word)) return word.slice(0, -1);
  return word;
}

function paramName(previous: string | undefined, taken: Set<string>): string {
  const base = previous && /^[a-z][a-z0-9-]*$/i.test(previous)
    ? singular(previous).replace(/-([a-z0-9])/gi, (_, c: string) => c.toUpperCase()) + 'Id'
    : 'id';
  let name = base.charAt(0).toLowerCase() + base.slice(1);
  for (let n = 2; taken.has(name); n++) name = `${base}${n}`;
  taken.add(name);
  return name;
}

/** The pattern of a URL's path; `url` may be absolute or a path. */
export function urlPattern(url: string): UrlPattern {
  const pathname = pathOf(url);
  const segments = pathname.split('/');
  const params: string[] = [];
  const taken = new Set<string>();
  const out = segments.map((segment, i) => {
    if (!segment || !isIdLikeSegment(segment)) return segment;
    const name = paramName(segments[i - 1], taken);
    params.push(name);
    return `:${name}`;
  });
  return { pattern: out.join('/') || '/', params };
}

export function pathOf(url: string): string {
  try {
    return new URL(url, 'http://placeholder.invalid').pathname;
  } catch {
    return url.split(/[?#]/)[0] || '/';
  }
}

/** Path, query and hash of `url` when it is on `origin`, else the URL itself. */
/**
 * A URL on the app (one of `origins`: where the runs started) as a path, so generated code follows
 * the test's baseURL; other URLs stay absolute.
 */
export function relativeToOrigin(url: string, origins: string | ReadonlySet<string>): string {
  try {
    const parsed = new URL(url);
    const onApp = typeof origins === 'string' ? parsed.origin === origins : origins.has(parsed.origin);
    return onApp ? `${parsed.pathname}${parsed.search}${parsed.hash}` : url;
  } catch {
    return url;
  }
}

export function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return 'http://127.0.0.1';
  }
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** A regular expression source matching any URL of the pattern (any origin, any query or hash). */
export function patternRegexSource(pattern: string): string {
  const body = pattern
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/?#]+' : escapeRegex(segment)))
    .join('\\/');
  return `^[a-z]+:\\/\\/[^/]+${body}(?:[?#].*)?$`;
}
