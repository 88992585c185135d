import type { DomProbe } from '../../core/fingerprint/probe.ts';
import type { Fingerprint } from '../../core/schema/history.ts';
import { containsWords, idRelation, looksGenerated, normalizeText, pathShape, tokenSimilarity } from './text.ts';

/**
 * How well a live element agrees with the fingerprint recorded at capture. Pure: the cascade,
 * the tie-breaks and the heal check all use it, and unit tests run it without a browser.
 */

/** What replay reads from a live candidate: the same probe as at record time, plus role and name. */
export interface LiveFeatures extends DomProbe {
  role: string | null;
  name: string;
  /** Number of frames between the page and the element. */
  frameDepth: number;
  visible: boolean;
}

// Identity signals: each on its own says "this is the same control".
/** Authors add test ids precisely so that they survive redesigns. */
export const kTestIdMatch = 100;
/** A readable id that is still there. */
export const kIdMatch = 50;
/** The same id stem with a different generated suffix (a CSS-modules or build-hash change). */
export const kIdStemMatch = 35;
/** An equal id that looks generated may be reused by anything after the next build. */
export const kGeneratedIdMatch = 15;
/** The form field name is what the server reads; releases rarely change it. */
export const kNameAttrMatch = 40;
export const kNameExact = 50;
/** Same words, other case or punctuation. */
export const kNameNormalized = 40;
/** One name holds the other's words ("Save" -> "Save changes"). */
export const kNameContains = 30;
/** Scaled by word overlap when the names only partly agree ("Sign in" -> "Log in"). */
export const kNameSimilarMax = 25;
export const kLabelMatch = 25;
export const kPlaceholderMatch = 20;
export const kAltTitleMatch = 15;
export const kHrefMatch = 40;
/** Same link path up to ids (`/items/46` vs `/items/47`). */
export const kHrefShapeMatch = 25;
export const kTextMatch = 15;

// Context signals: they tell look-alikes apart but never identify an element alone.
export const kRoleMatch = 20;
export const kTagMatch = 5;
export const kTypeMatch = 10;
export const kLandmarkMatch = 20;
export const kHeadingMatch = 15;
export const kNearbyTextMatch = 10;
export const kXpathMatch = 15;
export const kCssPathMatch = 10;
export const kFrameMatch = 5;

// Penalties.
/** Both names present and sharing no word: a different control unless an id says otherwise. */
export const kNameDisjoint = -25;
export const kNameAttrConflict = -50;
/** A submit button is not a plain button; a password box is not a search box. */
export const kTypeConflict = -25;
export const kTagConflict = -15;
export const kHrefConflict = -40;

/** Minimum total agreement before replay acts on an element. */
export const kMinAgreement = 60;
/** Minimum identity evidence (the signals above the context ones): structure alone never suffices. */
export const kMinIdentity = 30;
/** The winner among several candidates must lead the runner-up by this much, else it is a tie. */
export const kTieMargin = 15;

export interface Agreement {
  score: number;
  identity: number;
  /** The part of the score from the element's position (xpath, css path). */
  positional: number;
  /** Strong signals that say "this is another element" (role, test id, landmark). */
  contradictions: string[];
  /** Acceptable on its own: no contradiction, enough identity and total agreement. */
  acceptable: boolean;
}

function nameScore(recorded: string, live: string): number {
  if (!recorded || !live) return 0;
  if (recorded === live) return kNameExact;
  if (normalizeText(recorded) === normalizeText(live)) return kNameNormalized;
  if (containsWords(recorded, live)) return kNameContains;
  const similarity = tokenSimilarity(recorded, live);
  return similarity > 0 ? Math.round(kNameSimilarMax * similarity) : kNameDisjoint;
}

function same(a: string | null, b: string | null): boolean {
  return a !== null && b !== null && normalizeText(a) === normalizeText(b) && normalizeText(a) !== '';
}

/** The outermost landmark (main, navigation, complementary, ...): decoys live in another one. */
function outerLandmark(landmarks: { role: string }[]): string | null {
  return landmarks[0]?.role ?? null;
}

export function agreement(fp: Fingerprint, live: LiveFeatures): Agreement {
  // Positive identity evidence; penalties count against the total only.
  let identity = 0;
  let penalty = 0;
  let context = 0;
  const contradictions: string[] = [];

  if (fp.testId && live.testId) {
    if (fp.testId === live.testId) identity += kTestIdMatch;
    else contradictions.push(`test id ${live.testId} is not ${fp.testId}`);
  }
  switch (idRelation(fp.id, live.id)) {
    case 'equal': identity += looksGenerated(fp.id) ? kGeneratedIdMatch : kIdMatch; break;
    case 'stem': identity += kIdStemMatch; break;
    case 'different': case 'unknown': break;
  }
  if (fp.nameAttr && live.nameAttr) {
    if (fp.nameAttr === live.nameAttr) identity += kNameAttrMatch;
    else penalty += kNameAttrConflict;
  }
  const name = nameScore(fp.name, live.name);
  if (name > 0) identity += name;
  else penalty += name;
  if (same(fp.label, live.label)) identity += kLabelMatch;
  if (same(fp.placeholder, live.placeholder)) identity += kPlaceholderMatch;
  if (same(fp.alt, live.alt) || same(fp.title, live.title)) identity += kAltTitleMatch;
  if (fp.hrefPath && live.hrefPath) {
    if (fp.hrefPath === live.hrefPath) identity += kHrefMatch;
    else if (pathShape(fp.hrefPath) === pathShape(live.hrefPath)) identity += kHrefShapeMatch;
    else penalty += kHrefConflict;
  }
  if (same(fp.text, live.text) && fp.text!.length <= 80) identity += kTextMatch;

  if (fp.role && live.role) {
    if (fp.role === live.role) context += kRoleMatch;
    else contradictions.push(`role ${live.role} is not ${fp.role}`);
  }
  context += fp.tag === live.tag ? kTagMatch : kTagConflict;
  if (fp.type || live.type) context += (fp.type ?? '') === (live.type ?? '') ? kTypeMatch : kTypeConflict;
  const [recordedLandmark, liveLandmark] = [outerLandmark(fp.landmarks), outerLandmark(live.landmarks)];
  if (recordedLandmark && liveLandmark) {
    if (recordedLandmark === liveLandmark) context += kLandmarkMatch;
    else contradictions.push(`in ${liveLandmark}, recorded in ${recordedLandmark}`);
  }
  if (same(fp.nearbyHeading, live.nearbyHeading)) context += kHeadingMatch;
  if (same(fp.nearbyText, live.nearbyText)) context += kNearbyTextMatch;
  const positional = (fp.xpath === live.xpath ? kXpathMatch : 0) + (fp.cssPath === live.cssPath ? kCssPathMatch : 0);
  context += positional;
  if (fp.frameChain.length === live.frameDepth) context += kFrameMatch;

  const score = identity + context + penalty;
  return {
    score,
    identity,
    positional,
    contradictions,
    acceptable: !contradictions.length && identity >= kMinIdentity && score >= kMinAgreement,
  };
}

export interface Scored<T> {
  item: T;
  agreement: Agreement;
}

export type Pick<T> =
  | { kind: 'unique'; winner: Scored<T> }
  | { kind: 'ambiguous'; tied: Scored<T>[] }
  | { kind: 'rejected'; best: Scored<T> | null };

/**
 * Chooses among the candidates one level found. One acceptable candidate wins; several must be
 * separated by `kTieMargin` in what they are (position does not count: identical rows or buttons
 * that moved would otherwise resolve to whichever now sits where the recorded one sat), or the
 * level is ambiguous. Never the first of equals.
 */
export function pickCandidate<T>(scored: Scored<T>[]): Pick<T> {
  const acceptable = scored.filter((s) => s.agreement.acceptable).sort((a, b) => b.agreement.score - a.agreement.score);
  if (!acceptable.length) {
    const best = [...scored].sort((a, b) => b.agreement.score - a.agreement.score)[0] ?? null;
    return { kind: 'rejected', best };
  }
  const [first, second] = acceptable;
  if (!second) return { kind: 'unique', winner: first! };
  const essential = (s: Scored<T>) => s.agreement.score - s.agreement.positional;
  const lead = Math.min(...acceptable.slice(1).map((s) => essential(first!) - essential(s)));
  if (lead >= kTieMargin) return { kind: 'unique', winner: first! };
  return { kind: 'ambiguous', tied: acceptable.filter((s) => essential(first!) - essential(s) < kTieMargin) };
}
