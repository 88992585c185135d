import type { Frame, Page } from 'playwright';
import { peerName } from '../core/aria/peers.ts';
import { takeFingerprint } from '../core/fingerprint/take.ts';
import { writtenId } from '../core/locator/written-id.ts';
import type { Fingerprint } from '../core/schema/history.ts';
import type { Candidate } from './candidates.ts';
import { languageChanged, readLivePage } from './page-identity.ts';
import { actionChanged, captionKept, wordsShared, type RenamedFacts } from './renamed-evidence.ts';
import { sameOriginPath } from './same-origin-path.ts';
import { effectiveType, isRowScoped, stableClasses } from './scoring.ts';
import { normalizeText } from './text.ts';

/**
 * Reads, for a renamed element the cascade chose, the facts the evidence model weighs
 * (renamed-evidence.ts): where it sits, what of the page around it the release kept, and whether
 * the release changed the page's words or this control's alone. The other elements recorded on the
 * page (`members`) are each re-found by what they are: their recorded name still shown, or, at
 * their recorded place, their test id, id, form name or link target; one re-found at its place
 * under another name says the page was reworded; another element at a member's place says the page
 * changed beyond its words.
 */

export interface PageEvidence {
  /** The other elements recorded on the same page. */
  members: Fingerprint[];
  /** The address link targets are read against. */
  pageUrl: string;
}

type AriaRole = Parameters<Frame['getByRole']>[0];

/** What a member is found by at its place: its identity, never its name. */
function identityOf(fp: Fingerprint, pageUrl: string): { what: string; matches: (live: Fingerprint) => boolean | null } | null {
  const id = writtenId(fp.id);
  if (fp.testId) return { what: `test id ${fp.testId}`, matches: (live) => (live.testId ? live.testId === fp.testId : null) };
  if (id) return { what: `id ${id}`, matches: (live) => (live.id ? live.id === id : null) };
  if (fp.nameAttr && !fp.nameAttr.endsWith('[]')) return { what: `form name ${fp.nameAttr}`, matches: (live) => (live.nameAttr ? live.nameAttr === fp.nameAttr : null) };
  if (fp.hrefPath) return { what: `link target ${fp.hrefPath}`, matches: (live) => (live.hrefPath ? sameOriginPath(live.hrefPath, pageUrl) === sameOriginPath(fp.hrefPath, pageUrl) : null) };
  return null;
}

const same = (a: string | null | undefined, b: string | null | undefined) => normalizeText(a) !== '' && normalizeText(a) === normalizeText(b);

/** At its recorded place in the page's own document, with its recorded tag and type. */
function atRecordedPlace(page: Page, fp: Fingerprint, winner: Candidate): boolean {
  const live = winner.features;
  if (winner.frame !== page.mainFrame() || live.frameDepth > 0 || live.shadowHosts.length || fp.frameChain.length || fp.shadowHosts.length) return false;
  return live.cssPath === fp.cssPath && live.xpath === fp.xpath && live.tag === fp.tag && effectiveType(live.tag, live.type) === effectiveType(fp.tag, fp.type);
}

function neighboursKept(fp: Fingerprint, winner: Candidate): string[] {
  const live = winner.features;
  const out: string[] = [];
  if (same(fp.nearbyHeading, live.nearbyHeading)) out.push(`the heading "${fp.nearbyHeading}"`);
  if (same(fp.nearbyText, live.nearbyText)) out.push('the text beside it');
  // A row's text names the row, not the control: it is the row's evidence, counted by the scoring.
  const [r, l] = [fp.container, live.container];
  if (r && l && !isRowScoped(fp) && (same(r.name, l.name) || same(r.text, l.text))) out.push(`its ${r.role}`);
  return out;
}

function regionKept(fp: Fingerprint, winner: Candidate): boolean {
  const [r, l] = [fp.landmarks[fp.landmarks.length - 1], winner.features.landmarks[winner.features.landmarks.length - 1]];
  return r !== undefined && l !== undefined && r.role === l.role && normalizeText(r.name) === normalizeText(l.name);
}

/** Every element of its role that shared the recorded name now shares the new one, none left under the old: a caption reworded in its template. */
async function rewordedTogether(fp: Fingerprint, winner: Candidate): Promise<string | null> {
  const name = winner.features.name;
  if (!fp.role || fp.roleNameCount < 2 || !name.trim() || !fp.name.trim()) return null;
  const count = (n: string) => winner.frame.getByRole(fp.role as AriaRole, { name: n, exact: true }).count().catch(() => -1);
  const [now, left] = await Promise.all([count(name), count(fp.name)]);
  return now === fp.roleNameCount && left === 0 ? `each of the ${now} ${fp.role}s named "${fp.name}" is named "${name}" now` : null;
}

/** A caption replaced by an icon: the element shows no caption of its own (an input's name is then its type's default). */
async function captionless(fp: Fingerprint, winner: Candidate): Promise<boolean> {
  if (fp.name.trim() === '') return false;
  return winner.locator.evaluate((el) => {
    const own = ['aria-label', 'aria-labelledby', 'title', 'placeholder'].map((a) => el.getAttribute(a) ?? '').join('');
    const shown = el.localName === 'input' ? (el as HTMLInputElement).value : el.textContent ?? '';
    return own.trim() === '' && shown.trim() === '';
  }).catch(() => false);
}

interface MemberReads {
  kept: number;
  of: number;
  reworded: string | null;
  displaced: string | null;
}

/**
 * Each member re-found by its name still shown, or at its recorded place by what it is: its test
 * id, id, form name or link target, else a stable class it shares with the recorded one, else (a
 * member with neither) its tag and role alone. Re-found at its place under another name by
 * something beyond the place, it says the page was reworded.
 */
async function readMembers(page: Page, fp: Fingerprint, evidence: PageEvidence, shown: ReadonlySet<string>): Promise<MemberReads> {
  const out: MemberReads = { kept: 0, of: 0, reworded: null, displaced: null };
  const others = evidence.members.filter((m) => m.name.trim() !== '' && !(m.cssPath === fp.cssPath && m.xpath === fp.xpath));
  if (!others.length) return out;
  for (const member of others) {
    out.of++;
    if (shown.has(peerName(member.name))) {
      out.kept++;
      continue;
    }
    if (member.frameChain.length || member.shadowHosts.length || !member.cssPath) continue;
    const at = page.locator(`css=${member.cssPath}`);
    if ((await at.count().catch(() => 0)) !== 1) continue;
    const now = await takeFingerprint(at).catch(() => null);
    if (!now || now.tag !== member.tag || now.role !== member.role) continue;
    const identity = identityOf(member, evidence.pageUrl);
    const matches = identity ? identity.matches(now) : null;
    if (identity && matches === false) {
      out.displaced ??= `another element sits where the recorded ${member.role ?? member.tag} "${member.name}" was (its ${identity.what} is gone)`;
      continue;
    }
    const classes = stableClasses(member);
    const sharedClass = classes.find((c) => now.classes.includes(c)) ?? null;
    const by = matches ? identity!.what : sharedClass ? `class ${sharedClass}` : null;
    if (!by && (identity || classes.length)) continue;
    out.kept++;
    if (by && normalizeText(now.name) !== '' && normalizeText(member.name) !== normalizeText(now.name)) {
      out.reworded ??= `${member.role ?? member.tag} "${member.name}" -> "${now.name}" (same ${by})`;
    }
  }
  return out;
}

/**
 * Most of the other elements of its role recorded on the page (its peers) are no longer shown by
 * their names, on the page under the heading it had: the release reworded the page, not this one
 * control (a control put in its place leaves its peers' names as they were). Null otherwise.
 */
export function peersReworded(fp: Fingerprint, headingKept: boolean, shown: ReadonlySet<string>): string | null {
  const peers = [...new Set(fp.peers ?? [])].filter(Boolean);
  if (!headingKept || peers.length < kMinPeersForRewording) return null;
  const gone = peers.filter((p) => !shown.has(p));
  if (gone.length < kMinPeersForRewording || gone.length < kPeersRewordedShare * peers.length) return null;
  return `${gone.length} of the ${peers.length} other ${fp.role ?? fp.tag}s recorded on the page are no longer shown by their names (${gone.slice(0, 3).map((p) => `"${p}"`).join(', ')}${gone.length > 3 ? ', ...' : ''})`;
}

/** Peers it takes to tell a page reworded from one control replaced: one gone name is the control's own kind of change. */
export const kMinPeersForRewording = 2;
/** The share of the recorded peers whose names must be gone. */
export const kPeersRewordedShare = 0.5;

/**
 * The facts for `winner`, the cascade's choice for `fp` under another name. `sole`: it was the only
 * one of its kind; `classesOnPage`: how many elements of the page hold each stable recorded class.
 */
export async function readRenamedFacts(page: Page, fp: Fingerprint, winner: Candidate, sole: boolean, classesOnPage: ReadonlyMap<string, number>, evidence: PageEvidence | null): Promise<RenamedFacts> {
  const live = winner.features;
  const own = new Set(live.classes);
  const distinctClass = stableClasses(fp).find((c) => own.has(c) && classesOnPage.get(c) === 1) ?? null;
  const shown = (fp.peers?.length || evidence?.members.length ? (await readLivePage(page))?.names : null) ?? new Set<string>();
  const neighbours = neighboursKept(fp, winner);
  const [members, together, iconOnly] = await Promise.all([
    evidence ? readMembers(page, fp, evidence, shown) : Promise.resolve<MemberReads>({ kept: 0, of: 0, reworded: null, displaced: null }),
    rewordedTogether(fp, winner),
    captionless(fp, winner),
  ]);
  const translated = languageChanged(fp.lang, live.lang);
  const reworded = translated ? `its language is ${live.lang}, recorded ${fp.lang}`
    : together ?? (iconOnly ? `it shows no caption of its own (an icon in its place): "${live.name}" is not a name the page gives it` : null) ?? members.reworded
      ?? peersReworded(fp, same(fp.nearbyHeading, live.nearbyHeading), shown);
  return {
    place: atRecordedPlace(page, fp, winner),
    distinctClass,
    neighbours,
    regionKept: regionKept(fp, winner),
    sole,
    wordsShared: iconOnly ? null : wordsShared(fp, live),
    captionKept: captionKept(fp, live),
    reworded,
    displaced: members.displaced,
    actionChanged: actionChanged(fp, live),
    // A translated page keeps none of its names: they are not compared (see page-identity.ts).
    members: translated ? { kept: 0, of: 0 } : { kept: members.kept, of: members.of },
  };
}
