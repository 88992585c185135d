import type { Agreement } from './scoring.ts';
import { kMinSoleStructure, kTieMargin } from './weights.ts';

/**
 * Chooses among candidates by comparing them with each other, not only with an absolute bar that
 * unnamed or renamed controls can never reach:
 *  - `evidence`: candidates strong on their own (identity and total agreement) compete; the
 *    winner must lead every other plausible candidate by `kTieMargin` in what it is (position
 *    does not count: identical rows that moved would otherwise resolve to whichever now sits where
 *    the recorded one sat), else the pick is ambiguous.
 *  - `sole`: with no strong candidate, and only when the query saw every element of the kind in
 *    the frame or region (`exhaustive`), the only element of the recorded role and type, in the
 *    recorded region and kind of container, with a similar structure, is the target even when its
 *    name changed (a reworded or translated placeholder).
 *  - `lead`: several of that kind, one leading the rest by the margin in what it is.
 * Candidates with a contradiction never win. Never the first of equals.
 */

export interface Scored<T> {
  item: T;
  agreement: Agreement;
}

export type PickRule = 'evidence' | 'sole' | 'lead';

export type Pick<T> =
  | { kind: 'unique'; winner: Scored<T>; rule: PickRule }
  | { kind: 'ambiguous'; tied: Scored<T>[] }
  | { kind: 'rejected'; best: Scored<T> | null };

export interface PickOptions {
  /** The candidates are every element of the recorded kind in the frame or region. */
  exhaustive?: boolean;
}

const essential = (s: Scored<unknown>) => s.agreement.score - s.agreement.positional;
const byEssential = (a: Scored<unknown>, b: Scored<unknown>) => essential(b) - essential(a) || b.agreement.score - a.agreement.score;

/** The first of `ranked` when it leads every other by the margin, else the ones within it. */
function leader<T>(ranked: Scored<T>[], rivals: Scored<T>[]): { winner: Scored<T> } | { tied: Scored<T>[] } {
  const first = ranked[0]!;
  const others = rivals.filter((s) => s !== first);
  const close = others.filter((s) => essential(first) - essential(s) < kTieMargin);
  return close.length ? { tied: [first, ...close] } : { winner: first };
}

export function pickCandidate<T>(scored: Scored<T>[], options: PickOptions = {}): Pick<T> {
  const viable = scored.filter((s) => !s.agreement.contradictions.length);
  const strong = viable.filter((s) => s.agreement.acceptable).sort(byEssential);
  if (strong.length) {
    // Rivals: every plausible candidate, so a weak look-alike close to a barely strong one still ties.
    const rivals = viable.filter((s) => s.agreement.acceptable || s.agreement.sameKind);
    const result = leader(strong, rivals);
    return 'winner' in result ? { kind: 'unique', winner: result.winner, rule: 'evidence' } : { kind: 'ambiguous', tied: result.tied };
  }
  const best = [...scored].sort((a, b) => b.agreement.score - a.agreement.score)[0] ?? null;
  if (!options.exhaustive) return { kind: 'rejected', best };
  const kin = viable.filter((s) => s.agreement.sameKind).sort(byEssential);
  const similar = kin.filter((s) => s.agreement.structure >= kMinSoleStructure);
  if (!similar.length) return { kind: 'rejected', best };
  if (kin.length === 1) return { kind: 'unique', winner: kin[0]!, rule: 'sole' };
  const result = leader(similar, kin);
  return 'winner' in result ? { kind: 'unique', winner: result.winner, rule: 'lead' } : { kind: 'ambiguous', tied: result.tied };
}
