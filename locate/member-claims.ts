import { peerName } from '../core/aria/peers.ts';
import type { Fingerprint } from '../core/schema/history.ts';
import { oneToOne, pairMargin } from './one-to-one.ts';
import { agreement, effectiveType, type Agreement, type AgreementOptions, type LiveFeatures } from './scoring.ts';
import { kClaimMargin, kMinAgreement } from './weights.ts';

/**
 * The recorded page matched to the page now as a whole, for one element looked for: the element
 * and the other elements recorded on its page of the same kind (its members) are assigned to the
 * live candidates at once, one to one, by their agreement (see one-to-one.ts). A candidate that a
 * member takes, and takes by a margin (the best reading of the page without that pair is worse by
 * `kClaimMargin`), is that member's element: it is never the looked-for one. So a peer that stayed
 * keeps its own match ("Delete" gone beside "Delete all" has nothing left to take), and an element
 * renamed with the rest of its page (a translated form whose fields all lost their names) is the
 * one left when its members took theirs. Pure.
 */

/** The same kind of element: the same role, or with none, the same tag and input type. */
function sameKind(a: Fingerprint, b: Fingerprint): boolean {
  if (a.role || b.role) return a.role === b.role;
  return a.tag === b.tag && effectiveType(a.tag, a.type) === effectiveType(b.tag, b.type);
}

/**
 * The members that compete with the element: of its kind, each once, and never the element itself
 * recorded again (at its place, or under its name: a look-alike by name is told apart by its row,
 * which the element's own agreement already reads).
 */
export function rivalMembers(fp: Fingerprint, members: readonly Fingerprint[]): Fingerprint[] {
  const seen = new Set<string>();
  const own = peerName(fp.name);
  return members.filter((m) => {
    const key = `${m.cssPath}\u0000${m.xpath}`;
    if (!sameKind(fp, m) || (m.cssPath === fp.cssPath && m.xpath === fp.xpath) || (own !== '' && peerName(m.name) === own) || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * A member's agreement with a live element, as the assignment counts it: what it could be re-found
 * as on its own (no contradiction, the agreement replay acts on), else null. Kept per live element
 * read: the cascade decides again over a growing pool at every level, with the same elements.
 */
const memberValues = new WeakMap<LiveFeatures, Map<Fingerprint, number | null>>();

function memberValue(member: Fingerprint, live: LiveFeatures, options: AgreementOptions): number | null {
  let known = memberValues.get(live);
  if (!known) memberValues.set(live, (known = new Map()));
  let value = known.get(member);
  if (value === undefined) {
    const a = agreement(member, live, options);
    value = a.contradictions.length || a.score < kMinAgreement ? null : a.score;
    known.set(member, value);
  }
  return value;
}

export interface Claim {
  /** The candidate's index in the pool. */
  candidate: number;
  member: Fingerprint;
  score: number;
  margin: number;
}

/**
 * What each rival member takes of the pool by a margin. `pool`: the candidates with their agreement
 * with the looked-for element; a member's agreement is read with `options` as the page gives them
 * (link targets, ids), not the looked-for element's own row facts.
 */
export function memberClaims<T>(fp: Fingerprint, members: readonly Fingerprint[], pool: readonly { item: T; agreement: Agreement }[], featuresOf: (item: T) => LiveFeatures, options: AgreementOptions): Claim[] {
  const rivals = rivalMembers(fp, members);
  if (!rivals.length || !pool.length) return [];
  const memberOptions: AgreementOptions = { tolerantIds: options.tolerantIds, pageAddress: options.pageAddress };
  const values = [
    pool.map((s) => (s.agreement.contradictions.length ? null : s.agreement.score)),
    ...rivals.map((m) => pool.map((s) => memberValue(m, featuresOf(s.item), memberOptions))),
  ];
  const best = oneToOne(values);
  const claims: Claim[] = [];
  rivals.forEach((member, i) => {
    const candidate = best.columnOf[i + 1];
    if (candidate === null || candidate === undefined) return;
    const margin = pairMargin(values, best, i + 1, candidate);
    if (margin >= kClaimMargin) claims.push({ candidate, member, score: values[i + 1]![candidate]!, margin });
  });
  return claims;
}

/**
 * The pool with each candidate a member claims contradicted for the looked-for element, said for a
 * reader; the others as they were. Pure: returns new agreements in the pool's order.
 */
export function withMemberClaims<T>(fp: Fingerprint, members: readonly Fingerprint[], pool: { item: T; agreement: Agreement }[], featuresOf: (item: T) => LiveFeatures, options: AgreementOptions): { item: T; agreement: Agreement }[] {
  const claims = memberClaims(fp, members, pool, featuresOf, options);
  if (!claims.length) return pool;
  const byCandidate = new Map(claims.map((c) => [c.candidate, c]));
  return pool.map((s, i) => {
    const claim = byCandidate.get(i);
    if (!claim) return s;
    const said = `the recorded ${claim.member.role ?? claim.member.tag} "${claim.member.name.slice(0, 60)}" takes it (agreement ${claim.score}, by ${claim.margin} over the page's next best reading)`;
    return { item: s.item, agreement: { ...s.agreement, contradictions: [...s.agreement.contradictions, said], acceptable: false, sameKind: false } };
  });
}
