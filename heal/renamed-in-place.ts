import type { Page } from 'playwright';
import { takeFingerprint } from '../core/fingerprint/take.ts';
import type { Fingerprint } from '../core/schema/history.ts';
import type { Scoredcandidate } from '../replay/rematch/cascade.ts';
import { effectiveType, isRowScoped } from '../replay/rematch/scoring.ts';
import { normalizeText } from '../replay/rematch/text.ts';
import { readableId } from './attribute-ways.ts';
import { sameOriginPath } from './same-origin-path.ts';

/**
 * Whether the sole element of its kind, under a name sharing no word with the recorded one, is
 * the recorded element renamed: replay takes it only when the page's main heading changed too (a
 * page translated as a whole). Heal knows more of the page: the other members the page objects
 * recorded on it. The element is taken when
 *  - it sits at its recorded place (the same CSS and XPath), with its recorded tag and type, in a
 *    region holding as many elements of its kind as recorded, and
 *  - it shows no caption of its own (an icon took its place, and an input's name is its type's
 *    default), or the words around it were reworded too: its nearest heading, or the text of the form or
 *    dialog it sits in (not a row's: a row's text is its data), reads otherwise than recorded; or
 *    another recorded member of the page is still at its own recorded place, found there by what
 *    it is (its id, form field name, link target or test id) and shown under another name: the
 *    release reworded the page, not just this one control, and
 *  - no recorded member's place holds another element (another id, field name or target).
 * A control replaced by another one on a page otherwise as recorded ("Delete" gone, "Archive" in
 * its place) has no reworded neighbour and stays refused.
 */

/** What a peer is found by: its identity, never its name. */
function identityOf(fp: Fingerprint, pageUrl: string): { what: string; matches: (live: Fingerprint) => boolean | null } | null {
  const id = readableId(fp.id);
  if (fp.testId) return { what: `test id ${fp.testId}`, matches: (live) => (live.testId ? live.testId === fp.testId : null) };
  if (id) return { what: `id ${id}`, matches: (live) => (live.id ? live.id === id : null) };
  if (fp.nameAttr && !fp.nameAttr.endsWith('[]')) return { what: `form name ${fp.nameAttr}`, matches: (live) => (live.nameAttr ? live.nameAttr === fp.nameAttr : null) };
  if (fp.hrefPath) return { what: `link target ${fp.hrefPath}`, matches: (live) => (live.hrefPath ? sameOriginPath(live.hrefPath, pageUrl) === fp.hrefPath : null) };
  return null;
}

const named = (a: string, b: string): boolean => normalizeText(a) !== '' && normalizeText(b) !== '';

export async function renamedInPlace(page: Page, fp: Fingerprint, peers: Fingerprint[], pageUrl: string, winner: Scoredcandidate): Promise<string | null> {
  const live = winner.item.features;
  if (winner.item.frame !== page.mainFrame() || live.frameDepth > 0 || live.shadowHosts.length || fp.frameChain.length || fp.shadowHosts.length) return null;
  if (live.cssPath !== fp.cssPath || live.xpath !== fp.xpath || live.tag !== fp.tag) return null;
  if (effectiveType(live.tag, live.type) !== effectiveType(fp.tag, fp.type)) return null;
  if (fp.kindPeers === null || live.kindPeers !== fp.kindPeers) return null;
  const changed = (a: string | null | undefined, b: string | null | undefined) => Boolean(a && b && named(a, b) && normalizeText(a) !== normalizeText(b));
  let reworded: string | null = null;
  if (changed(fp.nearbyHeading, live.nearbyHeading)) reworded = `its heading "${fp.nearbyHeading}" -> "${live.nearbyHeading}"`;
  else if (fp.container && live.container && !isRowScoped(fp) && fp.container.role === live.container.role && changed(fp.container.text, live.container.text)) {
    reworded = `its ${fp.container.role}'s text "${fp.container.text!.slice(0, 40)}" -> "${live.container.text!.slice(0, 40)}"`;
  }
  // A caption replaced by an icon: an input's name is then its type's default ("Submit").
  const captionless = !reworded && await winner.item.locator.evaluate((el) => {
    const own = ['aria-label', 'aria-labelledby', 'title'].map((a) => el.getAttribute(a) ?? '').join('');
    const shown = el.localName === 'input' ? (el as HTMLInputElement).value : el.textContent ?? '';
    return own.trim() === '' && shown.trim() === '';
  }).catch(() => false);
  if (captionless) reworded = `it shows no caption of its own (an icon in its place): "${live.name}" is not a name the page gives it`;
  for (const peer of peers) {
    if (peer.cssPath === fp.cssPath || peer.frameChain.length || peer.shadowHosts.length || !peer.cssPath) continue;
    const identity = identityOf(peer, pageUrl);
    if (!identity) continue;
    const at = page.locator(`css=${peer.cssPath}`);
    if ((await at.count().catch(() => 0)) !== 1) continue;
    const now = await takeFingerprint(at).catch(() => null);
    if (!now) continue;
    const same = identity.matches(now);
    // Another element where a recorded one sat: the page changed beyond its words.
    if (same === false) return null;
    if (same && !reworded && named(peer.name, now.name) && normalizeText(peer.name) !== normalizeText(now.name)) {
      reworded = `${peer.role ?? peer.tag} "${peer.name}" -> "${now.name}" (same ${identity.what})`;
    }
  }
  return reworded && `it sits at the recorded place with its recorded tag and type, and the page was reworded around it: ${reworded}`;
}
