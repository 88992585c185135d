import type { Page } from 'playwright';
import { takeFingerprint } from '../core/fingerprint/take.ts';
import type { Fingerprint } from '../core/schema/history.ts';
import type { Candidate } from './candidates.ts';
import { languageChanged } from './page-identity.ts';
import { sameOriginPath } from './same-origin-path.ts';
import { effectiveType } from './scoring.ts';
import { writtenId } from '../core/locator/written-id.ts';
import { normalizeText } from './text.ts';

/**
 * Whether an element under another name, with nothing beyond its name that says what it is (no
 * test id, id, form name, link target, row), is the recorded element renamed. Being the only one
 * of its kind is never enough ("Delete" gone and "Archive" in its place is another button), nor is
 * a changed heading (a sign-in page at the same address has one too). The element is taken when
 *  - it sits at its recorded place (the same CSS and XPath), with its recorded tag and type, in a
 *    region holding as many elements of its kind as recorded, and
 *  - the release changed the page's words, not this one control: the document declares another
 *    language than when recorded (a translated release), or another member recorded on the page
 *    is still at its own recorded place, found there by what it is (its id, form field name, link
 *    target or test id) and shown under another name; or the element shows no caption of its own
 *    (an icon took its place), and
 *  - no recorded member's place holds another element (another id, field name or target).
 * `members`: the other elements recorded on the same page (a history's other steps there, a page
 * object's other members). `pageUrl`: the address link targets are read against.
 */

export interface InPlaceEvidence {
  members: Fingerprint[];
  pageUrl: string;
}

/** What a member is found by: its identity, never its name. */
function identityOf(fp: Fingerprint, pageUrl: string): { what: string; matches: (live: Fingerprint) => boolean | null } | null {
  const id = writtenId(fp.id);
  if (fp.testId) return { what: `test id ${fp.testId}`, matches: (live) => (live.testId ? live.testId === fp.testId : null) };
  if (id) return { what: `id ${id}`, matches: (live) => (live.id ? live.id === id : null) };
  if (fp.nameAttr && !fp.nameAttr.endsWith('[]')) return { what: `form name ${fp.nameAttr}`, matches: (live) => (live.nameAttr ? live.nameAttr === fp.nameAttr : null) };
  if (fp.hrefPath) return { what: `link target ${fp.hrefPath}`, matches: (live) => (live.hrefPath ? sameOriginPath(live.hrefPath, pageUrl) === sameOriginPath(fp.hrefPath, pageUrl) : null) };
  return null;
}

const named = (a: string, b: string): boolean => normalizeText(a) !== '' && normalizeText(b) !== '';

export async function renamedInPlace(page: Page, fp: Fingerprint, winner: Candidate, evidence: InPlaceEvidence): Promise<string | null> {
  const live = winner.features;
  if (winner.frame !== page.mainFrame() || live.frameDepth > 0 || live.shadowHosts.length || fp.frameChain.length || fp.shadowHosts.length) return null;
  if (live.cssPath !== fp.cssPath || live.xpath !== fp.xpath || live.tag !== fp.tag) return null;
  if (effectiveType(live.tag, live.type) !== effectiveType(fp.tag, fp.type)) return null;
  if (fp.kindPeers === null || live.kindPeers !== fp.kindPeers) return null;
  let reworded: string | null = null;
  if (languageChanged(fp.lang, live.lang)) reworded = `the page's language is ${live.lang}, recorded ${fp.lang}`;
  // A caption replaced by an icon: an input's name is then its type's default ("Submit"). Only a
  // caption it had can be lost: a name where none was recorded is a name it was given.
  const captionless = !reworded && fp.name.trim() !== '' && await winner.locator.evaluate((el) => {
    const own = ['aria-label', 'aria-labelledby', 'title', 'placeholder'].map((a) => el.getAttribute(a) ?? '').join('');
    const shown = el.localName === 'input' ? (el as HTMLInputElement).value : el.textContent ?? '';
    return own.trim() === '' && shown.trim() === '';
  }).catch(() => false);
  if (captionless) reworded = `it shows no caption of its own (an icon in its place): "${live.name}" is not a name the page gives it`;
  for (const member of evidence.members) {
    if (member.cssPath === fp.cssPath || member.frameChain.length || member.shadowHosts.length || !member.cssPath) continue;
    const identity = identityOf(member, evidence.pageUrl);
    if (!identity) continue;
    const at = page.locator(`css=${member.cssPath}`);
    if ((await at.count().catch(() => 0)) !== 1) continue;
    const now = await takeFingerprint(at).catch(() => null);
    if (!now) continue;
    const same = identity.matches(now);
    // Another element where a recorded one sat: the page changed beyond its words.
    if (same === false) return null;
    if (same && !reworded && named(member.name, now.name) && normalizeText(member.name) !== normalizeText(now.name)) {
      reworded = `${member.role ?? member.tag} "${member.name}" -> "${now.name}" (same ${identity.what})`;
    }
  }
  return reworded && `it sits at the recorded place with its recorded tag and type, and the page was reworded around it: ${reworded}`;
}
