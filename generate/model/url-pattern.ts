import { writtenHashRoute } from '../../core/hash-route.ts';
import { escapeRegex, urlRegexSource } from './url-regex.ts';

/**
 * URL patterns: the path of a URL with id-like segments (numbers, uuids, hashes, long tokens,
 * release numbers) replaced by named parameters, so `/items/42` and `/items/7` are one page,
 * `/items/:itemId`, and `/v/1.0.0` and `/v/1.1.0` are `/v/:version`.
 */

const kNumeric = /^\d+$/;
const kUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Hex hashes: at least 8 hex digits with at least one digit (so plain words like `deadbeef` stay). */
const kHexHash = /^(?=[^\d]*\d)[0-9a-f]{8,}$/i;
/** Opaque tokens: long runs of letters and digits mixing both (session keys, base64 ids). */
const kToken = /^(?=.*\d)(?=.*[a-z])[A-Za-z0-9_-]{20,}$/i;

/** A release number (`1.0.0`, `v2.3.1`, `4.0.0-beta.2`): one release of many, the page the same for each. */
const kVersion = /^v?\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.-]+)?$/;

export function isIdLikeSegment(segment: string): boolean {
  const decoded = safeDecode(segment);
  return kNumeric.test(decoded) || kUuid.test(decoded) || kHexHash.test(decoded) || kToken.test(decoded) || kVersion.test(decoded);
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

function paramName(segment: string, previous: string | undefined, taken: Set<string>): string {
  const base = kVersion.test(safeDecode(segment)) ? 'version'
    : previous && /^[a-z][a-z0-9-]*$/i.test(previous)
    ? singular(previous).replace(/-([a-z0-9])/gi, (_, c: string) => c.toUpperCase()) + 'Id'
    : 'id';
  let name = base.charAt(0).toLowerCase() + base.slice(1);
  for (let n = 2; taken.has(name); n++) name = `${base}${n}`;
  taken.add(name);
  return name;
}

/** The pattern of a URL's route (path, and hash route); `url` may be absolute or a path. */
export function urlPattern(url: string): UrlPattern {
  const pathname = routeOf(url);
  const segments = pathname.split('/');
  const params: string[] = [];
  const taken = new Set<string>();
  const out = segments.map((segment, i) => {
    if (!segment || !isIdLikeSegment(segment)) return segment;
    const name = paramName(segment, segments[i - 1], taken);
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

/** The path of `url`, with its hash route when it has one (`/#/active`): what tells pages apart. */
export function routeOf(url: string): string {
  try {
    const parsed = new URL(url, 'http://placeholder.invalid');
    return parsed.pathname + (writtenHashRoute(parsed.hash) ?? '');
  } catch {
    return pathOf(url);
  }
}

/** `url` without an anchor; a hash route stays. */
export function stripAnchor(url: string): string {
  const at = url.indexOf('#');
  if (at < 0 || writtenHashRoute(url.slice(at)) !== null) return url;
  return url.slice(0, at);
}

/** Where the app lives: the origins the runs started on, and the directory generated URLs are relative to. */
export interface AppBase {
  origins: ReadonlySet<string>;
  /** Path of the recorded start URLs' common directory, ending in `/`. */
  directory: string;
}

/** The directory of a URL's path: `/app/v5/login` -> `/app/v5/`. */
export function directoryOf(url: string): string {
  const pathname = pathOf(url);
  return pathname.slice(0, pathname.lastIndexOf('/') + 1) || '/';
}

/**
 * The directory a configured base URL names: itself when it ends in `/`, a page's directory when
 * its last segment is a file (`/app/index.html`), else the path as a directory (`/app` -> `/app/`).
 */
export function baseDirectory(url: string): string {
  const pathname = pathOf(url);
  if (pathname.endsWith('/')) return pathname;
  return pathname.slice(pathname.lastIndexOf('/') + 1).includes('.') ? directoryOf(pathname) : `${pathname}/`;
}

/**
 * The app of some runs: their start origins and the directory generated URLs are relative to,
 * the configured base URL's (`baseURL` of brow-use.config.ts) when every start URL lies under
 * it, else the longest directory all start URLs share. So the base URL a project configures is
 * the one its generated specs resolve against (core/base-url.ts).
 */
export function appBase(startUrls: string[], configured: string | null = null): AppBase {
  const origins = new Set(startUrls.map(originOf));
  const dirs = startUrls.map(directoryOf);
  const configuredDir = configured ? baseDirectory(configured) : null;
  if (configuredDir && dirs.length && dirs.every((dir) => dir.startsWith(configuredDir))) return { origins, directory: configuredDir };
  let directory = dirs[0] ?? '/';
  for (const dir of dirs) {
    while (!dir.startsWith(directory)) directory = directory.slice(0, directory.slice(0, -1).lastIndexOf('/') + 1) || '/';
  }
  return { origins, directory };
}

/**
 * A URL on the app as generated code writes it: relative to the base URL (`./items?page=2`)
 * under the app's directory, an absolute path elsewhere on the app's origin, else the URL itself.
 * Relative URLs follow `BASE_URL` wherever the app is served, under any path.
 */
export function appRelative(url: string, app: AppBase): string {
  try {
    const parsed = new URL(url);
    if (!app.origins.has(parsed.origin)) return url;
    const path = `${parsed.pathname}${parsed.search}${parsed.hash}`;
    return parsed.pathname.startsWith(app.directory) ? `./${path.slice(app.directory.length)}` : path;
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

export interface PatternRegexOptions {
  /** Query parameters the page always had (`taxonomy=category`), each as written. */
  query?: string[];
  /** The app tells pages apart by hash route (see url-regex.ts). */
  hashRoutes?: boolean;
}

/**
 * A regular expression source matching any URL of the pattern (any origin, any other query or
 * anchor): `^[^?#]*\/items\/[^/?#]+([?#]|$)`. Under the app's directory any path prefix is
 * accepted, so the page matches wherever BASE_URL serves the app (`/items` also as `/app/v6/items`).
 */
export function patternRegexSource(pattern: string, directory = '/', options: PatternRegexOptions = {}): string {
  const toRegex = (path: string) => path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/?#]+' : escapeRegex(segment)))
    .join('\\/');
  const at = pattern.indexOf('#');
  const path = at < 0 ? pattern : pattern.slice(0, at);
  const route = at < 0 ? null : toRegex(pattern.slice(at));
  const underApp = path.startsWith(directory);
  return urlRegexSource({
    path: underApp ? `\\/${toRegex(path.slice(directory.length))}` : toRegex(path),
    from: underApp ? 'app' : 'origin',
    query: options.query ?? [],
    route,
    hashRoutes: options.hashRoutes ?? false,
  });
}
