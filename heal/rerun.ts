import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { UsageError } from '../core/errors.ts';
import { testKey } from './baseline.ts';
import { applyHeal, heal, type HealChange, type HealOptions, type HealResult, type NotHealed } from './heal.ts';
import type { StillFailing } from './heal-summary.ts';
import { lineAfter, unifiedDiff } from './unified-diff.ts';

/**
 * `bu heal --rerun`: a spec whose flow broke at two members fails at the first one; a heal fixes
 * that one, and only a run of the patched spec reaches the second. So, after each heal is written,
 * the tests it changed run again with the project's own Playwright (their traces kept in a folder
 * of their own, the user's test-results left as they were), and the new failures are healed, up to
 * a number of rounds. A round that changes nothing, or a rerun that passes, ends it; a test refused
 * in any round stays refused with that round's reason. What each round writes is what `--write`
 * writes: the result's diff is the whole change, from the page objects as they were. A healed test
 * is green only on its last rerun's word: the run passed, or Playwright's report says that test
 * passed and it left no failing trace; every other healed test that was rerun is still failing,
 * with that rerun's failure.
 */

/** Rounds when none is given: each is one broken member of a flow; three covers a release that reworded a form. */
export const kDefaultRounds = 3;

export interface RerunOptions extends HealOptions {
  /** Heal rounds in all, the first included (>= 1). */
  rounds: number;
  /** Runs the given tests (`file:line` as heal names them), their failures' traces under `outputDir`. */
  runTests?: (locations: string[], outputDir: string) => Promise<TestRun>;
  /**
   * One round of healing from traces (default: the generated page objects' heal of `root`);
   * `earlier`: the runs before this round, the failing run first.
   */
  healWith?: (inputs: string[], earlier: string[]) => Promise<HealResult>;
}

/** How a rerun went: whether every test passed (Playwright's exit status 0), and the end of what it printed. */
export interface TestRun {
  passed: boolean;
  output: string;
  /** Each test's outcome by `file:line` as Playwright's report gives it; absent when the run wrote no report. */
  outcomes?: { location: string; ok: boolean }[];
}

export interface RerunResult extends HealResult {
  rounds: number;
  /** Healed tests whose last rerun passed. */
  green: string[];
  /** Healed tests whose last rerun failed, with how. */
  stillFailing: StillFailing[];
  /** Why the rounds stopped short: a rerun failed and left no failing test's trace to heal from. */
  rerunProblem: string | null;
}

/** Lines of a rerun's output kept for its problem. */
const kOutputTailLines = 12;

/** `spec.ts:12` of a test heal names `spec.ts:12 › title`; null when it has no location. */
export function testLocation(test: string): string | null {
  const head = test.split(' › ')[0] ?? '';
  return /:\d+$/.test(head) ? head : null;
}

interface ReportSuite {
  suites?: ReportSuite[];
  specs?: { file: string; line: number; ok: boolean }[];
}

/** What --rerun reads of Playwright's JSON report: each spec's place and whether it passed. */
const ReportSuite: z.ZodType<ReportSuite> = z.looseObject({
  suites: z.array(z.lazy(() => ReportSuite)).optional(),
  specs: z.array(z.looseObject({ file: z.string(), line: z.number().int(), ok: z.boolean() })).optional(),
});

/** Each test's outcome in a Playwright JSON report's text; undefined when it is not one. */
export function reportOutcomes(text: string): TestRun['outcomes'] {
  let parsed;
  try {
    parsed = ReportSuite.safeParse(JSON.parse(text));
  } catch {
    return undefined;
  }
  if (!parsed.success) return undefined;
  const outcomes: NonNullable<TestRun['outcomes']> = [];
  const visit = (suite: ReportSuite) => {
    for (const spec of suite.specs ?? []) outcomes.push({ location: `${spec.file.split(path.sep).join('/')}:${spec.line}`, ok: spec.ok });
    for (const child of suite.suites ?? []) visit(child);
  };
  visit(parsed.data);
  return outcomes;
}

/** The Playwright command-line entry of the project at `root`, from its own node_modules. */
export function playwrightCli(root: string): string {
  try {
    return createRequire(path.join(root, 'package.json')).resolve('@playwright/test/cli');
  } catch {
    throw new UsageError(`--rerun runs the specs with the project's @playwright/test, which is not found from ${root}`, 'install it in the project (npm install -D @playwright/test), or heal without --rerun and run the specs yourself');
  }
}

/** Runs `locations` with the project's Playwright config, traces of failures under `outputDir`. */
export function runWithPlaywright(root: string, env: NodeJS.ProcessEnv): (locations: string[], outputDir: string) => Promise<TestRun> {
  const cli = playwrightCli(root);
  return (locations, outputDir) => new Promise((resolve, reject) => {
    // The generated folder's config; else the project's own, which Playwright finds from `root`.
    const config = path.join(root, 'playwright.config.ts');
    const configArgs = existsSync(config) ? ['--config', config] : [];
    // Beside the output folder, which Playwright empties as it starts.
    const report = `${outputDir}.json`;
    const child = spawn(process.execPath, [cli, 'test', ...configArgs, '--output', outputDir, '--reporter=line,json', ...locations], {
      cwd: root, env: { ...process.env, ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: report }, stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const keep = (chunk: Buffer) => { output = (output + chunk.toString('utf8')).slice(-20_000); };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', reject);
    child.on('close', (status) => {
      void fs.readFile(report, 'utf8').then(reportOutcomes, () => undefined).then((outcomes) => resolve({
        passed: status === 0, output: output.trimEnd().split('\n').slice(-kOutputTailLines).join('\n'), ...(outcomes ? { outcomes } : {}),
      }));
    });
  });
}

/**
 * Where the test at `location` (`file:line`, its file as the runner names it) is once `files` are
 * written: a heal that collapsed a chain written over several lines, or wrote one over several,
 * moved every test below it, and a rerun given the old line runs no test there (Playwright selects
 * a test by the line it is declared on). The file is the one of `files` whose path ends with it;
 * the location as it was when none or several do.
 */
export function locationAfter(location: string, files: ReadonlyMap<string, { before: string; after: string }>): string {
  const match = /^(.*):(\d+)$/.exec(location);
  if (!match) return location;
  const [, file = '', line = '0'] = match;
  const written = [...files].filter(([name]) => name === file || name.endsWith(`/${file}`));
  if (written.length !== 1) return location;
  const [, { before, after }] = written[0]!;
  return `${file}:${lineAfter(before, after, Number(line))}`;
}

/** Whether a rerun says `test` failed: by its title, its title without its line (a heal that moved it), or its place now. */
function failedIn(run: TestRun, next: HealResult | null, test: string, location: string | null): boolean {
  const failed = [...(next?.failed ?? []), ...(next?.errors ?? [])].map((f) => f.test);
  if (failed.some((f) => f === test || testKey(f).key === testKey(test).key || (location !== null && testLocation(f) === location))) return true;
  if (run.passed) return false;
  // The run failed: only Playwright's own word that this test passed makes it green.
  const own = run.outcomes?.filter((o) => o.location === location || (location !== null && location.endsWith(`/${o.location}`))) ?? [];
  return !own.length || own.some((o) => !o.ok);
}

/** How `test` failed in a rerun, and what the round after it made of that. */
export function rerunFailure(next: HealResult | null, test: string, round: number): string {
  const same = (t: string) => t === test || testKey(t).key === testKey(test).key;
  const headline = next?.failed.find((f) => same(f.test))?.error ?? null;
  const change = next?.changes.find((c) => same(c.test));
  const expectation = next?.expectations.find((e) => same(e.test));
  const refused = next?.notHealed.find((n) => same(n.test));
  const error = next?.errors.find((e) => same(e.test));
  const verdict = change ? `healed again in round ${round} (${change.member}), not rerun since`
    : expectation?.accepted ? `its expectation at ${expectation.file}:${expectation.line} written again in round ${round} (${expectation.before} -> ${expectation.after}), not rerun since`
    : expectation ? `expectation changed at ${expectation.file}:${expectation.line}: expected ${expectation.before}, the page showed ${JSON.stringify(expectation.now)}`
    : refused?.reason ?? error?.reason ?? null;
  const failed = headline ? `its rerun failed: ${headline}` : 'its rerun failed, with no trace of it to say how';
  return verdict ? `${failed}; ${verdict}` : failed;
}

export async function healAndRerun(options: RerunOptions): Promise<RerunResult> {
  const root = path.resolve(options.root);
  const run = options.runTests ?? runWithPlaywright(root, options.env);
  const healWith = options.healWith ?? ((inputs: string[]) => heal({ ...options, inputs }));
  const first = await healWith(options.inputs, []);
  /** The runs so far, the failing run first: what a round's tests not rerun were last seen in. */
  const runs = [...options.inputs];
  const changes: HealChange[] = [...first.changes];
  const expectations = [...first.expectations];
  /** Each test by the name it had when first healed: a later round's traces name it at the line it is at by then. */
  const names = new Map<string, string>();
  const named = (test: string) => {
    const { key } = testKey(test);
    if (!names.has(key)) names.set(key, test);
    return names.get(key)!;
  };
  /** The tests a round wrote something for: healed locators, accepted expectations. */
  const touched = (result: HealResult) => [...new Set([...result.changes, ...result.expectations.filter((e) => e.accepted)].map((c) => named(c.test)))];
  const refused = new Map<string, NotHealed>(first.notHealed.map((n) => [n.test, n]));
  const originals = new Map([...first.files].map(([file, { before }]) => [file, before]));
  /** Each rerun test's last rerun: null when it passed, else how it failed. */
  const last = new Map<string, string | null>();
  let rerunProblem: string | null = null;
  let current = first;
  let rounds = 1;
  /** Each test's place in the files as the rounds wrote them; a test heal named, at its line in the failing run's files. */
  const placeNow = new Map<string, string | null>();
  const place = (test: string) => (placeNow.has(test) ? placeNow.get(test)! : testLocation(test));
  const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'bu-heal-rerun-'));
  try {
    while (true) {
      await applyHeal(root, current.files);
      for (const test of new Set([...placeNow.keys(), ...touched(current)])) {
        const was = place(test);
        placeNow.set(test, was === null ? null : locationAfter(was, current.files));
      }
      const tests = touched(current);
      const locations = [...new Set(tests.map(place).filter((l): l is string => l !== null))];
      if (rounds >= options.rounds || !locations.length) break;
      const outputDir = path.join(scratch, `round-${rounds}`);
      const outcome = await run(locations, outputDir);
      // Passed: every rerun test is green, whatever traces a retry left.
      const wroteOutput = await fs.stat(outputDir).then(() => true, () => false);
      const next = outcome.passed || !wroteOutput ? null : await healWith([outputDir], [...runs]).catch((err: unknown) => {
        if (err instanceof UsageError && /no trace zip|does not exist/.test(err.message)) return null;
        throw err;
      });
      if (!outcome.passed && !next) {
        // Failed with nothing to heal from: the tests did not run (no browser, a file that does not
        // load) or their traces are off. Nothing of this round is green unless Playwright's report says so.
        rerunProblem = `the rerun of ${locations.join(', ')} failed and left no failing test's trace to heal from (is the config's trace 'retain-on-failure' or 'on'?)${outcome.output ? `:\n${outcome.output}` : ''}`;
        for (const test of tests) last.set(test, failedIn(outcome, null, test, place(test)) ? 'its rerun failed and left no trace to say how (see the rerun\'s problem)' : null);
        break;
      }
      if (wroteOutput) runs.push(outputDir);
      if (next) rounds++;
      for (const test of tests) last.set(test, failedIn(outcome, next, test, place(test)) ? rerunFailure(next, test, rounds) : null);
      if (!next) break;
      changes.push(...next.changes);
      expectations.push(...next.expectations);
      for (const n of next.notHealed) refused.set(n.test, n);
      for (const [file, { before }] of next.files) if (!originals.has(file)) originals.set(file, before);
      current = next;
    }
  } finally {
    await fs.rm(scratch, { recursive: true, force: true });
  }
  const files = new Map<string, { before: string; after: string }>();
  const diffs: string[] = [];
  for (const [file, before] of originals) {
    const after = await fs.readFile(path.join(root, file), 'utf8');
    if (after === before) continue;
    files.set(file, { before, after });
    diffs.push(unifiedDiff(file, before, after));
  }
  const green = [...last].filter(([, failure]) => failure === null).map(([test]) => test);
  const stillFailing = [...last].flatMap(([test, reason]) => (reason === null ? [] : [{ test, reason }]));
  // A test healed in any round is reported by its rerun (green or still failing), not as refused.
  const written = new Set([...changes, ...expectations.filter((e) => e.accepted)].map((c) => named(c.test)));
  return {
    failed: first.failed, errors: first.errors, changes, expectations, notHealed: [...refused.values()].filter((n) => !written.has(named(n.test))),
    files, diff: diffs.join(''), rounds, green, stillFailing, rerunProblem,
  };
}
