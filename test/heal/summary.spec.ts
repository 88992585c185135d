import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '../support/fixtures.ts';
import type { ExpectationChange } from '../../heal/expectation.ts';
import { errorHeadline } from '../../heal/error-headline.ts';
import type { HealChange, HealResult } from '../../heal/heal.ts';
import { healSummary, kOutcomes, summaryLine } from '../../heal/heal-summary.ts';
import { healAndRerun, reportOutcomes, type TestRun } from '../../heal/rerun.ts';
import { tempWorkspace } from '../../harness/generate/on-disk.ts';

/**
 * What `bu heal` says became of the failing tests: each in one outcome, so the counts add up, and
 * `--rerun` green only on the rerun's word. Heal rounds are faked (`healWith`, `runTests`), so only
 * the bookkeeping runs: which tests were written, rerun, and how their reruns went.
 */

function change(test: string, member = 'LoginPage.signIn'): HealChange {
  return { test, trace: `${test}.zip`, file: 'pom/LoginPage.ts', member, before: 'a', after: 'b', level: 'roleName', score: 100, signals: [], runnerUp: null, margin: null };
}

function expectation(test: string, accepted: boolean): ExpectationChange {
  return {
    test, trace: `${test}.zip`, file: 'tests/a.spec.ts', line: 7, statement: "await expect(page.getByRole('heading')).toHaveText('Orders')", matcher: 'toHaveText',
    before: "'Orders'", now: 'Orders 2025', after: accepted ? "'Orders 2025'" : null, why: null, refound: [], missing: [], accepted,
  };
}

function result(parts: Partial<HealResult>): HealResult {
  return { failed: [], changes: [], notHealed: [], expectations: [], errors: [], files: new Map(), diff: '', ...parts };
}

const failed = (...tests: string[]) => tests.map((t) => ({ test: t, trace: `${t}.zip`, error: `Error: ${t} failed` }));

test('every failing test is in exactly one outcome, and the counts add up to the failing tests', () => {
  const tests = ['a.spec.ts:1 › healed', 'a.spec.ts:2 › healed twice', 'a.spec.ts:3 › refused after heal', 'a.spec.ts:4 › review', 'a.spec.ts:5 › refused', 'a.spec.ts:6 › broken', 'a.spec.ts:7 › accepted', 'a.spec.ts:8 › no verdict'];
  const [healed, twice, laterRefused, review, refused, broken, accepted, silent] = tests as [string, string, string, string, string, string, string, string];
  const summary = healSummary({
    // A retried test leaves two failing traces; the unreadable trace is only in errors.
    failed: [...failed(...tests), ...failed(healed)],
    changes: [change(healed), change(healed), change(twice), change(twice, 'LoginPage.submit'), change(laterRefused)],
    expectations: [expectation(review, false), expectation(accepted, true)],
    // Refused in a later round after its heal: still one test, healed and still failing.
    notHealed: [{ test: laterRefused, trace: 'x', reason: 'ambiguous' }, { test: review, trace: 'x', reason: 'not healable: expectation changed' }, { test: refused, trace: 'x', reason: 'no baseline for this test' }],
    errors: [{ test: broken, trace: 'x', reason: 'healing this test failed: boom' }, { test: 'results/torn/trace.zip', trace: 'results/torn/trace.zip', reason: 'the trace could not be read: bad zip' }],
    rerun: { green: [healed, accepted], stillFailing: [{ test: laterRefused, reason: 'its rerun failed: Error: x; ambiguous' }] },
  });
  expect(summary.failing).toBe(tests.length + 1);
  const sum = kOutcomes.reduce((n, o) => n + summary.counts[o], 0);
  expect(sum).toBe(summary.failing);
  expect(new Set(summary.tests.map((t) => t.test)).size).toBe(summary.tests.length);
  expect(Object.fromEntries(summary.tests.map((t) => [t.test, t.outcome]))).toEqual({
    [healed]: 'green', [accepted]: 'green', [twice]: 'not-rerun', [laterRefused]: 'still-failing', [review]: 'review', [refused]: 'refused',
    [broken]: 'error', [silent]: 'error', 'results/torn/trace.zip': 'error',
  });
  expect(summary.tests.find((t) => t.test === silent)!.reason).toBe('heal reached no verdict on this test');
  expect(summaryLine(summary, true)).toBe('9 failing test(s): 2 healed, green when rerun, 1 healed, still failing when rerun, 1 healed, not rerun, 1 expectation changed (for review), 1 not healable, 3 error (trace not read or heal failed)');
  // Without --rerun, a written test is healed: nothing says it passes.
  const once = healSummary({ failed: failed(healed, refused), changes: [change(healed)], expectations: [], notHealed: [{ test: refused, trace: 'x', reason: 'r' }], errors: [], rerun: null });
  expect(once.counts).toMatchObject({ green: 0, 'not-rerun': 1, refused: 1 });
  expect(summaryLine(once, false)).toBe('2 failing test(s): 1 healed, 1 not healable');
});

test('an error is one line: what failed, what was expected and what was received', () => {
  const error = 'Error: expect(locator).toHaveText(expected) failed\n\nLocator:  getByRole(\'heading\')\nExpected: "Orders"\nReceived: "Orders 2025"\nTimeout: 5000ms\n\nCall log:\n  - waiting for getByRole(\'heading\')';
  expect(errorHeadline(error)).toBe('Error: expect(locator).toHaveText(expected) failed; Expected: "Orders"; Received: "Orders 2025"');
});

test('a Playwright JSON report gives each test\'s place and outcome', () => {
  const report = { suites: [{ title: 'a.spec.ts', specs: [{ title: 't', file: 'a.spec.ts', line: 3, ok: false }], suites: [{ title: 'd', specs: [{ title: 'u', file: 'a.spec.ts', line: 9, ok: true }] }] }] };
  expect(reportOutcomes(JSON.stringify(report))).toEqual([{ location: 'a.spec.ts:3', ok: false }, { location: 'a.spec.ts:9', ok: true }]);
  expect(reportOutcomes('not json')).toBeUndefined();
});

test.describe('--rerun', () => {
  let ws: ReturnType<typeof tempWorkspace>;
  test.beforeEach(() => {
    ws = tempWorkspace('heal-rerun-summary');
    fs.mkdirSync(path.join(ws.root, 'tests'), { recursive: true });
    fs.writeFileSync(path.join(ws.root, 'tests', 'a.spec.ts'), "expect('Orders')\n");
  });
  test.afterEach(() => ws.remove());

  const T = 'a.spec.ts:3 › orders › shows the heading';
  const U = 'a.spec.ts:9 › orders › lists orders';

  /** Rounds of healing in turn; each later round's traces are "in" the rerun's output folder, made here as the run. */
  function fakeRounds(rounds: HealResult[], runs: TestRun[]) {
    let heals = 0;
    let reruns = 0;
    return {
      healWith: async () => rounds[heals++] ?? result({}),
      runTests: async (_locations: string[], outputDir: string) => {
        fs.mkdirSync(outputDir, { recursive: true });
        return runs[reruns++]!;
      },
    };
  }

  test('a test whose rerun fails on the expectation it accepted is still failing, with that failure, and never green', async () => {
    const first = result({ failed: failed(T), expectations: [expectation(T, true)] });
    // The rerun fails on the accepted expectation again, and its heal accepts it once more.
    const second = result({ failed: [{ test: T, trace: 'r.zip', error: 'Error: expect(locator).toHaveText(expected) failed; Expected: "Orders 2025"; Received: "Orders 2026"' }], expectations: [expectation(T, false)] });
    const rerun = await healAndRerun({ root: ws.root, inputs: [], env: {}, rounds: 3, ...fakeRounds([first, second], [{ passed: false, output: '1 failed' }]) });
    expect(rerun.green).toEqual([]);
    expect(rerun.stillFailing).toEqual([{ test: T, reason: expect.stringMatching(/^its rerun failed: Error: expect\(locator\)\.toHaveText\(expected\) failed; Expected: "Orders 2025"; Received: "Orders 2026"; expectation changed at tests\/a\.spec\.ts:7/) }]);
    const summary = healSummary({ ...rerun, rerun });
    expect(summary.counts).toMatchObject({ green: 0, 'still-failing': 1 });
    expect(summary.failing).toBe(1);
  });

  test('a failed run makes green only the tests Playwright\'s report says passed', async () => {
    const first = result({ failed: failed(T, U), changes: [change(T), change(U, 'LoginPage.list')] });
    // U failed, and its trace read as a failure outside a browser call; T passed by the report.
    const second = result({ failed: failed(U), notHealed: [{ test: U, trace: 'u.zip', reason: 'the test failed outside a browser call: Error: boom' }] });
    const run: TestRun = { passed: false, output: '1 failed', outcomes: [{ location: 'a.spec.ts:3', ok: true }, { location: 'a.spec.ts:9', ok: false }] };
    const rerun = await healAndRerun({ root: ws.root, inputs: [], env: {}, rounds: 3, ...fakeRounds([first, second], [run]) });
    expect(rerun.green).toEqual([T]);
    expect(rerun.stillFailing.map((s) => s.test)).toEqual([U]);
    expect(rerun.notHealed).toEqual([]);
    // Without the report, a failed run proves no test green.
    const blind = await healAndRerun({ root: ws.root, inputs: [], env: {}, rounds: 3, ...fakeRounds([first, second], [{ passed: false, output: '' }]) });
    expect(blind.green).toEqual([]);
    expect(healSummary({ ...blind, rerun: blind }).counts).toMatchObject({ green: 0, 'still-failing': 2 });
  });

  test('a test healed in the last round is not rerun; a passing run makes every rerun test green', async () => {
    const first = result({ failed: failed(T), changes: [change(T)] });
    const second = result({ failed: failed(T), changes: [change(T, 'LoginPage.submit')] });
    const capped = await healAndRerun({ root: ws.root, inputs: [], env: {}, rounds: 2, ...fakeRounds([first, second], [{ passed: false, output: '' }]) });
    expect(capped.green).toEqual([]);
    expect(capped.stillFailing).toEqual([{ test: T, reason: 'its rerun failed: Error: a.spec.ts:3 › orders › shows the heading failed; healed again in round 2 (LoginPage.submit), not rerun since' }]);
    const passing = await healAndRerun({ root: ws.root, inputs: [], env: {}, rounds: 3, ...fakeRounds([first], [{ passed: true, output: '' }]) });
    expect(passing.green).toEqual([T]);
  });
  test('a heal that collapses a chain moves the tests below it: the rerun runs each test where it is now, and its next round names it once', async () => {
    // Two tests of one file; the first's call written over three lines is healed onto one.
    const before = "test('first', async ({ page }) => {\n  await page\n    .locator('.old')\n    .click();\n});\n\ntest('second', async ({ page }) => {\n  await page.locator('.older').click();\n});\n";
    const after = "test('first', async ({ page }) => {\n  await page.locator('.new').click();\n});\n\ntest('second', async ({ page }) => {\n  await page.locator('.newer').click();\n});\n";
    fs.writeFileSync(path.join(ws.root, 'tests', 'b.spec.ts'), before);
    const first = 'b.spec.ts:1 › first';
    const second = 'b.spec.ts:7 › second';
    const round1 = result({ failed: failed(first, second), changes: [change(first), change(second)], files: new Map([['tests/b.spec.ts', { before, after }]]) });
    // The rerun's trace names the second test at its new line; its round heals nothing more.
    const round2 = result({ failed: failed('b.spec.ts:5 › second'), notHealed: [{ test: 'b.spec.ts:5 › second', trace: 'r.zip', reason: 'the element is gone' }] });
    const asked: string[][] = [];
    let heals = 0;
    const rerun = await healAndRerun({
      root: ws.root, inputs: [], env: {}, rounds: 3,
      healWith: async () => [round1, round2][heals++] ?? result({}),
      runTests: async (locations, outputDir) => {
        asked.push(locations);
        fs.mkdirSync(outputDir, { recursive: true });
        return { passed: false, output: '1 failed', outcomes: [{ location: 'b.spec.ts:1', ok: true }, { location: 'b.spec.ts:5', ok: false }] };
      },
    });
    expect(asked).toEqual([['b.spec.ts:1', 'b.spec.ts:5']]);
    expect(rerun.green).toEqual([first]);
    expect(rerun.stillFailing).toEqual([{ test: second, reason: 'its rerun failed: Error: b.spec.ts:5 › second failed; the element is gone' }]);
    // Healed in round 1, it is reported by its rerun, not also as refused under its new name.
    expect(rerun.notHealed).toEqual([]);
  });
});
