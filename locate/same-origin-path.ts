/**
 * A link target read on the page at `pageUrl` as a fingerprint writes it (core/fingerprint/probe.ts):
 * on the page's own origin, its path, query and hash (`/#/active`, `/#Tasks`); elsewhere, the
 * whole address. A DOM snapshot shown from another document
 * reads every link as a whole address: this makes its targets compare as the app's own page does.
 */
export function sameOriginPath(href: string | null, pageUrl: string): string | null {
  if (!href || !URL.canParse(href) || !URL.canParse(pageUrl)) return href;
  const url = new URL(href);
  if (url.origin !== new URL(pageUrl).origin) return href;
  return url.pathname + url.search + url.hash;
}
