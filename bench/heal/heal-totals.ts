import { refusalCounts } from './refusals.ts';

/** What both heal benches count per row (an app and a release or mutation). */
export interface HealCounts {
  failing: number;
  green: number;
  /** Failing specs heal left failing, each with its reason. */
  refused: string[];
  /** Of `refused`, an expectation that changed: never healed, by design. */
  expectation: number;
  /** Of `refused`, a failure otherwise than on finding an element. */
  notLocator: number;
  wrong: string[];
  healMs: number;
  healedTests: number;
}

export interface HealTotals {
  failing: number;
  green: number;
  expectation: number;
  notLocator: number;
  /** Failing on how an element is found: what heal is for. */
  locatorFailing: number;
  /** Refused for another reason than an expectation change or a failure that is not a locator's. */
  refused: number;
  wrong: number;
  /** Seconds of wall time per failing test heal ran on, one decimal. */
  secondsPerTest: string;
  refusalsByReason: string;
}

/** The totals over the rows of a heal bench, as both benches print them. */
export function healTotals(rows: HealCounts[]): HealTotals {
  const sum = (f: (r: HealCounts) => number) => rows.reduce((n, r) => n + f(r), 0);
  const failing = sum((r) => r.failing);
  const expectation = sum((r) => r.expectation);
  const notLocator = sum((r) => r.notLocator);
  const tests = sum((r) => r.healedTests);
  return {
    failing,
    green: sum((r) => r.green),
    expectation,
    notLocator,
    locatorFailing: failing - expectation - notLocator,
    refused: sum((r) => r.refused.length) - expectation - notLocator,
    wrong: sum((r) => r.wrong.length),
    secondsPerTest: tests ? (sum((r) => r.healMs) / tests / 1000).toFixed(1) : '0',
    refusalsByReason: refusalCounts(rows.flatMap((r) => r.refused)),
  };
}

/** `n` as a share of `of`, in whole percent. */
export function percentOf(n: number, of: number): string {
  return of ? `${((100 * n) / of).toFixed(0)}%` : 'n/a';
}
