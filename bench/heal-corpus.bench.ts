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
 * Subsets: BENCH_APPS=a,b  BENCH_MUTANTS=x,y  BENCH_STRATEGIES=full,...; more: BENCH_EXTRA=1 (every
 * flow), BENCH_VERBOSE=1 (a line per replay).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { launchBrowser } from '../core/browser.ts';
import { corpusApps, type CorpusFlow, type RealApp, type RunningApp } from '../test/support/apps/index.ts';
import { kMutants, type Mutant } from './heal/instrument.ts';
import { measureP3, type P3Candidate } from './heal/p3.ts';
import { recordFlow } from './heal/record.ts';
import { kStrategies, runOnce, type RunOutcome, type StrategyName } from './heal/run.ts';
import { add, emptyTally, sum, table, type Tally } from './heal/tally.ts';

const list = (name: string) => process.env[name]?.split(',').map((s) => s.trim()).filter(Boolean) ?? null;
const onlyApps = list('BENCH_APPS');
const onlyMutants = list('BENCH_MUTANTS');
const strategies = (list('BENCH_STRATEGIES') as StrategyName[] | null) ?? kStrategies;
const verbose = process.env.BENCH_VERBOSE === '1';
const extra = process.env.BENCH_EXTRA === '1';
/** Instances of each app replaying side by side: replays mostly wait on the browser and the server, so two fit on two cores. */
const kWorkers = Number(process.env.BENCH_WORKERS ?? 2);
/** A progress line every so many replays. */
const kProgressEvery = 20;
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

function line(app: string, flow: CorpusFlow, mutant: string, strategy: StrategyName, outcome: RunOutcome, verdicts: string[], reference: RunOutcome | undefined): void {
  const bad = verdicts.map((v, i) => (v === 'correct' ? null : `${i + 1}:${v}${outcome.steps[i]?.category ? `(${outcome.steps[i]!.category})` : ''}${v === 'wrong' ? `->${outcome.steps[i]!.acted?.label}` : ''}`)).filter(Boolean);
  if (verbose) {
    for (const step of outcome.report?.steps ?? []) {
      if (step.status !== 'failed') continue;
      process.stderr.write(`    step ${step.index + 1} ${step.category}: ${step.message}\n${step.notes.map((n) => `      ${n}\n`).join('')}`);
    }
    for (const [i, v] of verdicts.entries()) {
      if (v === 'wrong') process.stderr.write(`    step ${i + 1} acted on ${outcome.steps[i]!.acted?.key}\n    reference acted on ${reference?.steps[i]?.acted?.key}\n`);
    }
  }
  if (verbose || bad.length || outcome.oracle) {
    process.stderr.write(`  ${app} ${flow.name.padEnd(12)} ${mutant.padEnd(12)} ${strategy.padEnd(12)} ${(outcome.ms / 1000).toFixed(1)}s end:${outcome.oracle === null ? 'ok' : `WRONG (${outcome.oracle})`} ${bad.join(' ')}\n`);
  }
}

/** Runs tasks on the app instances, one task per instance at a time; results in task order. */
async function pool<T, R>(instances: RunningApp[], tasks: T[], fn: (task: T, app: RunningApp) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  let done = 0;
  await Promise.all(instances.map(async (app) => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await fn(tasks[i]!, app);
      if (++done % kProgressEvery === 0 && tasks.length > kProgressEvery) process.stderr.write(`  ${done}/${tasks.length}\n`);
    }
  }));
  return results;
}

/** An instance as the corpus addresses it: flows start relative to the app's origin. */
async function startAtOrigin(app: RealApp): Promise<RunningApp> {
  const running = await app.start();
  return { ...running, url: new URL('/', running.url).href };
}

async function benchApp(browser: Awaited<ReturnType<typeof launchBrowser>>, app: RealApp & { corpus: NonNullable<RealApp['corpus']> }, outputDir: string): Promise<void> {
  const corpusApp = { name: app.name, flows: app.corpus.flows.filter((flow) => extra || !flow.extra), other: app.corpus.other };
  const instances: RunningApp[] = [];
  let other: RunningApp | null = null;
  try {
    for (const started of await Promise.allSettled(Array.from({ length: kWorkers }, () => startAtOrigin(app)))) {
      if (started.status === 'fulfilled') instances.push(started.value);
      else process.stderr.write(`  ${corpusApp.name} did not start: ${String(started.reason)}\n`);
    }
    if (!instances.length) return;
    process.stderr.write(`${corpusApp.name}: recording ${corpusApp.flows.length} flows ...\n`);
    const recordings = await pool(instances, corpusApp.flows, (flow, app) => recordFlow(app, flow, outputDir).catch((err: unknown) => {
      process.stderr.write(`  ${err instanceof Error ? err.message : String(err)}\n`);
      return null;
    }));
    const flows = corpusApp.flows.filter((_, i) => recordings[i]);
    const recorded = new Map(flows.map((flow) => [flow.name, recordings[corpusApp.flows.indexOf(flow)]!]));
    // The reference: the recorder's locator on the app as recorded. Its elements are the intended ones.
    const referenceRuns = await pool(instances, flows, (flow, app) => runOnce({ browser, app, flow, recorded: recorded.get(flow.name)!, mutant: kMutants[0]!, strategy: 'locator-only' }));
    const references = new Map(flows.map((flow, i) => [flow.name, referenceRuns[i]!]));
    for (const [name, reference] of references) {
      if (reference.oracle !== null) process.stderr.write(`  reference run of ${name} did not reach its end state (${reference.oracle}): wrong-element checks for it rely on decoys only\n`);
    }
    const targets: { label: string; mutant: Mutant; other: boolean }[] = mutants.map((mutant) => ({ label: mutant.name, mutant, other: false }));
    if (corpusApp.other && !onlyMutants) {
      const why = corpusApp.other.unavailable();
      if (why) process.stderr.write(`  ${corpusApp.other.name} skipped: ${why}\n`);
      else {
        other = await startAtOrigin(corpusApp.other);
        targets.push({ label: corpusApp.other.name, mutant: kMutants[0]!, other: true });
      }
    }
    const tasks = targets.flatMap((target) => flows.flatMap((flow) => strategies.map((strategy) => ({ target, flow, strategy }))));
    const run = (task: (typeof tasks)[number], app: RunningApp) => runOnce({ browser, app, flow: task.flow, recorded: recorded.get(task.flow.name)!, mutant: task.target.mutant, strategy: task.strategy });
    const mine = tasks.filter((t) => !t.target.other);
    const theirs = tasks.filter((t) => t.target.other);
    const outcomes = [...await pool(instances, mine, run), ...(other ? await pool([other], theirs, run) : [])];
    for (const target of targets) rows.push({ app: corpusApp.name, mutant: target.label });
    for (const [i, task] of [...mine, ...theirs].entries()) {
      const outcome = outcomes[i]!;
      const verdicts = add(tallyOf(corpusApp.name, task.target.label, task.strategy), outcome, references.get(task.flow.name) ?? null, task.target.other);
      line(corpusApp.name, task.flow, task.target.label, task.strategy, outcome, verdicts, references.get(task.flow.name));
      const flowKey = `${corpusApp.name} ${task.flow.name} on ${task.target.label}`;
      perFlow.set(flowKey, { ...perFlow.get(flowKey), [task.strategy]: { correct: verdicts.filter((v) => v === 'correct').length, end: outcome.oracle === null } });
      const pastFirst = outcome.report?.steps.some((s) => s.level !== null && s.level !== 'recorded');
      if (task.strategy === 'full' && task.target.mutant.kind !== 'none' && !task.target.other && outcome.oracle === null && pastFirst && verdicts.every((v) => v === 'correct')) {
        p3Candidates.push({ app: instances[0]!, flow: task.flow, recorded: recorded.get(task.flow.name)!, mutant: task.target.mutant, appName: corpusApp.name, report: outcome.report! });
      }
    }
    const candidate = p3Candidates.find((c) => c.appName === corpusApp.name);
    if (candidate && !p3Results.length) p3Results.push(await measureP3(browser, candidate));
  } finally {
    await other?.stop();
    await Promise.all(instances.map((app) => app.stop()));
  }
}

const p3Results: string[] = [];
/** Per replayed flow: steps correct and end state reached, by strategy (for "never worse than the recorded locator"). */
const perFlow = new Map<string, Partial<Record<StrategyName, { correct: number; end: boolean }>>>();

async function main(): Promise<void> {
  const outputDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bu-heal-bench-'));
  const browser = await launchBrowser();
  const t0 = performance.now();
  try {
    for (const corpusApp of corpusApps()) {
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
    if (strategies.includes('full') && strategies.includes('locator-only')) {
      const worse = [...perFlow].filter(([, by]) => by.full && by['locator-only'] && (by.full.correct < by['locator-only'].correct || (!by.full.end && by['locator-only'].end)));
      console.log(`\nflows where full did worse than locator-only (fewer steps correct, or its end state missed): ${worse.length ? '' : `none of ${perFlow.size}`}`);
      for (const [key, by] of worse) console.log(`  ${key}: full ${by.full!.correct} steps${by.full!.end ? '' : ', end missed'}; locator-only ${by['locator-only']!.correct} steps${by['locator-only']!.end ? '' : ', end missed'}`);
    }
    console.log('\nmutations:');
    for (const m of mutants) console.log(`  ${m.name.padEnd(12)} ${m.about}`);
    console.log(p3Results.length ? `\n${p3Results.join('\n')}` : '\nP3: no changed page where the cascade ran past its first level and replayed the whole flow correctly');
  } finally {
    await browser.close();
    await fs.rm(outputDir, { recursive: true, force: true });
  }
}

await main();
