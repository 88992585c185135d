import type { Browser } from 'playwright';
import type { CorpusFlow, RealApp, RunningApp } from '../../harness/apps/index.ts';
import { goneCases, type FlowCases, type GoneCase, type GoneFamily } from './gone-cases.ts';
import { kMutants, type Mutant } from './instrument.ts';
import { judgeGone, type GoneVerdict } from './judge-gone.ts';
import { measureP3, p3Ratio, type P3Candidate, type P3Ratio } from './p3.ts';
import { recordedEvidence, recordFlow } from './record.ts';
import { runOnce, type Recorded, type RunOutcome, type StrategyName, type Verdict } from './run.ts';
import { add, emptyTally } from './tally.ts';

/**
 * One app of the heal corpus: its flows recorded on the app as shipped, a reference run of each
 * (the recorder's locator on the unchanged app: its elements are the intended ones), then every
 * flow replayed under every mutant (and on the app's other release) with every strategy, each
 * step judged against the reference. Optionally P3 on changed pages, measured side by side.
 */

export interface BenchAppOptions {
  mutants: Mutant[];
  strategies: StrategyName[];
  /** Every flow, the extra ones too. */
  extra: boolean;
  /** Only the flows of these names (all when absent). */
  only?: string[];
  /** Instances of the app replaying side by side. */
  workers: number;
  /** Replay on the app's other release too, when it has one. */
  other: boolean;
  outputDir: string;
  /** P3-heal: every flow that `full` replayed correctly on a changed page, timed beside a plain script. */
  p3Heal: boolean;
  /** P3 of one flow, several runs each side (the cascade past its first level). */
  p3One: boolean;
  /** The `bu` entry script that records the flows; the checkout's (through tsx) when not given. */
  bu?: string;
  /** The families where a recorded step's element is gone (gone-cases.ts); none when absent. */
  families?: GoneFamily[];
  /** Only the cases this keeps (a fixed sample); all when absent. */
  keepCase?: (c: GoneCase) => boolean;
  /** Strategies the gone families run (they need replay's report: full, locator-only). */
  goneStrategies?: StrategyName[];
  /** A progress or diagnostic line. */
  log(line: string): void;
}

export interface GoneResult {
  case: GoneCase;
  strategy: StrategyName;
  outcome: RunOutcome;
  verdict: GoneVerdict;
}

export interface Target {
  label: string;
  mutant: Mutant;
  other: boolean;
}

export interface FlowResult {
  target: Target;
  flow: CorpusFlow;
  strategy: StrategyName;
  outcome: RunOutcome;
  verdicts: Verdict[];
  reference: RunOutcome | undefined;
  /**
   * What the person run (see run.ts `StrategyName`) missed of the end state on this mutant, where a
   * strategy missed it: the mutant broke the flow for a person too, so no strategy is judged on it.
   * Null when the flow stayed doable (or no strategy missed).
   */
  brokenByMutant: string | null;
}

export interface BenchAppResult {
  targets: Target[];
  results: FlowResult[];
  /** Per flow replayed correctly on a changed page: replay time over a plain script's. */
  p3Heal: P3Ratio[];
  p3One: string | null;
  gone: GoneResult[];
  /** Per flow: its element steps, and those that made no case of their own or no peer-left case. */
  goneSteps: Omit<FlowCases, 'cases'>[];
}

/** A progress line every so many replays. */
const kProgressEvery = 20;

/** Runs tasks on the app instances, one task per instance at a time; results in task order. */
async function pool<T, R>(instances: RunningApp[], tasks: T[], fn: (task: T, app: RunningApp) => Promise<R>, log: (line: string) => void): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  let done = 0;
  await Promise.all(instances.map(async (app) => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await fn(tasks[i]!, app);
      if (++done % kProgressEvery === 0 && tasks.length > kProgressEvery) log(`  ${done}/${tasks.length}`);
    }
  }));
  return results;
}

/** An app of the corpus: one of the registry's with its corpus part. */
export type CorpusApp = RealApp & { corpus: NonNullable<RealApp['corpus']> };

/** An instance as the corpus addresses it: flows start relative to the app's origin. */
async function startAtOrigin(app: RealApp): Promise<RunningApp> {
  const running = await app.start();
  return { ...running, url: new URL('/', running.url).href };
}

interface GoneInput {
  flows: CorpusFlow[];
  recorded: Map<string, Recorded>;
  references: Map<string, RunOutcome>;
  options: BenchAppOptions;
}

/**
 * Every case of the gone families replayed with each strategy, on the unchanged app but for the
 * case's element. Removed and peer-left change the page the same way: a case of both runs once.
 */
async function runGone(browser: Browser, instances: RunningApp[], input: GoneInput): Promise<Pick<BenchAppResult, 'gone' | 'goneSteps'>> {
  const { options, references } = input;
  const families = options.families ?? [];
  if (!families.length) return { gone: [], goneSteps: [] };
  const perFlow = input.flows.flatMap((flow) => {
    const reference = references.get(flow.name);
    return reference ? [goneCases(flow, reference, families)] : [];
  });
  const cases = perFlow.flatMap((f) => f.cases).filter((c) => !options.keepCase || options.keepCase(c));
  const strategies = options.goneStrategies ?? ['full'];
  const runKey = (c: GoneCase, strategy: StrategyName) => `${c.flow.name}|${c.gone.how}|${c.gone.key}|${strategy}`;
  const runs = new Map<string, { c: GoneCase; strategy: StrategyName }>();
  for (const c of cases) for (const strategy of strategies) if (!runs.has(runKey(c, strategy))) runs.set(runKey(c, strategy), { c, strategy });
  options.log(`  gone families: ${cases.length} cases, ${runs.size} replays`);
  const tasks = [...runs.values()];
  const outcomes = await pool(instances, tasks, (task, running) => runOnce({
    browser, app: running, flow: task.c.flow, recorded: input.recorded.get(task.c.flow.name)!, mutant: kMutants[0]!, strategy: task.strategy, gone: task.c.gone,
  }), options.log);
  const byKey = new Map(tasks.map((task, i) => [runKey(task.c, task.strategy), outcomes[i]!]));
  const gone = cases.flatMap((c) => strategies.map((strategy) => {
    const outcome = byKey.get(runKey(c, strategy))!;
    return { case: c, strategy, outcome, verdict: judgeGone(outcome, references.get(c.flow.name)!, c) };
  }));
  return { gone, goneSteps: perFlow.map(({ elementSteps, repeats, noPeer }) => ({ elementSteps, repeats, noPeer })) };
}

/** Null when the app did not start. */
export async function benchApp(browser: Browser, app: CorpusApp, options: BenchAppOptions): Promise<BenchAppResult | null> {
  const corpusApp = { name: app.name, flows: app.corpus.flows.filter((flow) => (options.extra || !flow.extra) && (!options.only || options.only.includes(flow.name))), other: app.corpus.other };
  const instances: RunningApp[] = [];
  let other: RunningApp | null = null;
  const { log } = options;
  try {
    for (const started of await Promise.allSettled(Array.from({ length: options.workers }, () => startAtOrigin(app)))) {
      if (started.status === 'fulfilled') instances.push(started.value);
      else log(`  ${corpusApp.name} did not start: ${String(started.reason)}`);
    }
    if (!instances.length) return null;
    log(`${corpusApp.name}: recording ${corpusApp.flows.length} flows ...`);
    const captures = await pool(instances, corpusApp.flows, (flow, running) => recordFlow(running, flow, options.outputDir, options.bu).catch((err: unknown) => {
      log(`  ${err instanceof Error ? err.message : String(err)}`);
      return null;
    }), log);
    const flows = corpusApp.flows.filter((_, i) => captures[i]);
    const captured = flows.map((flow) => captures[corpusApp.flows.indexOf(flow)]!);
    // Only role-first reads the recorded DOM snapshots' evidence; reading it is an extract and a browser's check.
    const recordings = options.strategies.includes('role-first') ? await recordedEvidence(captured, options.outputDir) : captured.map(({ history, aria }) => ({ history, aria, evidence: null }));
    const recorded = new Map<string, Recorded>(flows.map((flow, i) => [flow.name, recordings[i]!]));
    // Their look-alikes too: the peer-left family makes a case only where the unchanged page had one.
    const referenceRuns = await pool(instances, flows, (flow, running) => runOnce({ browser, app: running, flow, recorded: recorded.get(flow.name)!, mutant: kMutants[0]!, strategy: 'locator-only', peers: true }), log);
    const references = new Map(flows.map((flow, i) => [flow.name, referenceRuns[i]!]));
    for (const [name, reference] of references) {
      if (reference.oracle !== null) log(`  reference run of ${name} did not reach its end state (${reference.oracle}): wrong-element checks for it rely on decoys only`);
    }
    const targets: Target[] = options.mutants.map((mutant) => ({ label: mutant.name, mutant, other: false }));
    if (corpusApp.other && options.other) {
      const why = corpusApp.other.unavailable();
      if (why) log(`  ${corpusApp.other.name} skipped: ${why}`);
      else {
        other = await startAtOrigin(corpusApp.other);
        targets.push({ label: corpusApp.other.name, mutant: kMutants[0]!, other: true });
      }
    }
    const tasks = targets.flatMap((target) => flows.flatMap((flow) => options.strategies.map((strategy) => ({ target, flow, strategy }))));
    const run = (task: (typeof tasks)[number], running: RunningApp) => runOnce({ browser, app: running, flow: task.flow, recorded: recorded.get(task.flow.name)!, mutant: task.target.mutant, strategy: task.strategy });
    const mine = tasks.filter((t) => !t.target.other);
    const theirs = tasks.filter((t) => t.target.other);
    const outcomes = [...await pool(instances, mine, run, log), ...(other ? await pool([other], theirs, run, log) : [])];
    const judged = [...mine, ...theirs].map((task, i) => ({ ...task, outcome: outcomes[i]! }));
    // Where a strategy missed the end state on a mutant, a person's run says whether the flow was still doable.
    const flowKey = (t: { target: Target; flow: CorpusFlow }) => `${t.target.label}|${t.flow.name}`;
    const missed = new Map(judged.filter((r) => !r.target.other && r.target.mutant.kind !== 'none' && r.outcome.oracle !== null && references.get(r.flow.name)?.oracle === null).map((r) => [flowKey(r), r]));
    const personRuns = await pool(instances, [...missed.values()], (task, running) => runOnce({ browser, app: running, flow: task.flow, recorded: recorded.get(task.flow.name)!, mutant: task.target.mutant, strategy: 'person', reference: references.get(task.flow.name) }), log);
    const broken = new Map([...missed.keys()].map((key, i) => [key, personRuns[i]!.oracle]));
    const results: FlowResult[] = judged.map((task) => {
      const reference = references.get(task.flow.name);
      const verdicts = add(emptyTally(), task.outcome, reference ?? null, task.target.other);
      return { ...task, verdicts, reference, brokenByMutant: broken.get(flowKey(task)) ?? null };
    });
    // Flows `full` replayed correctly on a changed page: their P3 beside the plain script.
    const healed: P3Candidate[] = results
      .filter((r) => r.strategy === 'full' && r.target.mutant.kind !== 'none' && !r.target.other && r.outcome.oracle === null && r.verdicts.every((v) => v === 'correct') && r.outcome.report)
      .map((r) => ({ app: instances[0]!, flow: r.flow, recorded: recorded.get(r.flow.name)!, mutant: r.target.mutant, appName: corpusApp.name, report: r.outcome.report! }));
    const p3Heal = options.p3Heal ? await pool(instances, healed, (candidate, running) => p3Ratio(browser, { ...candidate, app: running }), log) : [];
    const pastFirst = healed.find((c) => c.report.steps.some((s) => s.level !== null && s.level !== 'recorded'));
    const p3One = options.p3One && pastFirst ? await measureP3(browser, pastFirst) : null;
    const { gone, goneSteps } = await runGone(browser, instances, { flows, recorded, references, options });
    return { targets, results, p3Heal, p3One, gone, goneSteps };
  } finally {
    await other?.stop();
    await Promise.all(instances.map((running) => running.stop()));
  }
}
