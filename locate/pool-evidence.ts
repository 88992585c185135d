import type { Fingerprint } from '../core/schema/history.ts';
import { agreement, isRowScoped, stableClasses, type Agreement, type AgreementOptions, type LiveFeatures } from './scoring.ts';
import { kMinAgreement, kMinIdentity } from './weights.ts';
import { normalizeText, wholeWords, wordsOf } from './text.ts';

/**
 * Evidence that only the pool of candidates shows, applied after each was scored alone: a class
 * no other element holds, a row the page reworded as a whole, a name that keys its row in the
 * recorded scope. Pure.
 */

/**
 * Weight of a recorded class that one element on the page has and no other has (the app's own
 * name for that control, `tc-btn-save`, `btn-confirm`): evidence of what it is, as strong as a
 * matching title. Generated classes never count; a decoy that copies the control's classes shares
 * them, so they count for neither.
 */
export const kDistinctClass = 15;

/**
 * Adds `kDistinctClass` to the identity of each candidate holding a stable recorded class that no
 * other element holds: no other candidate in `pool`, and, with `onPage` (how many elements on the
 * page hold each class), no other element on the page. The class's share of the context moves
 * into that identity, so it does not count twice. Pure: returns new agreements in the pool's order.
 */
export function withDistinctClasses<T>(fp: Fingerprint, pool: { item: T; agreement: Agreement }[], classesOf: (item: T) => string[], onPage?: ReadonlyMap<string, number>): { item: T; agreement: Agreement }[] {
  const recorded = new Set(stableClasses(fp));
  if (!recorded.size || pool.length < 2) return pool;
  const holders = new Map<string, number>();
  const mine = pool.map((s) => new Set(classesOf(s.item).filter((c) => recorded.has(c))));
  for (const set of mine) for (const c of set) holders.set(c, (holders.get(c) ?? 0) + 1);
  const distinct = (c: string) => holders.get(c) === 1 && (onPage === undefined || (onPage.get(c) ?? 0) <= 1);
  return pool.map((s, i) => {
    if (![...mine[i]!].some(distinct) || s.agreement.contradictions.length) return s;
    const identity = s.agreement.identity + kDistinctClass;
    const score = s.agreement.score + kDistinctClass - s.agreement.classes;
    return { item: s.item, agreement: { ...s.agreement, identity, score, classes: 0, acceptable: identity >= kMinIdentity && score >= kMinAgreement } };
  });
}

/** Other rows needed to tell a caption every row carries from a word one row holds. */
export const kMinRowsForRewording = 2;

/**
 * Whether `live`'s row is the recorded row whose caption the page reworded as a whole (an "edit"
 * link that reads "modify" in every row of a reworded release): the recorded row's text is
 * nowhere on the page; its region kept every element of the kind (a removed row takes one with
 * it); every recorded word the live row lacks is nowhere on the page (`lostOnPage`), so no other
 * row holds the recorded data; and every word the live row has instead is in each of the other
 * rows' texts (`others`, at least `kMinRowsForRewording`): a caption all rows carry, not one row's
 * data ("Walk the cat" is not "Walk the dog" reworded: "cat" is in no other row).
 */
function rewordedRow(fp: Fingerprint, live: LiveFeatures, others: string[], lostOnPage: ReadonlySet<string>): boolean {
  const [r, l] = [fp.container, live.container];
  if (!r?.text || !l?.text || !isRowScoped(fp) || r.role !== l.role || fp.kindPeers === null || live.kindPeers < fp.kindPeers) return false;
  const [recorded, now] = [wordsOf(wholeWords(r.text)), wordsOf(wholeWords(l.text))];
  const missing = [...recorded].filter((w) => !now.has(w));
  const gained = [...now].filter((w) => !recorded.has(w));
  const otherRows = others.filter((t) => normalizeText(t) !== normalizeText(l.text)).map((t) => wordsOf(wholeWords(t)));
  return missing.length > 0 && gained.length > 0 && missing.every((w) => lostOnPage.has(w)) &&
    otherRows.length >= kMinRowsForRewording && gained.every((w) => otherRows.every((row) => row.has(w)));
}

/**
 * Scores again, as the recorded row reworded, the candidates whose row `rewordedRow` finds to be
 * it, judged against the rows of the other candidates in `pool` (same container role). Pure:
 * returns new agreements in the pool's order; `lostOnPage` empty leaves the pool as it is.
 */
export function withRewordedRows<T>(fp: Fingerprint, pool: { item: T; agreement: Agreement }[], featuresOf: (item: T) => LiveFeatures, lostOnPage: ReadonlySet<string>, options: AgreementOptions): { item: T; agreement: Agreement }[] {
  if (!lostOnPage.size || !fp.container) return pool;
  const rows = pool.map((s) => featuresOf(s.item).container).filter((c) => c?.role === fp.container!.role && c.text).map((c) => c!.text!);
  return pool.map((s) => {
    const live = featuresOf(s.item);
    if (!s.agreement.contradictions.length || !rewordedRow(fp, live, rows, lostOnPage)) return s;
    return { item: s.item, agreement: agreement(fp, live, { ...options, rowReworded: true }) };
  });
}

/**
 * Whether the recorded locator's one match (`match`, unique when recorded and now) is the recorded
 * row's element by its own name, whatever its row's text now reads: the recorded row's text is
 * nowhere on the page (`rowTextGone`: a page reworded or translated around the row), the match
 * has the recorded name exactly, and among the elements of its role in the recorded locator's
 * scope (`inScope`, the match among them) it is the only one by that name while they sit in at
 * least `kMinRowsForRewording` rows of the recorded kind: the name is the key that told its row
 * from the others in that scope, as a field's name does in a schema table. A scope that holds one
 * row (a row's own id) tells no row from another, so a row put in the recorded one's place is
 * never taken by the name of a control every row carries; and a region that lost an element of
 * the kind may have lost the recorded row. Pure.
 */
export function nameKeysRow(fp: Fingerprint, match: LiveFeatures, inScope: LiveFeatures[], rowTextGone: boolean): boolean {
  const recordedRow = fp.container;
  if (!rowTextGone || !recordedRow || !isRowScoped(fp) || !fp.name.trim() || match.name !== fp.name || match.role !== fp.role) return false;
  if (match.container?.role !== recordedRow.role || fp.kindPeers === null || match.kindPeers < fp.kindPeers) return false;
  const kin = inScope.filter((f) => f.role === fp.role);
  const rows = new Set(kin.filter((f) => f.container?.role === recordedRow.role && f.container.text).map((f) => normalizeText(f.container!.text)));
  const named = kin.filter((f) => f.name === fp.name);
  return named.length === 1 && named[0]!.cssPath === match.cssPath && named[0]!.xpath === match.xpath && rows.size >= kMinRowsForRewording;
}
