/**
 * The site's part of page titles (`Log In ‹ Site — CMS`, `Dashboard ‹ Site — CMS`: ` ‹ Site —
 * CMS`): the name of the site, not of the page, so names and checks leave it out. It is the
 * longest end (or start) cut at a separator (a mark between spaces, `·`, `|`, `‹`, `—`, ` [`)
 * that most distinct titles share.
 */

export interface SitePart {
  /** The shared part, its separator included (` ‹ Site — CMS`, `Shop | `). */
  text: string;
  at: 'start' | 'end';
}

/** Every part most titles share, longest first: a title loses the longest it carries. */
export interface SiteTitle {
  parts: SitePart[];
}

/** A separator between a page's part and the site's: a mark (no letter or digit) with a space on at least one side. */
const kSeparator = /\s+[^\p{L}\p{N}\s]+\s*|[^\p{L}\p{N}\s]+\s+/gu;

function candidates(title: string): SitePart[] {
  const out: SitePart[] = [];
  for (const match of title.matchAll(kSeparator)) {
    const start = match.index;
    const end = start + match[0].length;
    if (start > 0 && end < title.length) {
      out.push({ text: title.slice(start), at: 'end' });
      out.push({ text: title.slice(0, end), at: 'start' });
    }
  }
  return out;
}

export function siteTitle(titles: readonly string[]): SiteTitle | null {
  const distinct = [...new Set(titles.map((title) => title.trim()).filter(Boolean))];
  if (distinct.length < 2) return null;
  const shared = new Map<string, { site: SitePart; count: number }>();
  for (const title of distinct) {
    for (const site of new Map(candidates(title).map((c) => [`${c.at}\n${c.text}`, c])).values()) {
      const key = `${site.at}\n${site.text}`;
      const entry = shared.get(key) ?? { site, count: 0 };
      entry.count++;
      shared.set(key, entry);
    }
  }
  // Most titles carry it (a page of an error or of another app may not).
  const parts = [...shared.values()].filter((entry) => entry.count >= 2 && entry.count * 2 >= distinct.length).map((entry) => entry.site);
  parts.sort((a, b) => b.text.length - a.text.length || a.at.localeCompare(b.at));
  return parts.length ? { parts } : null;
}

/** The longest site part `title` carries, or null. */
export function sitePartOf(title: string, site: SiteTitle | null): SitePart | null {
  const text = title.trim();
  return site?.parts.find((part) => part.text.length < text.length && (part.at === 'end' ? text.endsWith(part.text) : text.startsWith(part.text))) ?? null;
}

/** The page's own part of a title: the title less the site's part; the title itself when it has none left. */
export function ownTitle(title: string, site: SiteTitle | null): string {
  const text = title.trim();
  const part = sitePartOf(text, site);
  if (!part) return text;
  return (part.at === 'end' ? text.slice(0, -part.text.length) : text.slice(part.text.length)).trim() || text;
}

/**
 * The separator that starts (or ends) the site's part, with the spaces between it and the page's
 * part: what a check of the page's own part anchors at (` ‹`, `| `).
 */
export function siteSeparator(site: SitePart): string {
  const match = site.at === 'end' ? /^\s*[^\p{L}\p{N}\s]+/u.exec(site.text) : /[^\p{L}\p{N}\s]+\s*$/u.exec(site.text);
  return match?.[0] ?? '';
}
