/**
 * A link target read in a DOM snapshot, on the page's own origin, as a path: fingerprints record
 * such targets as paths, while the snapshot page reads links as whole addresses.
 */
export function sameOriginPath(href: string | null, pageUrl: string): string | null {
  if (!href || !URL.canParse(href) || !URL.canParse(pageUrl)) return href;
  const url = new URL(href);
  return url.origin === new URL(pageUrl).origin ? url.pathname + url.search + url.hash : href;
}
