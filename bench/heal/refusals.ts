/**
 * Why `bu heal` left a failing spec failing, as a short kind for the heal benches' tables. An
 * expectation that changed is never healed by design; a failing call whose locator still finds
 * its element alone (a disabled button, an app that behaves otherwise) and a test that timed out
 * in an assertion that had not failed yet are no broken locator either. The benches count those
 * apart and compute the heal rate over the rest: the failures about finding an element.
 */

export type RefusalKind =
  | 'expectation changed'
  | 'element still found'
  | 'ambiguous'
  | 'renamed, refused'
  | 'position only'
  | 'no element agrees'
  | 'item not found'
  | 'code changed'
  | 'timed out'
  | 'still failing'
  | 'other';

/** The kinds in the order the tables print them. */
export const kRefusalKinds: readonly RefusalKind[] = ['expectation changed', 'element still found', 'timed out', 'ambiguous', 'renamed, refused', 'position only', 'no element agrees', 'item not found', 'code changed', 'still failing', 'other'];

/** The kind of one refusal reason, as `bu heal` words it. */
export function refusalKind(reason: string): RefusalKind {
  // Refused in a round, or healed and then failing on an expectation the rerun reached (its reason
  // quotes the rerun's error first, then where the expectation changed).
  if (reason.includes('not healable: expectation changed') || (reason.includes('still failing after heal: ') && reason.includes('expectation changed at '))) return 'expectation changed';
  if (reason.includes('the locator still finds the recorded element alone') || reason.includes('the locator still finds one element, not shown now')) return 'element still found';
  if (reason.includes('the test timed out while') || reason.includes('gave up before the page showed') || /Test timeout of \d+ms exceeded/.test(reason)) return 'timed out';
  if (/\bambiguous\b/.test(reason)) return 'ambiguous';
  if (reason.includes('on a page not otherwise reworded; refused')) return 'renamed, refused';
  if (reason.includes('no locator other than a position')) return 'position only';
  if (reason.includes('no element on the page agrees')) return 'no element agrees';
  if (/the item locator .* finds \d+ items/.test(reason) || reason.includes('outside its item')) return 'item not found';
  if (reason.includes('the code changed since the baseline') || reason.includes('changed since the run that failed')) return 'code changed';
  if (reason.includes('still failing after')) return 'still failing';
  return 'other';
}

/** `kind n, kind n` over the kinds present, in table order. */
export function refusalCounts(reasons: string[]): string {
  const counts = new Map<RefusalKind, number>();
  for (const reason of reasons) counts.set(refusalKind(reason), (counts.get(refusalKind(reason)) ?? 0) + 1);
  return kRefusalKinds.filter((k) => counts.has(k)).map((k) => `${k} ${counts.get(k)}`).join(', ') || 'none';
}

/** Kinds whose spec did not fail on how an element is found: outside the heal rate's base, printed apart. */
export const kNotLocatorKinds: ReadonlySet<RefusalKind> = new Set(['expectation changed', 'element still found', 'timed out']);
