/**
 * Where a single-page app routes in its address's hash: `#/active`, `#!/items/4`, or a hashbang
 * without its slash (`#!active`). Any other hash is an anchor in the page. Pure: Node's code and
 * the page's (core/in-page/) read hashes with it alike.
 */
const kRoute = /^#(?:!\/?|\/)([^?#]*)/;

/** The route a hash names, as a path (`#!active` and `#/active` are `/active`, `#/` is `/`); null for an anchor or no hash. */
export function hashRoutePath(hash: string): string | null {
  const match = kRoute.exec(hash);
  return match ? `/${match[1]!}` : null;
}

/** Whether a hash names a route; `#/` alone does not when `nonEmpty` (apps set or drop it on their own). */
export function isHashRoute(hash: string, nonEmpty = false): boolean {
  const path = hashRoutePath(hash);
  return path !== null && (!nonEmpty || path !== '/');
}

/** The route a hash names as written, up to its query (`#!active`, `#/items/4`); null for an anchor, no hash, or `#/` alone (apps set or drop it on their own). */
export function writtenHashRoute(hash: string): string | null {
  const match = /^#(?:!\/?|\/)[^?#]+/.exec(hash);
  return match ? match[0] : null;
}
