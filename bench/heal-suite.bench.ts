/**
 * Heal benchmark for Playwright suites written by hand: `npx tsx bench/heal-suite.bench.ts`. Each
 * suite of bench/heal/hand-suites.ts (a public one an app ships, and suites written here the ways
 * teams write them) runs unchanged against a real app: once on the app as it is (trace on), whose
 * passing tests `bu baseline` turns into the baseline; then per mutation of the heal corpus
 * (bench/heal/instrument.ts) the suite runs on the changed app, `bu heal --baseline --rerun` repairs
 * what failed, and the suite runs again. Printed per suite and mutation:
 *   failing before   passing tests that fail on the changed app
 *   healed to green  of those, tests that pass after heal
 *   refused          tests heal left failing, by reason (an expectation that changed counted apart)
 *   wrong patches    a call whose locator heal rewrote that found another element than the
 *                    unchanged app's run found there (the oracle: each element's pre-mutation key,
 *                    stamped on it in oracle runs only, read from the trace where Playwright
 *                    marked the call's target; bench/heal/suite-oracle.ts)
 *   s per failing    wall time of `bu heal` per failing test (goal < 5 s)
 * and `bu baseline`'s cost per test (goal < 1 s) and the file's size per test (goal < 5 KB). The
 * gone families then take away one element a test acted on (removed, or substituted by one with
 * another purpose): any patch heal writes there is a wrong one (goal: 0 patches).
 * Subsets: BENCH_SUITES=a,b  BENCH_MUTANTS=x,y  BENCH_FAMILIES=honest,removed,substituted (all by
 * default)  BENCH_GONE_MAX=n (gone cases per suite and family, default 6)  BENCH_KEEP=1 keeps the
 * workspace. The run fails (exit code 1) on a wrong patch.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { resolveBrowser } from '../core/browser.ts';
import { allCpuMs } from './process-cpu.ts';
import { kRepoRoot, runCli } from '../harness/cli.ts';
import { kHandSuites, type HandSuite, type SuiteConfig, type SuiteTarget } from './heal/hand-suites.ts';
import { healTotals, percentOf, type HealCounts } from './heal/heal-totals.ts';
import { kMutants } from './heal/instrument.ts';
import type { ProxyExtra } from './heal/mutant-proxy.ts';
import type { MutantKind } from './heal/in-page/mutate.ts';
import { kNotLocatorKinds, refusalKind } from './heal/refusals.ts';
import { isSameTest, reportOutcomes } from './heal/run-specs.ts';
import { foundElements, wrongPatches } from './heal/suite-oracle.ts';

const list = (name: string) => process.env[name]?.split(',').map((s) => s.trim()).filter(Boolean) ?? null;
const onlySuites = list('BENCH_SUITES');
const onlyMutants = list('BENCH_MUTANTS');
const families = list('BENCH_FAMILIES') ?? ['honest', 'removed', 'substituted'];
const goneMax = Number(process.env.BENCH_GONE_MAX ?? 6);

interface Row extends HealCounts {
  /** CPU of `bu heal` on this row, reruns included; null off Linux. */
  healCpuMs: number | null;
  suite: string;
  mutation: string;
  tests: number;
}

function configText(config: SuiteConfig, baseURL: string | null): string {
  const browser = resolveBrowser(process.env, { headless: true }).executablePath;
  return `import { defineConfig } from '@playwright/test';
// The bench's run of this suite: every test traced (a passing run is a baseline).
export default defineConfig({
  testDir: ${JSON.stringify(config.testDir)},
  testMatch: ${JSON.stringify(config.testMatch)},
  timeout: ${config.timeoutMs},
  expect: { timeout: ${config.expectTimeoutMs} },
  workers: ${config.workers ?? 1},
  reporter: process.env.BENCH_REPORT ? [['json', { outputFile: process.env.BENCH_REPORT }]] : 'line',
  use: {
    ${baseURL ? `baseURL: ${JSON.stringify(baseURL)},` : ''}
    trace: 'on',
    actionTimeout: 5_000,
    ${config.testIdAttribute ? `testIdAttribute: ${JSON.stringify(config.testIdAttribute)},` : ''}
    launchOptions: { executablePath: ${JSON.stringify(browser)}, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] },
  },
});
`;
}

/** Runs the suite (only `tests` when given), its traces in `out`; each test's outcome by `file › title`. */
async function runSuite(root: string, env: Record<string, string>, out: string, tests: string[] | null): Promise<Map<string, boolean>> {
  fs.rmSync(out, { recursive: true, force: true });
  const report = `${out}.json`;
  fs.rmSync(report, { force: true });
  const cli = path.join(kRepoRoot, 'node_modules', '@playwright', 'test', 'cli.js');
  const grep = tests ? ['--grep', tests.map((t) => t.split(' › ').pop()!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')] : [];
  await new Promise<void>((resolve) => {
    const child = spawn(process.execPath, [cli, 'test', '--output', out, ...grep], { cwd: root, env: { ...process.env, ...env, BENCH_REPORT: report }, stdio: 'ignore' });
    child.on('close', () => resolve());
  });
  return reportOutcomes(report);
}

/** Copies the suite's own files back as they were (heal writes into them). */
function restore(pristine: string, root: string): void {
  for (const entry of fs.readdirSync(pristine)) fs.cpSync(path.join(pristine, entry), path.join(root, entry), { recursive: true, force: true });
}

interface Heal {
  changes: number;
  reasons: Map<string, string>;
  ms: number;
  /** CPU of `bu heal` and what it started (the reruns included); null off Linux. */
  cpuMs: number | null;
  problem: string | null;
}

async function healRun(root: string, env: Record<string, string>, traces: string, baseline: string, failing: string[]): Promise<Heal> {
  const started = Date.now();
  const cpuBefore = allCpuMs();
  const healed = await runCli(['heal', traces, '--baseline', baseline, '--rerun', '--json'], { cwd: root, env, timeoutMs: 900_000 });
  const ms = Date.now() - started;
  const cpuMs = cpuBefore === null ? null : allCpuMs()! - cpuBefore;
  const reasons = new Map<string, string>();
  if (healed.code === 2 || !healed.json) return { changes: 0, reasons, ms, cpuMs, problem: `bu heal failed: ${healed.stderr.trim().split('\n').pop() ?? ''}` };
  for (const refused of (healed.json.notHealed ?? []) as { test: string; reason: string }[]) {
    const title = failing.find((t) => isSameTest(t, refused.test));
    if (title) reasons.set(title, refused.reason);
  }
  return { changes: ((healed.json.changes ?? []) as unknown[]).length, reasons, ms, cpuMs, problem: null };
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
  const run = async (name: string, kind: MutantKind, extra: ProxyExtra, tests: string[] | null) => {
    await target.reset();
    await target.use(kind, extra);
    return runSuite(root, target.env, path.join(ws, 'runs', suite.name, name), tests);
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
    const made = await runCli(['baseline', path.join(ws, 'runs', suite.name, 'baseline'), '--out', baselineFile, '--json'], { cwd: root, timeoutMs: 600_000 });
    const baselineMs = Date.now() - started;
    const baselineCpuMs = cpuBefore === null ? null : allCpuMs()! - cpuBefore;
    if (made.code !== 0) throw new Error(`bu baseline failed (exit ${made.code}): ${made.stderr.trim().split('\n').slice(-12).join(' | ')}`);
    const size = fs.statSync(baselineFile).size;
    log(`${suite.name} (${suite.origin}): ${passing.length} of ${green.size} tests pass on the unchanged app; bu baseline ${(baselineMs / passing.length / 1000).toFixed(2)} s${baselineCpuMs === null ? '' : ` (${(baselineCpuMs / passing.length / 1000).toFixed(2)} CPU-s)`} per test (goal < 1 s, the CLI's and the browser's start included), ${(size / passing.length / 1024).toFixed(1)} KB per test (goal < 5 KB), ${String(made.json?.calls ?? '?')} calls`);
    // The oracle's reference: the same tests on the unchanged app, each element stamped with its key.
    const stamped = await run('reference', 'none', { stamp: true }, passing);
    const keys = await foundElements(path.join(ws, 'runs', suite.name, 'reference'));
    if ([...stamped.values()].some((ok) => !ok)) log(`  ${suite.name}: a test failed in the oracle's reference run`);
    if (!keys.size) log(`  ${suite.name}: the reference run's traces name no stamped element: wrong patches cannot be judged`);

    for (const mutant of kMutants.filter((m) => families.includes('honest') && m.kind !== 'none' && (!onlyMutants || onlyMutants.includes(m.name)))) {
      restore(pristine, root);
      const before = await run(mutant.name, mutant.kind, {}, passing);
      const failing = passing.filter((t) => before.get(t) !== true);
      const row: Row = { suite: suite.name, mutation: mutant.name, tests: passing.length, failing: failing.length, green: 0, refused: [], expectation: 0, notLocator: 0, wrong: [], healMs: 0, healCpuMs: null, healedTests: 0 };
      if (failing.length) {
        const heal = await healRun(root, target.env, path.join(ws, 'runs', suite.name, mutant.name), baselineFile, failing);
        row.healMs = heal.ms;
        row.healCpuMs = heal.cpuMs;
        row.healedTests = failing.length;
        // Nothing written, nothing changed: the run before heal stands.
        const after = heal.changes ? await run(`${mutant.name}-healed`, mutant.kind, { stamp: true }, passing) : before;
        if (heal.changes) row.wrong = wrongPatches(keys, await foundElements(path.join(ws, 'runs', suite.name, `${mutant.name}-healed`)));
        for (const title of failing) {
          if (after.get(title)) row.green++;
          else row.refused.push(`${title}: ${heal.problem ?? heal.reasons.get(title) ?? 'still failing after heal'}`);
        }
      }
      row.expectation = row.refused.filter((r) => refusalKind(r) === 'expectation changed').length;
      row.notLocator = row.refused.filter((r) => refusalKind(r) !== 'expectation changed' && kNotLocatorKinds.has(refusalKind(r))).length;
      rows.push(row);
      log(`${suite.name.padEnd(16)} ${mutant.name.padEnd(11)} tests ${row.tests}  failing before ${row.failing}  healed to green ${row.green}  expectation changed ${row.expectation}  not a locator failure ${row.notLocator}  refused ${row.refused.length - row.expectation - row.notLocator}  wrong patches ${row.wrong.length}${row.healedTests ? `  ${(row.healMs / row.healedTests / 1000).toFixed(1)} s${row.healCpuMs === null ? '' : ` (${(row.healCpuMs / row.healedTests / 1000).toFixed(1)} CPU-s)`} per failing test, reruns included` : ''}`);
      for (const reason of row.refused) log(`                 refused: ${reason}`);
      for (const wrong of row.wrong) log(`                 WRONG: ${wrong}`);
    }

    // The gone families: an element a test acted on is taken away; the right answer is no patch.
    // Each element acted on, with the tests that acted on it: only those run in its cases.
    const acted = new Map<string, Set<string>>();
    for (const [call, found] of keys) {
      if (found.method === 'expect' || found.key.startsWith('decoy:')) continue;
      const test = passing.find((t) => call.startsWith(`${t} › `));
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
        const heal = await healRun(root, target.env, path.join(ws, 'runs', suite.name, name), baselineFile, failing);
        if (heal.changes) entry.patches.push(`${key.slice(0, 60)}: ${heal.changes} patch(es)`);
      }
      gone.push(entry);
      log(`${suite.name.padEnd(16)} ${family.padEnd(11)} cases ${entry.cases}  tests failing ${entry.failing}  patches written (wrong) ${entry.patches.length}`);
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
  const t = healTotals(rows);
  console.log(`\nheal on hand-written suites: ${new Set(rows.map((r) => r.suite)).size} suites, ${rows.length} suite x mutation; failing before ${t.failing}, healed to green ${t.green} (${percentOf(t.green, t.failing)} of all failing), expectation changed (not healed) ${t.expectation}, not a locator failure ${t.notLocator}, refused ${t.refused}, wrong patches ${t.wrong}; ${t.secondsPerTest} s per failing test`);
  console.log(`heal on hand-written suites: of the ${t.locatorFailing} failing on how an element is found, ${t.green} healed to green (${percentOf(t.green, t.locatorFailing)}); refusals by reason: ${t.refusalsByReason} (goal >= 90% healed, 0 wrong, < 5 s); patches where the element is gone: ${gonePatches} (goal 0)`);
  if (t.wrong || gonePatches) process.exitCode = 1;
}

await main();
