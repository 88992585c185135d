import { isCallOf, strayRewrites, wrongPatches, type FoundElement, type TracedCall } from './suite-oracle.ts';

/**
 * How `bu heal` met one case of the heal-suite bench (a mutant, a changed expectation, code moved
 * above a broken call), test by test. A patch is wrong when:
 *   - a test passes after heal where what it expects no longer holds (a changed expectation);
 *   - a rewritten call is not one that failed (suite-oracle.ts, strayRewrites);
 *   - a rewritten call finds another element than the unchanged app's run (wrongPatches).
 * Pure: the runs' outcomes and calls come in, every call named by the original code's lines.
 */

export interface HealCaseRuns {
  /** Tests that failed before heal, as the runs name them (`file › title`). */
  failing: string[];
  /** Each test's outcome after heal (the run before heal when heal wrote nothing). */
  after: Map<string, boolean>;
  /** Patches heal wrote. */
  changes: number;
  /** Why heal left a test failing, by test; `problem` for all when heal itself failed. */
  reasons: Map<string, string>;
  problem: string | null;
  /** What each test expects no longer holds: any test heal makes pass is a wrong patch. */
  expectationChanged: boolean;
  /** The unchanged app's stamped run of the same tests. */
  reference: Map<string, FoundElement>;
  /** The run heal read (its failing calls). */
  failed: Map<string, TracedCall>;
  /** The stamped run after heal; null when heal wrote nothing. */
  healed: Map<string, TracedCall> | null;
}

export interface TestVerdict {
  test: string;
  green: boolean;
  /** Why it is still failing; null when green. */
  refused: string | null;
  wrong: string[];
}

export interface CaseVerdict {
  tests: TestVerdict[];
  /** Wrong patches no failing test's call names (a test that did not fail had a call rewritten). */
  elsewhere: string[];
}

/** The test a call (`test › file:line:column #turn`) belongs to, of `tests`. */
function testOf(call: string, tests: string[]): string | null {
  return tests.find((t) => isCallOf(call, t)) ?? null;
}

export function judgeHealCase(runs: HealCaseRuns): CaseVerdict {
  const wrong: string[] = [];
  if (runs.healed) {
    const found = new Map<string, FoundElement>();
    for (const [call, c] of runs.healed) if (c.key !== null && c.error === null) found.set(call, { selector: c.selector, key: c.key, method: c.method });
    wrong.push(...wrongPatches(runs.reference, found), ...strayRewrites(runs.reference, runs.failed, runs.healed));
  }
  const tests = runs.failing.map((test): TestVerdict => {
    const green = runs.after.get(test) === true;
    const own = wrong.filter((w) => testOf(w, [test]) !== null);
    if (green && runs.expectationChanged && runs.changes) own.push(`${test}: passes after heal, though what it expects no longer holds`);
    return { test, green, refused: green ? null : runs.problem ?? runs.reasons.get(test) ?? 'still failing after heal', wrong: own };
  });
  return { tests, elsewhere: wrong.filter((w) => testOf(w, runs.failing) === null) };
}
