/**
 * The regular expression generated code checks a URL with, written to be read:
 * `/^[^?#]*\/admin\/edit-tags\.php\?([^#]*&)?taxonomy=category([&#]|$)/` says "a path ending in
 * /admin/edit-tags.php, with taxonomy=category in its query". `^[^?#]*` is whatever comes before
 * the app's own path (the origin and the prefix a deployment serves it under), and stops at the
 * query: a path written in another URL's query (`?next=/admin/`) is no match.
 */

export interface UrlRegexParts {
  /** The path as regex source, from its first `/` (`\/items\/[^/?#]+`). */
  path: string;
  /**
   * What comes before the path: `app`, whatever the origin and the deployment's prefix (a path
   * under the app's directory); `origin`, any origin and nothing else (an absolute path elsewhere
   * on it); `start`, nothing (`path` is a whole URL's start, origin included).
   */
  from: 'app' | 'origin' | 'start';
  /** Query parameters that must be there, each as written (`taxonomy=category`), others allowed. */
  query: string[];
  /** The hash route as regex source (`#\/active`), when the page has one. */
  route: string | null;
  /**
   * The app has pages told apart by their hash route: a page without one matches no URL with a
   * route (an anchor, or `#/` alone, still does).
   */
  hashRoutes: boolean;
}

const kBefore: Record<UrlRegexParts['from'], string> = { app: '[^?#]*', origin: '[a-z]+:\\/\\/[^/]+', start: '' };

export function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** One query parameter, `([^#]*&)?key=value([&#]|$)` after the `?`. */
function param(part: string): string {
  return `([^#]*&)?${escapeRegex(part)}([&#]|$)`;
}

export function urlRegexSource(parts: UrlRegexParts): string {
  const head = `^${kBefore[parts.from]}${parts.path}`;
  // One parameter reads in place; several, in any order, each as a lookahead.
  const one = parts.query.length === 1 && !parts.route;
  const query = one ? `\\?${param(parts.query[0]!)}` : parts.query.map((part) => `(?=\\?${param(part)})`).join('');
  if (one) return head + query;
  if (parts.route) return `${head}${query}(\\?[^#]*)?${parts.route}([?#]|$)`;
  return `${head}${query}${parts.hashRoutes ? '(\\?[^#]*)?(#(?!!?\\/[^?#]).*)?$' : '([?#]|$)'}`;
}
