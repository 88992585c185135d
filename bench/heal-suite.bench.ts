/**
 * Heal benchmark for Playwright suites written by hand: `npx tsx bench/heal-suite.bench.ts`. Each
 * suite of bench/heal/hand-suites.ts (a public one an app ships, and suites written here the ways
 * teams write them: tests/ with pages/ beside it) runs unchanged against a real app: once on the app
 * as it is (trace on), whose passing tests `bu baseline` turns into the baseline; then per case the
 * suite runs on a changed app or changed code, `bu heal --baseline` repairs what failed, and the
 * suite runs again. The families of cases:
 *   honest           one mutation of the heal corpus (bench/heal/instrument.ts) per case
 *   two breaks       of the honest cases' failing tests, those whose file had another test fail
 *   shared locator   ... those whose failing locator found different elements in different calls
 *   outside testDir  ... those whose failing call is written outside testDir (page objects in pages/)
 *   expectation      the element an assertion checked shows other text, keeping its id, test id
 *                    and place (in-page/retext.ts): any patch that makes the test pass is wrong
 *   moved            the baseline is the original code's; the file of an honest case's first broken
 *                    call then gets a line more, or a line less, above that call (heal/code-moved.ts)
 *   removed, substituted  an element a test acted on is taken away: any patch is wrong
 * A patch is wrong (bench/heal/judge-heal-case.ts) when a test passes on a changed expectation, when a
 * rewritten call is not one that failed, or when it finds another element than the unchanged app's
 * run found there (each element's pre-mutation key, stamped on it in oracle runs only, read from the
 * trace where Playwright marked the call's target; bench/heal/suite-oracle.ts). Printed per suite and
 * family: failing before, healed to green, refused by reason, wrong patches, and the wall time per
 * failing test of `bu heal` alone (one round, nothing written: goal < 5 s) and with `--rerun` (what
 * the results come from); and `bu baseline`'s cost per test (goal < 1 s) and size (goal < 5 KB).
 * Subsets: BENCH_SUITES=a,b  BENCH_MUTANTS=x,y  BENCH_FAMILIES=honest,expectation,moved,removed,substituted
 * (all by default; the code families come with honest)  BENCH_GONE_MAX=n (cases per suite and family
 * of expectation, moved, removed and substituted, default 6)  BENCH_KEEP=1 keeps the workspace. The
 * run fails (exit code 1) on a wrong patch.
 */
import fs from 'node:fs';
import path from 'node:path';
import { allCpuMs } from './process-cpu.ts';
import { kRepoRoot, runCli } from '../harness/cli.ts';
import { codeFamilies, failingCalls, kCodeFamilies } from './heal/code-families.ts';
import { moveCode, originalCalls, type CodeMove, type MoveHow } from './heal/code-moved.ts';
import { kHandSuites, type HandSuite, type SuiteTarget } from './heal/hand-suites.ts';
import { healTotals, percentOf, type HealCounts } from './heal/heal-totals.ts';
import { kMutants } from './heal/instrument.ts';
import { judgeHealCase, type CaseVerdict } from './heal/judge-heal-case.ts';
import type { ProxyExtra } from './heal/mutant-proxy.ts';
import type { MutantKind } from './heal/in-page/mutate.ts';
import { kNotLocatorKinds, refusalCounts, refusalKind } from './heal/refusals.ts';
import { foundElements, isCallOf, tracedCalls, type FoundElement, type TracedCall } from './heal/suite-oracle.ts';
import { configText, healRun, restore, runSuite } from './heal/suite-runs.ts';

const list = (name: string) => process.env[name]?.split(',').map((s) => s.trim()).filter(Boolean) ?? null;
const onlySuites = list('BENCH_SUITES');
const onlyMutants = list('BENCH_MUTANTS');
const families = list('BENCH_FAMILIES') ?? ['honest', 'expectation', 'moved', 'removed', 'substituted'];
const goneMax = Number(process.env.BENCH_GONE_MAX ?? 6);
/** Of a key's parts (in-page/describe.ts), the element's own text. */
const kKeyTextPart = 9;

interface Row extends HealCounts {
  suite: string;
  /** The family, or the honest family's mutation. */
  family: string;
  cases: number;
  /** Wall time of `bu heal` alone (one round, nothing written) over the failing tests of `healedTests`. */
  aloneMs: number;
  /** Its CPU time (the process and what it started); null off Linux. */
  aloneCpuMs: number | null;
}

/** One case: the app served as `kind` with `extra`, the code edited by `edit`, `tests` run. */
interface HealCase {
  family: string;
  name: string;
  kind: MutantKind;
  extra: ProxyExtra;
  tests: string[];
  edit: { text: string; move: CodeMove } | null;
  expectationChanged: boolean;
}

interface CaseResult {
  failing: string[];
  verdict: CaseVerdict;
  /** The run heal read, named by the original code's lines. */
  failed: Map<string, TracedCall>;
  aloneMs: number;
  aloneCpuMs: number | null;
  rerunMs: number;
}

function emptyRow(suite: string, family: string): Row {
  return { suite, family, cases: 0, failing: 0, green: 0, refused: [], expectation: 0, notLocator: 0, wrong: [], healMs: 0, aloneMs: 0, aloneCpuMs: 0, healedTests: 0 };
}

/** Adds the verdicts of `tests` (all of the case's when null) to `row`, with their share of the heal times. */
function addToRow(row: Row, result: CaseResult, tests: string[] | null): void {
  const verdicts = result.verdict.tests.filter((v) => tests === null || tests.includes(v.test));
  if (!verdicts.length) return;
  const share = verdicts.length / result.failing.length;
  row.failing += verdicts.length;
  row.healedTests += verdicts.length;
  row.healMs += result.rerunMs * share;
  row.aloneMs += result.aloneMs * share;
  row.aloneCpuMs = row.aloneCpuMs === null || result.aloneCpuMs === null ? null : row.aloneCpuMs + result.aloneCpuMs * share;
  for (const v of verdicts) {
    if (v.green) row.green++;
    else row.refused.push(`${v.test}: ${v.refused}`);
    row.wrong.push(...v.wrong);
  }
  if (tests === null) row.wrong.push(...result.verdict.elsewhere);
  row.expectation = row.refused.filter((r) => refusalKind(r) === 'expectation changed').length;
  row.notLocator = row.refused.filter((r) => refusalKind(r) !== 'expectation changed' && kNotLocatorKinds.has(refusalKind(r))).length;
}

function printRow(row: Row, log: (line: string) => void): void {
  const per = (ms: number) => (row.healedTests ? (ms / row.healedTests / 1000).toFixed(1) : '-');
  log(`${row.suite.padEnd(16)} ${row.family.padEnd(15)} cases ${row.cases}  failing ${row.failing}  healed to green ${row.green}  refused ${row.refused.length} (${refusalCounts(row.refused)})  wrong patches ${row.wrong.length}  bu heal alone ${per(row.aloneMs)} s${row.aloneCpuMs === null ? '' : ` (${per(row.aloneCpuMs)} CPU-s)`}, with --rerun ${per(row.healMs)} s per failing test`);
  for (const reason of row.refused) log(`                 refused: ${reason.slice(0, 400)}`);
  for (const wrong of row.wrong) log(`                 WRONG: ${wrong.slice(0, 400)}`);
}

/** The assertions' elements of the reference run that show text of their own, with the tests that checked each. */
function assertedElements(keys: Map<string, FoundElement>, passing: string[]): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const [call, found] of keys) {
    if (found.method !== 'expect' || found.key.startsWith('decoy:') || !found.key.split('|')[kKeyTextPart]) continue;
    const test = passing.find((t) => isCallOf(call, t));
    if (!test) continue;
    if (!out.has(found.key)) out.set(found.key, new Set());
    out.get(found.key)!.add(test);
  }
  return out;
}

async function benchSuite(suite: HandSuite, ws: string, log: (line: string) => void): Promise<{ rows: Row[]; gone: { family: string; cases: number; failing: number; patches: string[] }[] }> {
  const root = path.join(ws, suite.name);
  const pristine = path.join(ws, `${suite.name}.pristine`);
  fs.mkdirSync(root, { recursive: true });
  const config = suite.prepare(root);
  fs.cpSync(root, pristine, { recursive: true });
  const target: SuiteTarget = await suite.start(root);
  fs.writeFileSync(path.join(root, 'playwright.config.ts'), configText(config, target.baseURL));
  const rows: Row[] = [];
  const gone: { family: string; cases: number; failing: number; patches: string[] }[] = [];
  const runDir = (name: string) => path.join(ws, 'runs', suite.name, name);
  const run = async (name: string, kind: MutantKind, extra: ProxyExtra, tests: string[] | null) => {
    await target.reset();
    await target.use(kind, extra);
    return runSuite(root, target.env, runDir(name), tests);
  };
  try {
    const green = await run('baseline', 'none', {}, null);
    const passing = [...green].filter(([, ok]) => ok).map(([title]) => title);
    for (const [title, ok] of green) if (!ok) log(`  ${suite.name}: "${title}" fails on the unchanged app: left out`);
    if (!passing.length) {
      log(`${suite.name}: no test passes on the unchanged app`);
      return { rows, gone };
    }
    const baselineFile = path.join(ws, `${suite.name}.baseline.json`);
    const started = Date.now();
    const cpuBefore = allCpuMs();
    const made = await runCli(['baseline', runDir('baseline'), '--out', baselineFile, '--json'], { cwd: root, timeoutMs: 600_000 });
    const baselineMs = Date.now() - started;
    const baselineCpuMs = cpuBefore === null ? null : allCpuMs()! - cpuBefore;
    if (made.code !== 0) throw new Error(`bu baseline failed (exit ${made.code}): ${made.stderr.trim().split('\n').slice(-12).join(' | ')}`);
    const size = fs.statSync(baselineFile).size;
    log(`${suite.name} (${suite.origin}): ${passing.length} of ${green.size} tests pass on the unchanged app; bu baseline ${(baselineMs / passing.length / 1000).toFixed(2)} s${baselineCpuMs === null ? '' : ` (${(baselineCpuMs / passing.length / 1000).toFixed(2)} CPU-s)`} per test (goal < 1 s, the CLI's and the browser's start included), ${(size / passing.length / 1024).toFixed(1)} KB per test (goal < 5 KB), ${String(made.json?.calls ?? '?')} calls`);
    // The oracle's reference: the same tests on the unchanged app, each element stamped with its key.
    const stamped = await run('reference', 'none', { stamp: true }, passing);
    const keys = await foundElements(runDir('reference'));
    if ([...stamped.values()].some((ok) => !ok)) log(`  ${suite.name}: a test failed in the oracle's reference run`);
    if (!keys.size) log(`  ${suite.name}: the reference run's traces name no stamped element: wrong patches cannot be judged`);

    /** Runs the case, heals what failed (alone, then with --rerun), runs it again stamped, judges it. */
    const runCase = async (c: HealCase, heal = true): Promise<CaseResult> => {
      restore(pristine, root);
      // Places are named from testDir, as bu baseline names them.
      if (c.edit) fs.writeFileSync(path.join(root, config.testDir, c.edit.move.file), c.edit.text);
      const move = c.edit?.move ?? null;
      const before = await run(c.name, c.kind, c.extra, c.tests);
      const failing = c.tests.filter((t) => before.get(t) !== true);
      const failed = originalCalls(await tracedCalls(runDir(c.name), false), move);
      const none: CaseResult = { failing, verdict: { tests: [], elsewhere: [] }, failed, aloneMs: 0, aloneCpuMs: 0, rerunMs: 0 };
      if (!failing.length || !heal) return none;
      const healOptions = { root, env: target.env, traces: runDir(c.name), baseline: baselineFile, failing };
      const alone = await healRun({ ...healOptions, rerun: false });
      const healed = await healRun({ ...healOptions, rerun: true });
      // Nothing written, nothing changed: the run before heal stands.
      const after = healed.changes ? await run(`${c.name}-healed`, c.kind, { ...c.extra, stamp: true }, c.tests) : before;
      const healedCalls = healed.changes ? originalCalls(await tracedCalls(runDir(`${c.name}-healed`), true), move) : null;
      const verdict = judgeHealCase({ failing, after, changes: healed.changes, reasons: healed.reasons, problem: healed.problem, expectationChanged: c.expectationChanged, reference: keys, failed, healed: healedCalls });
      return { failing, verdict, failed, aloneMs: alone.ms, aloneCpuMs: alone.cpuMs, rerunMs: healed.ms };
    };

    // Honest: one mutation per case; the code families are read off its failing tests.
    const honest = families.includes('honest');
    const codeRows = new Map(kCodeFamilies.map((f) => [f, emptyRow(suite.name, f)]));
    const brokenAt: { mutant: (typeof kMutants)[number]; failing: string[]; place: string }[] = [];
    for (const mutant of kMutants.filter((m) => (honest || families.includes('moved')) && m.kind !== 'none' && (!onlyMutants || onlyMutants.includes(m.name)))) {
      const result = await runCase({ family: 'honest', name: mutant.name, kind: mutant.kind, extra: {}, tests: passing, edit: null, expectationChanged: false }, honest);
      const first = [...failingCalls(result.failed, result.failing).values()][0];
      if (first) brokenAt.push({ mutant, failing: result.failing, place: first.place });
      if (!honest) continue;
      const row = emptyRow(suite.name, mutant.name);
      row.cases = 1;
      addToRow(row, result, null);
      rows.push(row);
      printRow(row, log);
      const byTest = codeFamilies({ failing: result.failing, failed: result.failed, reference: keys });
      for (const family of kCodeFamilies) {
        const tests = result.failing.filter((t) => byTest.get(t)?.includes(family));
        if (tests.length) codeRows.get(family)!.cases++;
        addToRow(codeRows.get(family)!, result, tests);
      }
    }
    if (honest) for (const row of codeRows.values()) {
      rows.push(row);
      printRow(row, log);
    }

    // Changed expectation: the element an assertion checked shows other text.
    if (families.includes('expectation')) {
      const row = emptyRow(suite.name, 'expectation');
      for (const [i, [key, tests]] of [...assertedElements(keys, passing)].slice(0, goneMax).entries()) {
        const result = await runCase({ family: 'expectation', name: `expectation-${i}`, kind: 'none', extra: { retext: { key } }, tests: [...tests], edit: null, expectationChanged: true });
        row.cases++;
        addToRow(row, result, null);
      }
      rows.push(row);
      printRow(row, log);
    }

    // Code moved: the file of a broken call gets a line more, or a line less, above it.
    if (families.includes('moved')) {
      for (const how of ['added', 'removed'] as MoveHow[]) {
        const row = emptyRow(suite.name, `moved (${how})`);
        for (const broken of brokenAt.slice(0, goneMax)) {
          const [, file, line] = /^(.+):(\d+):\d+$/.exec(broken.place)!;
          const edit = moveCode(fs.readFileSync(path.join(pristine, config.testDir, file!), 'utf8'), file!, Number(line), how);
          if (!edit) continue;
          const result = await runCase({ family: 'moved', name: `moved-${how}-${broken.mutant.name}`, kind: broken.mutant.kind, extra: {}, tests: broken.failing, edit, expectationChanged: false });
          row.cases++;
          addToRow(row, result, null);
        }
        rows.push(row);
        printRow(row, log);
      }
    }

    // The gone families: an element a test acted on is taken away; the right answer is no patch.
    // Each element acted on, with the tests that acted on it: only those run in its cases.
    const acted = new Map<string, Set<string>>();
    for (const [call, found] of keys) {
      if (found.method === 'expect' || found.key.startsWith('decoy:')) continue;
      const test = passing.find((t) => isCallOf(call, t));
      if (!test) continue;
      if (!acted.has(found.key)) acted.set(found.key, new Set());
      acted.get(found.key)!.add(test);
    }
    for (const family of families.filter((f) => f === 'removed' || f === 'substituted')) {
      const entry = { family, cases: 0, failing: 0, patches: [] as string[] };
      for (const [i, [key, tests]] of [...acted].slice(0, goneMax).entries()) {
        restore(pristine, root);
        const name = `${family}-${i}`;
        const before = await run(name, 'none', { gone: { how: family === 'removed' ? 'remove' : 'substitute', key } }, [...tests]);
        entry.cases++;
        const failing = [...tests].filter((t) => before.get(t) !== true);
        if (!failing.length) continue;
        entry.failing += failing.length;
        const heal = await healRun({ root, env: target.env, traces: runDir(name), baseline: baselineFile, failing, rerun: true });
        if (heal.changes) entry.patches.push(`${key.slice(0, 60)}: ${heal.changes} patch(es)`);
      }
      gone.push(entry);
      log(`${suite.name.padEnd(16)} ${family.padEnd(15)} cases ${entry.cases}  tests failing ${entry.failing}  patches written (wrong) ${entry.patches.length}`);
      for (const patch of entry.patches) log(`                 WRONG: ${patch}`);
    }
  } finally {
    await target.stop();
  }
  return { rows, gone };
}

async function main(): Promise<void> {
  const ws = fs.mkdtempSync(path.join(kRepoRoot, '.tmp-heal-suites-'));
  const rows: Row[] = [];
  let gonePatches = 0;
  try {
    // In the order BENCH_SUITES names them, else the table's.
    const suites = onlySuites ? onlySuites.map((name) => kHandSuites.find((s) => s.name === name) ?? null).filter((s): s is HandSuite => s !== null) : kHandSuites;
    for (const suite of suites) {
      const why = suite.unavailable();
      if (why) {
        console.log(`${suite.name} skipped: ${why}`);
        continue;
      }
      const result = await benchSuite(suite, ws, console.log).catch((err: unknown) => {
        console.log(`${suite.name}: ${err instanceof Error ? err.message : String(err)}`);
        return { rows: [], gone: [] };
      });
      rows.push(...result.rows);
      gonePatches += result.gone.reduce((n, g) => n + g.patches.length, 0);
    }
  } finally {
    if (process.env.BENCH_KEEP !== '1') fs.rmSync(ws, { recursive: true, force: true });
    else console.log(`workspace kept: ${ws}`);
  }
  const codeFamilyNames = new Set<string>(kCodeFamilies);
  const mutations = rows.filter((r) => kMutants.some((m) => m.name === r.family));
  const t = healTotals(mutations);
  const alone = mutations.reduce((n, r) => n + r.aloneMs, 0);
  const aloneCpu = mutations.some((r) => r.aloneCpuMs === null) ? null : mutations.reduce((n, r) => n + r.aloneCpuMs!, 0);
  console.log(`\nheal on hand-written suites: ${new Set(mutations.map((r) => r.suite)).size} suites, ${mutations.length} suite x mutation; failing before ${t.failing}, healed to green ${t.green} (${percentOf(t.green, t.failing)} of all failing), expectation changed (not healed) ${t.expectation}, not a locator failure ${t.notLocator}, refused ${t.refused}, wrong patches ${t.wrong}; bu heal alone ${t.failing ? (alone / t.failing / 1000).toFixed(1) : '0'} s${aloneCpu === null || !t.failing ? '' : ` (${(aloneCpu / t.failing / 1000).toFixed(1)} CPU-s)`}, with --rerun ${t.secondsPerTest} s per failing test`);
  console.log(`heal on hand-written suites: of the ${t.locatorFailing} failing on how an element is found, ${t.green} healed to green (${percentOf(t.green, t.locatorFailing)}); refusals by reason: ${t.refusalsByReason} (goal >= 90% healed, 0 wrong, < 5 s alone)`);
  const byFamily = new Map<string, Row[]>();
  for (const row of rows.filter((r) => !mutations.includes(r))) byFamily.set(row.family, [...(byFamily.get(row.family) ?? []), row]);
  for (const [family, of] of byFamily) {
    const f = healTotals(of);
    console.log(`  ${family.padEnd(15)} ${codeFamilyNames.has(family) ? '(of the honest cases) ' : ''}failing ${f.failing}, healed to green ${f.green}, refused ${f.refusalsByReason}, wrong patches ${f.wrong} (goal 0)`);
  }
  const wrong = rows.reduce((n, r) => n + r.wrong.length, 0);
  console.log(`wrong patches in all families: ${wrong}; patches where the element is gone: ${gonePatches} (goal 0 and 0)`);
  if (wrong || gonePatches) process.exitCode = 1;
}

await main();
