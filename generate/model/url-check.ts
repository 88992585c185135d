import { writtenHashRoute } from '../../core/hash-route.ts';
import { escapeRegex, urlRegexSource } from './url-regex.ts';

/**
 * What a spec checks of a recorded URL: what the app itself decides, so the check holds wherever
 * the app runs. That is the path, the hash route, and the query parameters whose values are the
 * app's own. Not checked: values that come from the server's environment (an absolute file-system
 * path, a long random or hex token, a value that differed between recordings and held within
 * each), plain anchors, and a fragment that is only `#`, `#/` or `#!/` (apps set or drop it on
 * their own: `./#/` and `./` are one address).
 */

/** Where file-system paths start: the usual Unix roots, a home folder, a Windows drive, a file URL. */
const kFileSystemPath = /^(?:\/(?:tmp|var|home|Users|usr|opt|srv|mnt|media|private|root|etc|run|nix|data|Volumes|workspace)\/|~\/|[A-Za-z]:[\\/]|file:)/;
const kUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** 16 hex digits and more: a hash or a random id (a date or a page number is shorter). */
const kLongHex = /^[0-9a-f]{16,}$/i;
/** Session keys, base64 and signed tokens: long runs mixing letters and digits. */
const kToken = /^(?=.*\d)(?=.*[a-z])[A-Za-z0-9_\-+/=.]{20,}$/i;

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** A query value the server's environment chose: it differs from one deployment or run to the next. */
export function isEnvironmentValue(value: string): boolean {
  const text = decoded(value).trim();
  return kFileSystemPath.test(text) || kUuid.test(text) || kLongHex.test(text) || kToken.test(text);
}

/** `a=1&b=2` -> `[['a', 'a=1'], ['b', 'b=2']]`: each parameter's decoded key and raw text. */
export function queryParts(search: string): [string, string][] {
  return search.replace(/^\?/, '').split('&').filter(Boolean).map((part) => [decoded(part.split('=', 1)[0]!), part]);
}

export function splitUrl(url: string): { head: string; search: string; hash: string } {
  const hashAt = url.indexOf('#');
  const hash = hashAt < 0 ? '' : url.slice(hashAt);
  const beforeHash = hashAt < 0 ? url : url.slice(0, hashAt);
  const queryAt = beforeHash.indexOf('?');
  return { head: queryAt < 0 ? beforeHash : beforeHash.slice(0, queryAt), search: queryAt < 0 ? '' : beforeHash.slice(queryAt), hash };
}

/**
 * Query keys whose value stayed the same throughout each recording but differed between
 * recordings: a database file, a workspace or a session the server handed that run.
 * `recordings` holds each recording's URLs (absolute or relative).
 */
export function perRecordingKeys(recordings: string[][]): Set<string> {
  const valuesByKey = new Map<string, Set<string>[]>();
  recordings.forEach((urls, run) => {
    for (const url of urls) {
      for (const [key, part] of queryParts(splitUrl(url).search)) {
        const runs = valuesByKey.get(key) ?? [];
        (runs[run] ??= new Set()).add(part);
        valuesByKey.set(key, runs);
      }
    }
  });
  const out = new Set<string>();
  for (const [key, runs] of valuesByKey) {
    const seen = runs.filter(Boolean);
    if (seen.length < 2 || seen.some((values) => values.size !== 1)) continue;
    if (new Set(seen.map((values) => [...values][0])).size > 1) out.add(key);
  }
  return out;
}

export interface UrlCheckOptions {
  /** Query keys not to check (their values come from where the app runs). */
  ignore?: ReadonlySet<string>;
  /** Values with digits are not checked either (ids the server hands out, counters, dates). */
  skipNumbers?: boolean;
  /** The app tells pages apart by hash route: a URL without one matches no URL with one. */
  hashRoutes?: boolean;
}

/**
 * A regular expression source for a URL as generated code writes it (`./items?page=2`, relative
 * to the base URL, under any path prefix; `/other`, an absolute path; or an absolute URL): the
 * same path and hash route, each checked query parameter with its recorded value (in any order,
 * others allowed), as url-regex.ts writes it.
 */
export function urlCheckSource(url: string, options: UrlCheckOptions = {}): string {
  const { head, search, hash } = splitUrl(url);
  const from = head.startsWith('./') ? 'app' : head.startsWith('/') ? 'origin' : 'start';
  const path = from === 'app' ? `\\/${escapeRegex(head.slice(2))}` : escapeRegex(head);
  const checked = queryParts(search).filter(([key, part]) => {
    const value = part.slice(part.indexOf('=') + 1);
    return !options.ignore?.has(key) && !isEnvironmentValue(value) && !(options.skipNumbers && /\d/.test(value));
  });
  const route = writtenHashRoute(hash) ?? undefined;
  return urlRegexSource({
    path,
    from,
    query: checked.map(([, part]) => part),
    route: route ? `#${escapeRegex(route.slice(1))}` : null,
    hashRoutes: options.hashRoutes ?? false,
  });
}
