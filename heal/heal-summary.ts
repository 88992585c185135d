import { z } from 'zod';
import type { ExpectationChange } from './expectation.ts';
import type { HealChange, NotHealed } from './heal.ts';

/**
 * What became of each failing test, each in exactly one place, so that the counts `bu heal`
 * prints add up to the tests that failed. A test is healed when something was written for it (a
 * locator, or an expectation accepted with `--accept-expectations`); with `--rerun` it is green
 * only when its last rerun passed. A test several traces name (a retry's trace beside the first
 * attempt's) counts once, by what was done for it furthest along: written, then shown for review,
 * then refused, then an error.
 */

export const kOutcomes = [
  /** Written, and its last rerun passed. */
  'green',
  /** Written, and its last rerun failed (its reason is that failure). */
  'still-failing',
  /** Written and not run again (no `--rerun`, or its rounds ran out). */
  'not-rerun',
  /** An expectation that changed, shown for review and not written. */
  'review',
  /** Not healed, with the reason. */
  'refused',
  /** Its trace could not be read, or healing it failed (the others were healed all the same). */
  'error',
] as const;

export const HealOutcome = z.enum(kOutcomes);
export type HealOutcome = z.infer<typeof HealOutcome>;

export const TestOutcome = z.object({ test: z.string(), outcome: HealOutcome, reason: z.string().nullable() });
export type TestOutcome = z.infer<typeof TestOutcome>;

export const HealSummary = z.object({
  /** Failing tests (and traces that could not be read): the sum of the counts below. */
  failing: z.number().int(),
  counts: z.object(Object.fromEntries(kOutcomes.map((o) => [o, z.number().int()])) as Record<HealOutcome, z.ZodNumber>),
  tests: z.array(TestOutcome),
});
export type HealSummary = z.infer<typeof HealSummary>;

/** A test whose rerun failed after it was healed, and how. */
export interface StillFailing {
  test: string;
  reason: string;
}

export interface SummaryInput {
  /** Every failing test's trace read (a test may have several). */
  failed: { test: string }[];
  changes: HealChange[];
  expectations: ExpectationChange[];
  notHealed: NotHealed[];
  errors: NotHealed[];
  /** With --rerun: the tests whose last rerun passed, and those whose last rerun failed. */
  rerun: { green: string[]; stillFailing: StillFailing[] } | null;
}

/** Each failing test once, in the order first seen, with its one outcome. */
export function healSummary(input: SummaryInput): HealSummary {
  const order = new Map<string, true>();
  for (const { test } of [...input.failed, ...input.errors, ...input.changes, ...input.expectations, ...input.notHealed]) order.set(test, true);
  const written = new Set([...input.changes, ...input.expectations.filter((e) => e.accepted)].map((c) => c.test));
  const review = new Map(input.expectations.filter((e) => !e.accepted).map((e) => [e.test, e]));
  const refused = firstBy(input.notHealed);
  const errors = firstBy(input.errors);
  const green = new Set(input.rerun?.green ?? []);
  const stillFailing = firstBy(input.rerun?.stillFailing ?? []);
  const tests = [...order.keys()].map((test): TestOutcome => {
    if (written.has(test)) {
      if (green.has(test)) return { test, outcome: 'green', reason: null };
      const failed = stillFailing.get(test);
      if (failed) return { test, outcome: 'still-failing', reason: failed.reason };
      return { test, outcome: 'not-rerun', reason: null };
    }
    const expectation = review.get(test);
    if (expectation) return { test, outcome: 'review', reason: `expectation changed at ${expectation.file}:${expectation.line}: expected ${expectation.before}, the page showed ${expectation.now === null ? '(not known)' : JSON.stringify(expectation.now)}` };
    const no = refused.get(test);
    if (no) return { test, outcome: 'refused', reason: no.reason };
    // Only an error is left: a test seen failing and given no verdict is one too, never dropped.
    return { test, outcome: 'error', reason: errors.get(test)?.reason ?? 'heal reached no verdict on this test' };
  });
  const counts = Object.fromEntries(kOutcomes.map((o) => [o, tests.filter((t) => t.outcome === o).length])) as Record<HealOutcome, number>;
  return { failing: tests.length, counts, tests };
}

function firstBy<T extends { test: string }>(items: T[]): Map<string, T> {
  const by = new Map<string, T>();
  for (const item of items) if (!by.has(item.test)) by.set(item.test, item);
  return by;
}

/** The summary as one line: `8 failing test(s): 3 healed, green when rerun, 1 not healable, ...`; only the outcomes some test has. */
export function summaryLine(summary: HealSummary, rerun: boolean): string {
  const { counts } = summary;
  const parts: [number, string][] = [
    [counts.green, 'healed, green when rerun'],
    [counts['still-failing'], 'healed, still failing when rerun'],
    [counts['not-rerun'], rerun ? 'healed, not rerun' : 'healed'],
    [counts.review, 'expectation changed (for review)'],
    [counts.refused, 'not healable'],
    [counts.error, 'error (trace not read or heal failed)'],
  ];
  const shown = parts.filter(([n]) => n > 0).map(([n, what]) => `${n} ${what}`);
  return `${summary.failing} failing test(s)${shown.length ? `: ${shown.join(', ')}` : ''}`;
}
