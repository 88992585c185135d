import type { Page } from 'playwright';
import { peerName } from '../core/aria/peers.ts';
import { lineRoleName, outline } from '../core/aria/outline.ts';
import { inPage } from '../core/in-page.ts';
import { normalizeText } from './text.ts';

/**
 * Whether the page a step or a member is looked for on is still the page it was recorded on.
 * An element is re-found on its page; on another page at the same address (a session that expired
 * to a sign-in form, an error page) every element is "renamed" and the only one of its kind is
 * always there. The page is another one when it lost what the recording saw there: its title
 * (when known), its main heading, and most of the elements recorded on it by name (the element's
 * peers, the other members recorded there; with none known, the title and heading decide). A page
 * whose declared language changed was translated: its words are not compared, and it is not
 * judged here. A page that kept its title is not judged either: the elements' own rules decide.
 */

export interface RecordedPage {
  /** Null when not recorded (a page object's member keeps its heading only). */
  title: string | null;
  heading: string | null;
  lang: string | null | undefined;
  /** Names of elements recorded on the page (not the one looked for: it may be what changed). */
  names: string[];
}

export interface LivePage {
  title: string;
  heading: string | null;
  lang: string | null;
  /** The names the page shows (its outline's), as `peerName` writes them. */
  names: ReadonlySet<string>;
}

/** Below this share of the recorded names still shown, the page lost its elements. */
export const kMinNamesKept = 0.5;

/**
 * The page declares another language than it did when recorded (compared by primary subtag,
 * `en-US` is `en`): a translated release. A page that declared none then is not known to be
 * translated.
 */
export function languageChanged(recorded: string | null | undefined, live: string | null | undefined): boolean {
  const primary = (lang: string | null | undefined) => (lang ? lang.trim().toLowerCase().split('-')[0]! : '');
  return primary(recorded) !== '' && primary(live) !== '' && primary(recorded) !== primary(live);
}

/** A text compared as the page state compares it: case, spacing and figures aside. */
function sameText(a: string, b: string): boolean {
  return peerName(normalizeText(a)) === peerName(normalizeText(b));
}

/** Null when it is the recorded page (or nothing tells), else what the page lost, said for a reader. */
export function pageLost(recorded: RecordedPage, live: LivePage): string | null {
  if (languageChanged(recorded.lang, live.lang)) return null;
  if (!recorded.heading || (live.heading !== null && sameText(recorded.heading, live.heading))) return null;
  // A title kept says the same page, or the app's name on every page: either way not another page by it.
  if (recorded.title !== null && sameText(recorded.title, live.title)) return null;
  const lost = [`the heading "${recorded.heading}" (now ${live.heading === null ? 'none' : `"${live.heading}"`})`];
  if (recorded.title !== null) lost.unshift(`the title "${recorded.title}" (now "${live.title}")`);
  const names = [...new Set(recorded.names.map(peerName).filter(Boolean))];
  if (names.length) {
    const missing = names.filter((n) => !live.names.has(n));
    if (names.length - missing.length >= kMinNamesKept * names.length) return null;
    lost.push(`${missing.length} of ${names.length} elements recorded there (${missing.slice(0, 4).map((n) => `"${n}"`).join(', ')}${missing.length > 4 ? ', ...' : ''})`);
  } else if (recorded.title === null) return null;
  return `another page: it lost ${lost.join(', ')}`;
}

/** The page's title, main heading, declared language and shown names, read for `pageLost`. */
export async function readLivePage(page: Page): Promise<LivePage | null> {
  try {
    const [{ title, heading }, lang, snapshot] = await Promise.all([
      inPage.fn('titleAndHeading').then((fn) => page.evaluate(fn)),
      page.evaluate(() => document.documentElement.getAttribute('lang')),
      page.ariaSnapshot({ mode: 'ai', timeout: 5_000 }),
    ]);
    const names = new Set<string>();
    for (const line of outline(snapshot)) {
      const parsed = lineRoleName(line);
      if (parsed) names.add(peerName(parsed.name));
    }
    return { title, heading, lang: lang?.trim() || null, names };
  } catch {
    return null;
  }
}
