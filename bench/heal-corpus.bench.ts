/**
 * Heal corpus benchmark: `npx tsx bench/heal-corpus.bench.ts`. Real open-source apps we did not
 * write, started on 127.0.0.1; per app a few flows recorded with `bu capture script` on the app
 * as shipped, then replayed on the same app and on release-like mutants made by script (and on
 * another release where there is one) with three strategies:
 *   full          replay's cascade
 *   locator-only  the recorder's locator alone
 *   role-first    the locator a generated spec uses (role and name first), run with plain Playwright
 * Each replay is judged by an oracle of the app's final state, never by replay's verdict, and each
 * step by the element it acted on (described as it was before any mutation) against the element
 * the unchanged app's reference run acted on. Printed per app x mutation: steps correct, end
 * states correct, wrong-element actions, postcondition failures, skipped steps; then totals and
 * P3 on a changed page where the cascade ran past its first level.
 * Subsets: BENCH_APPS=a,b  BENCH_MUTANTS=x,y  BENCH_STRATEGIES=full,...  BENCH_VERBOSE=1.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { launchBrowser } from '../core/browser.ts';
import { kCorpus } from './heal/apps/index.ts';
import type { CorpusApp, Flow, RunningApp } from './heal/corpus.ts';
import { kMutants, type Mutant } from './heal/instrument.ts';
import { measureP3, type P3Candidate } from './heal/p3.ts';
import { recordFlow } from './heal/record.ts';
import { kStrategies, runOnce, type Recorded, type RunOutcome, type StrategyName } from './heal/run.ts';
import { add, emptyTally, sum, table, type Tally } from './heal/tally.ts';

const list = (name: string) => process.env[name]?.split(',').map((s) => s.trim()).filter(Boolean) ?? null;
const onlyApps = list('BENCH_APPS');
const onlyMutants = list('BENCH_MUTANTS');
const strategies = (list('BENCH_STRATEGIES') as StrategyName[] | null) ?? kStrategies;
const verbose = process.env.BENCH_VERBOSE === '1';
const mutants = kMutants.filter((m) => !onlyMutants || onlyMutants.includes(m.name));

const tallies = new Map<string, Tally>();
const rows: { app: string; mutant: string }[] = [];
const p3Candidates: P3Candidate[] = [];

function tallyOf(app: string, mutant: string, strategy: StrategyName): Tally {
  const key = `${app}|${mutant}|${strategy}`;
  let t = tallies.get(key);
  if (!t) tallies.set(key, (t = emptyTally()));
  return t;
}

function line(app: string, flow: Flow, mutant: string, strategy: StrategyName, outcome: RunOutcome, verdicts: string[]): void {
  const bad = verdicts.map((v, i) => (v === 'correct' ? null : `${i + 1}:${v}${outcome.steps[i]?.category ? `(${outcome.steps[i]!.category})` : ''}${v === 'wrong' ? `->${outcome.steps[i]!.acted?.label}` : ''}`)).filter(Boolean);
  if (verbose || bad.length || outcome.oracle) {
    process.stderr.write(`  ${app} ${flow.name.padEnd(12)} ${mutant.padEnd(12)} ${strategy.padEnd(12)} ${(outcome.ms / 1000).toFixed(1)}s end:${outcome.oracle === null ? 'ok' : `WRONG (${outcome.oracle})`} ${bad.join(' ')}\n`);
  }
}

async function benchApp(browser: Awaited<ReturnType<typeof launchBrowser>>, corpusApp: CorpusApp, outputDir: string): Promise<void> {
  const running: RunningApp = await corpusApp.start();
  let other: RunningApp | null = null;
  try {
    const recorded = new Map<string, Recorded>();
    const references = new Map<string, RunOutcome>();
    for (const flow of corpusApp.flows) {
      process.stderr.write(`${corpusApp.name}: recording ${flow.name} ...\n`);
      try {
        recorded.set(flow.name, await recordFlow(running, flow, outputDir));
      } catch (err) {
        process.stderr.write(`  ${err instanceof Error ? err.message : String(err)}\n`);
        continue;
      }
      // The reference: the recorder's locator on the app as recorded. Its elements are the intended ones.
      const reference = await runOnce({ browser, app: running, flow, recorded: recorded.get(flow.name)!, mutant: kMutants[0]!, strategy: 'locator-only' });
      if (reference.oracle !== null) process.stderr.write(`  reference run of ${flow.name} did not reach its end state (${reference.oracle}): wrong-element checks for it rely on decoys only\n`);
      references.set(flow.name, reference);
    }
    const targets: { label: string; app: RunningApp; mutant: Mutant }[] = mutants.map((mutant) => ({ label: mutant.name, app: running, mutant }));
    if (corpusApp.other && !onlyMutants) {
      const why = corpusApp.other.unavailable();
      if (why) process.stderr.write(`  ${corpusApp.other.name} skipped: ${why}\n`);
      else {
        other = await corpusApp.other.start();
        targets.push({ label: corpusApp.other.name, app: other, mutant: kMutants[0]! });
      }
    }
    for (const target of targets) {
      rows.push({ app: corpusApp.name, mutant: target.label });
      for (const flow of corpusApp.flows) {
        const rec = recorded.get(flow.name);
        if (!rec) continue;
        for (const strategy of strategies) {
          const outcome = await runOnce({ browser, app: target.app, flow, recorded: rec, mutant: target.mutant, strategy });
          const verdicts = add(tallyOf(corpusApp.name, target.label, strategy), outcome, references.get(flow.name) ?? null);
          line(corpusApp.name, flow, target.label, strategy, outcome, verdicts);
          const pastFirst = outcome.report?.steps.some((s) => s.level !== null && s.level !== 'recorded');
          if (strategy === 'full' && target.mutant.kind !== 'none' && outcome.oracle === null && pastFirst && verdicts.every((v) => v === 'correct')) {
            p3Candidates.push({ app: target.app, flow, recorded: rec, mutant: target.mutant, appName: corpusApp.name, report: outcome.report! });
          }
        }
      }
    }
    if (p3Candidates.some((c) => c.appName === corpusApp.name)) {
      const candidate = p3Candidates.find((c) => c.appName === corpusApp.name)!;
      const p3 = await measureP3(browser, candidate);
      process.stderr.write(`  P3 measured on ${corpusApp.name} ${candidate.flow.name} (${candidate.mutant.name})\n`);
      p3Results.push(p3);
    }
  } finally {
    await other?.stop();
    await running.stop();
  }
}

const p3Results: string[] = [];

async function main(): Promise<void> {
  const outputDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bu-heal-bench-'));
  const browser = await launchBrowser();
  const t0 = performance.now();
  try {
    for (const corpusApp of kCorpus) {
      if (onlyApps && !onlyApps.includes(corpusApp.name)) continue;
      const why = corpusApp.unavailable();
      if (why) {
        process.stderr.write(`${corpusApp.name} skipped: ${why}\n`);
        continue;
      }
      await benchApp(browser, corpusApp, outputDir);
    }
    const get = (app: string, mutant: string, s: StrategyName) => tallies.get(`${app}|${mutant}|${s}`);
    console.log(`\nHeal corpus: ${new Set(rows.map((r) => r.app)).size} apps, ${mutants.length} mutations (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
    console.log('columns per strategy: steps correct, %, end states correct (oracle), wrong-element actions, postcondition failures, skipped steps\n');
    console.log(table(rows, strategies, get));
    const mutationRows = [...new Set(rows.map((r) => r.mutant))].map((mutant) => ({ app: 'all', mutant }));
    const totals = (mutant: string | null, s: StrategyName) => sum(rows.filter((r) => mutant === null || r.mutant === mutant).map((r) => get(r.app, r.mutant, s) ?? emptyTally()));
    console.log(`\n${table([...mutationRows, { app: 'all', mutant: 'TOTAL' }], strategies, (_app, mutant, s) => totals(mutant === 'TOTAL' ? null : mutant, s))}`);
    console.log('\nmutations:');
    for (const m of mutants) console.log(`  ${m.name.padEnd(12)} ${m.about}`);
    console.log(p3Results.length ? `\n${p3Results.join('\n')}` : '\nP3: no changed page where the cascade ran past its first level and replayed the whole flow correctly');
  } finally {
    await browser.close();
    await fs.rm(outputDir, { recursive: true, force: true });
  }
}

await main();
