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
 * P3 on a changed page where the cascade ran past its first level, and P3-heal: the median over
 * every flow `full` replayed correctly on a changed page of replay's time over a plain script's,
 * timed side by side. The run fails (exit code 1) when `full` acted on a wrong element.
 * Where a strategy missed a flow's end state on a mutant, a person's run (the reference run's own
 * elements, found by their pre-mutation keys, acted on with plain Playwright) says whether the
 * mutant left the flow doable at all: a flow it broke for a person too (an app's script that reads
 * the markup the mutant changed) is left out of every tally and listed with what it missed.
 * The honest mutants keep every recorded element on the page. The gone families (gone-cases.ts)
 * take one step's element away, one case per element step: removed, substituted (an element of
 * the same role with another purpose in its place), peer-left (removed where a look-alike stays).
 * There replay must refuse the step: any action during it is a wrong action. Printed per app x
 * family: cases, refused, wrong, not reached, passed idle; then each wrong action with the step's
 * replay notes. They run with full and locator-only (of BENCH_STRATEGIES). The run fails too when
 * `full` acted in a gone case.
 * Subsets: BENCH_APPS=a,b  BENCH_MUTANTS=x,y  BENCH_STRATEGIES=full,...
 * BENCH_FAMILIES=honest,removed,substituted,peer-left (all by default); more: BENCH_EXTRA=1 (every
 * flow), BENCH_VERBOSE=1 (a line per replay, and the gone cases that were not reached), BENCH_KEEP=1 (the
 * output folder is kept and its path printed).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { launchBrowser } from '../core/browser.ts';
import { corpusApps } from '../harness/apps/index.ts';
import { benchApp, type CorpusApp, type FlowResult } from './heal/bench-app.ts';
import { kGoneFamilies } from './heal/gone-cases.ts';
import { goneCounts, goneDetails, goneTable, type AppGone } from './heal/gone-table.ts';
import { kMutants } from './heal/instrument.ts';
import { p3HealLine, type P3Ratio } from './heal/p3.ts';
import { kStrategies, type StrategyName } from './heal/run.ts';
import { add, emptyTally, sum, table, type Tally } from './heal/tally.ts';
import { crossValidate, foldsTable, readDecision, tally as tallyDecisions, kProjectWeights, type Decision } from './heal/evidence-fit.ts';
import type { ReplayReport } from '../core/schema/replay-report.ts';

const list = (name: string) => process.env[name]?.split(',').map((s) => s.trim()).filter(Boolean) ?? null;
const onlyApps = list('BENCH_APPS');
const onlyMutants = list('BENCH_MUTANTS');
const strategies = (list('BENCH_STRATEGIES') as StrategyName[] | null) ?? kStrategies;
const verbose = process.env.BENCH_VERBOSE === '1';
const extra = process.env.BENCH_EXTRA === '1';
/** BENCH_KEEP=1: the recordings, replays and reports are left in the output folder (its path printed) to read after the run. */
const keep = process.env.BENCH_KEEP === '1';
/** Instances of each app replaying side by side: replays mostly wait on the browser and the server, so two fit on two cores. */
const kWorkers = Number(process.env.BENCH_WORKERS ?? 2);
const families = list('BENCH_FAMILIES') ?? ['honest', ...kGoneFamilies];
const unknownFamily = families.find((f) => f !== 'honest' && !kGoneFamilies.some((g) => g === f));
if (unknownFamily) throw new Error(`BENCH_FAMILIES: no family ${unknownFamily} (honest, ${kGoneFamilies.join(', ')})`);
const honest = families.includes('honest');
const goneFamilies = kGoneFamilies.filter((f) => families.includes(f));
const mutants = honest ? kMutants.filter((m) => !onlyMutants || onlyMutants.includes(m.name)) : [];
/** The gone families need replay's report and its step notes: role-first has neither. */
const goneStrategies = strategies.filter((s) => s !== 'role-first');
const gone: AppGone[] = [];
const goneSteps = { elementSteps: 0, repeats: 0, noPeer: 0 };

const tallies = new Map<string, Tally>();
/** Every decision of the evidence model on a renamed element (see heal/evidence-fit.ts), by `full`. */
const decisions: Decision[] = [];

/** The model's decision on step `index` of a replay, as its last evidence note says it; null when it made none. */
function decisionAt(report: ReplayReport | null, index: number): ReturnType<typeof readDecision> {
  const notes = report?.steps[index]?.notes ?? [];
  for (let i = notes.length - 1; i >= 0; i--) {
    const read = readDecision(notes[i]!);
    if (read) return read;
  }
  return null;
}
const rows: { app: string; mutant: string }[] = [];
const p3Heal: P3Ratio[] = [];
const p3One: string[] = [];
/** Per replayed flow: steps correct and end state reached, by strategy (for "never worse than the recorded locator"). */
const perFlow = new Map<string, Partial<Record<StrategyName, { correct: number; end: boolean }>>>();
/** Flows a mutant broke for a person too (see `StrategyName` in heal/run.ts): left out of every tally, with what the person run missed. */
const broken = new Map<string, string>();

function tallyOf(app: string, mutant: string, strategy: StrategyName): Tally {
  const key = `${app}|${mutant}|${strategy}`;
  let t = tallies.get(key);
  if (!t) tallies.set(key, (t = emptyTally()));
  return t;
}

function line(app: string, result: FlowResult): void {
  const { flow, target, strategy, outcome, verdicts, reference } = result;
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
    process.stderr.write(`  ${app} ${flow.name.padEnd(12)} ${target.label.padEnd(12)} ${strategy.padEnd(12)} ${(outcome.ms / 1000).toFixed(1)}s end:${outcome.oracle === null ? 'ok' : `WRONG (${outcome.oracle})`} ${bad.join(' ')}\n`);
  }
}

/** Each replay's report, as `reports/<app>-<flow>-<target>-<strategy>.json` in the output folder (BENCH_KEEP). */
async function keepReports(outputDir: string, app: string, result: NonNullable<Awaited<ReturnType<typeof benchApp>>>): Promise<void> {
  const dir = path.join(outputDir, 'reports');
  await fs.mkdir(dir, { recursive: true });
  const named = [
    ...result.results.map((r) => ({ name: `${r.flow.name}-${r.target.label}-${r.strategy}`, report: r.outcome.report })),
    ...result.gone.map((r) => ({ name: `${r.case.flow.name}-${r.case.family}-${r.case.index}-${r.strategy}`, report: r.outcome.report })),
  ];
  for (const { name, report } of named) {
    if (report) await fs.writeFile(path.join(dir, `${app}-${name}.json`.replace(/[^\w.-]+/g, '_')), JSON.stringify(report, null, 2));
  }
}

async function runApp(browser: Awaited<ReturnType<typeof launchBrowser>>, app: CorpusApp, outputDir: string): Promise<void> {
  const result = await benchApp(browser, app, {
    mutants, strategies, extra, workers: kWorkers, other: honest && !onlyMutants, outputDir, p3Heal: honest && strategies.includes('full'), p3One: honest && !p3One.length,
    families: goneFamilies, goneStrategies, log: (text) => process.stderr.write(`${text}\n`),
  });
  if (!result) return;
  for (const target of result.targets) rows.push({ app: app.name, mutant: target.label });
  if (keep) await keepReports(outputDir, app.name, result);
  for (const r of result.results) {
    if (r.brokenByMutant !== null) {
      const key = `${app.name} ${r.flow.name} on ${r.target.label}`;
      if (!broken.has(key)) broken.set(key, r.brokenByMutant);
    }
  }
  const judged = result.results.filter((r) => r.brokenByMutant === null);
  for (const r of judged) {
    add(tallyOf(app.name, r.target.label, r.strategy), r.outcome, r.reference ?? null, r.target.other);
    line(app.name, r);
    const flowKey = `${app.name} ${r.flow.name} on ${r.target.label}`;
    perFlow.set(flowKey, { ...perFlow.get(flowKey), [r.strategy]: { correct: r.verdicts.filter((v) => v === 'correct').length, end: r.outcome.oracle === null } });
  }
  // Honest mutants keep the recorded element: taking it was right where the step acted on it
  // (the oracle's verdict), and a refusal refused it, except among a decoy's copies.
  for (const r of judged) {
    if (r.strategy !== 'full') continue;
    for (const [i, step] of r.outcome.steps.entries()) {
      const read = decisionAt(r.outcome.report, step.index);
      if (!read) continue;
      const taken = r.outcome.report?.steps[step.index]?.notes.some((n) => n.includes('taken on evidence')) === true;
      if (!taken && r.target.mutant.kind === 'decoy') continue;
      decisions.push({ app: app.name, family: r.target.label, right: taken ? r.verdicts[i] === 'correct' : true, ...read });
    }
  }
  // A gone case removed or replaced the recorded element: taking anything there was wrong.
  for (const r of result.gone) {
    if (r.strategy !== 'full') continue;
    const read = decisionAt(r.outcome.report, r.case.index);
    if (read) decisions.push({ app: app.name, family: r.case.family, right: false, ...read });
  }
  gone.push({ app: app.name, results: result.gone });
  for (const f of result.goneSteps) for (const k of ['elementSteps', 'repeats', 'noPeer'] as const) goneSteps[k] += f[k];
  p3Heal.push(...result.p3Heal);
  if (result.p3One) p3One.push(result.p3One);
  if (verbose) for (const r of result.p3Heal) process.stderr.write(`  P3 ${r.flow}: ${r.ratio.toFixed(2)}x (${Math.round(r.replayMs)} ms vs ${Math.round(r.plainMs)} ms)\n`);
}

function printEvidenceFit(): void {
  if (!decisions.length) return;
  const all = tallyDecisions(decisions, kProjectWeights);
  console.log(`\nEvidence model (locate/renamed-evidence.ts): ${decisions.length} decisions on a renamed element with nothing the server or code reads to say what it is; ${all.right} where taking it was right, ${all.wrong} where it was wrong`);
  console.log(`project's weights over all apps: ${all.rightTaken}/${all.right} right taken, ${all.wrongTaken}/${all.wrong} wrong taken`);
  console.log('weights fit by app left out (fit on the other apps, no wrong take allowed, measured on the one left out):');
  console.log(foldsTable(crossValidate(decisions)));
}

function printGone(): void {
  console.log(`\nHeal corpus, the recorded element gone: ${gone.length} apps, ${goneSteps.elementSteps} element steps (${goneSteps.repeats} act on an element an earlier step already did: that step's case covers them; ${goneSteps.noPeer} had no look-alike on the unchanged page: no peer-left case)`);
  console.log('per strategy: cases, refused (the step failed, nothing acted on), wrong (any action during the step, or a wrong element before it), not reached (the flow stopped earlier), idle (passed without acting)\n');
  console.log(goneTable(gone, goneFamilies, goneStrategies));
  const wrongLines = goneDetails(gone.map((a) => ({ ...a, results: a.results.filter((r) => r.strategy === 'full') })), ['wrong', 'passed idle']);
  console.log(`\nfull: wrong actions and idle passes where the element was gone: ${wrongLines.length ? '' : 'none'}`);
  for (const l of wrongLines) console.log(l);
  if (verbose) {
    const other = goneDetails(gone, ['not reached']);
    if (other.length) console.log(`\nnot reached:\n${other.join('\n')}`);
  }
  // An action where the recorded element is gone is an action on the wrong element: the run fails on it.
  const wrong = goneCounts(gone.flatMap((a) => a.results.filter((r) => r.strategy === 'full'))).wrong;
  if (wrong > 0) {
    console.log(`\nFAILED: full acted where the recorded element was gone in ${wrong} case(s)`);
    process.exitCode = 1;
  }
}

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
      await runApp(browser, corpusApp, outputDir);
    }
    const get = (app: string, mutant: string, s: StrategyName) => tallies.get(`${app}|${mutant}|${s}`);
    printEvidenceFit();
    if (goneFamilies.length) printGone();
    if (!honest) return;
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
    console.log(`\nflows left out because the mutant broke them for a person too (acting on the reference run's own elements missed the end state): ${broken.size ? '' : 'none'}`);
    for (const [key, missed] of broken) console.log(`  ${key}: ${missed}`);
    console.log('\nmutations:');
    for (const m of mutants) console.log(`  ${m.name.padEnd(12)} ${m.about}`);
    console.log(p3One.length ? `\n${p3One.join('\n')}` : '\nP3: no changed page where the cascade ran past its first level and replayed the whole flow correctly');
    if (strategies.includes('full')) console.log(p3HealLine(p3Heal));
    // Acting on the wrong element is the one failure replay must never have: the run fails on it.
    const wrong = totals(null, 'full').wrong;
    if (strategies.includes('full') && wrong > 0) {
      console.log(`\nFAILED: full acted on the wrong element ${wrong} time(s)`);
      process.exitCode = 1;
    }
  } finally {
    await browser.close();
    if (keep) process.stderr.write(`kept the recordings and reports in ${outputDir}\n`);
    else await fs.rm(outputDir, { recursive: true, force: true });
  }
}

await main();
