import type { Browser } from 'playwright';
import type { Locator, Page } from 'playwright';
import type { History, HistoryStep } from '../../core/schema/history.ts';
import type { AriaLogLine } from '../../core/schema/logs.ts';
import type { ReplayReport } from '../../core/schema/replay-report.ts';
import { replay } from '../../replay/replay.ts';
import type { ActedEvent } from './in-page/acted.ts';
import type { CorpusFlow, RunningApp } from '../../harness/apps/index.ts';
import type { GoneConfig } from './in-page/gone.ts';
import { actedBy, applyMutant, watchActed, type Mutant } from './instrument.ts';
import type { StepEvidence } from '../../generate/model/candidates.ts';
import { runRoleFirst } from './role-first.ts';
import { kStampAttribute } from './mutant-proxy.ts';

/**
 * One replay of a recorded flow on one app state under one mutant and one strategy, in a fresh
 * browser context: what each step did (its status and the element it acted on) and what the
 * oracle says of the final state.
 */

/**
 * `person`: not a strategy under test but the bench's own check of a mutant: each step's element is
 * the one the reference run acted on, found by its pre-mutation key (in-page/stamp.ts), acted on
 * with plain Playwright. Where that run misses the end state too, the mutant broke the flow for a
 * person as well (an app's script that reads the markup a mutant changed), and no strategy is
 * judged there.
 */
export type StrategyName = 'full' | 'locator-only' | 'role-first' | 'person';
export const kStrategies: StrategyName[] = ['full', 'locator-only', 'role-first'];

/**
 * How long a step waits for its element, in every strategy. Pages here are served from this
 * machine and settle in well under a second; a locator that finds nothing by then finds nothing
 * later, and the default (replay's 6 s, Playwright's 30 s) would only make the bench slow.
 */
export const kBenchFindTimeoutMs = 2_000;

/** Time for the last events on their way to the bench (they are milliseconds behind at most). */
const kStragglersMs = 200;

/** Steps that do nothing to the app: not counted. */
const kNotAppSteps = new Set(['done', 'write_file', 'read_file', 'replace_file', 'extract', 'screenshot', 'wait']);

export interface Recorded {
  history: History;
  aria: AriaLogLine[];
  /** What each element step's recorded DOM snapshot said, as `bu generate` checks it; null without. */
  evidence: Map<number, StepEvidence> | null;
}

export interface StepOutcome {
  action: string;
  /** ran: the action was carried out and accepted; failed: it stopped the run; skipped: not reached. */
  status: 'ran' | 'failed' | 'skipped';
  /** Replay's failure category (postcondition_failed, missing_element, ...) or an error. */
  category: string | null;
  acted: ActedEvent | null;
  /** Every action event the step caused, on any element. */
  events: ActedEvent[];
  /** The step's index in the history (and in replay's report). */
  index: number;
}

export interface RunOutcome {
  steps: StepOutcome[];
  /** Null when the final state is right. */
  oracle: string | null;
  ms: number;
  report: ReplayReport | null;
}

export interface RunInput {
  browser: Browser;
  app: RunningApp;
  flow: CorpusFlow;
  recorded: Recorded;
  mutant: Mutant;
  strategy: StrategyName;
  /** One recorded step's element removed or replaced too (the gone families). */
  gone?: GoneConfig | null;
  /** Log each acted-on element's look-alikes (reference runs, for the peer-left family). */
  peers?: boolean;
  /** The reference run, whose elements the person run acts on (see `StrategyName`). */
  reference?: RunOutcome;
}

/** The element the reference run acted on in `step`, by its stamped pre-mutation key; null when it acted on none. */
function referenceElement(page: Page, reference: RunOutcome | undefined, step: HistoryStep): Locator | null {
  const key = reference?.steps.find((s) => s.index === step.index)?.acted?.key;
  return key === undefined ? null : page.locator(`[${kStampAttribute}=${JSON.stringify(key)}]`).first();
}

export async function runOnce(input: RunInput): Promise<RunOutcome> {
  const { app, flow, recorded, strategy } = input;
  await app.reset();
  const context = await input.browser.newContext();
  try {
    await applyMutant(context, input.mutant, input.gone ?? null, strategy === 'person');
    const log = await watchActed(context, input.peers ?? false);
    const page = await context.newPage();
    // Events reach the bench on their own channel, possibly after the step that caused them
    // returned: they are told apart by time (the page and the bench share the machine's clock).
    const bounds: number[] = [0];
    const mark = () => void bounds.push(Date.now());
    const secrets = flow.secrets ?? {};
    const t = performance.now();
    let statuses: { status: StepOutcome['status']; category: string | null }[];
    let report: ReplayReport | null = null;
    if (strategy === 'role-first' || strategy === 'person') {
      const locate = strategy === 'person' ? (step: HistoryStep) => referenceElement(page, input.reference, step) : undefined;
      const steps = await runRoleFirst(page, recorded.history, { baseUrl: app.url, secrets, aria: recorded.aria, evidence: recorded.evidence, timeoutMs: kBenchFindTimeoutMs, onStep: mark, locate });
      statuses = steps.map((s) => ({ status: s.ok ? 'ran' : s.error === 'skipped' ? 'skipped' : 'failed', category: s.ok || s.error === 'skipped' ? null : `action_error: ${s.error}` }));
    } else {
      const result = await replay(page, recorded.history, {
        replayId: `bench-${strategy}`, baseUrl: app.url, strategy, findTimeoutMs: kBenchFindTimeoutMs, substitutions: { vars: {}, secrets }, onStep: mark,
      });
      report = result.report;
      statuses = report.steps.map((s) => ({
        status: s.status === 'passed' || s.status === 'healed' ? 'ran' : s.status === 'skipped' ? 'skipped' : 'failed',
        category: s.category ?? null,
      }));
    }
    const ms = performance.now() - t;
    const finalPage = context.pages().at(-1) ?? page;
    await finalPage.waitForLoadState('domcontentloaded').catch(() => undefined);
    const oracle = await flow.oracle({ app, page: finalPage, request: context.request }).catch((err: unknown) => `oracle failed: ${err instanceof Error ? err.message : String(err)}`);
    await new Promise((resolve) => setTimeout(resolve, kStragglersMs));
    const steps: StepOutcome[] = [];
    for (const [i, step] of recorded.history.steps.entries()) {
      if (kNotAppSteps.has(step.action)) continue;
      const from = bounds[i] ?? Infinity;
      const to = bounds[i + 1] ?? Infinity;
      const events = log.events.filter((e) => e.t >= from && e.t < to);
      steps.push({ action: step.action, ...statuses[i]!, acted: actedBy(step.action, events), events, index: i });
    }
    return { steps, oracle, ms, report };
  } finally {
    await context.close();
  }
}

/** How one step went, judged against the reference run's element for the same step. */
export type Verdict = 'correct' | 'wrong' | 'postcondition' | 'failed' | 'skipped';

/**
 * `loose`: the run is on another release, whose markup and wording may differ for the same
 * element; only the kind of element and its row's text are compared there.
 */
export function judgeStep(step: StepOutcome, reference: StepOutcome | undefined, loose = false): Verdict {
  const expected = reference?.acted ?? null;
  const differs = (a: ActedEvent, b: ActedEvent) => (loose ? a.loose !== b.loose : a.key !== b.key);
  const wrong = step.acted !== null && (step.acted.decoy || (expected !== null && differs(step.acted, expected)));
  if (wrong) return 'wrong';
  if (step.status === 'skipped') return 'skipped';
  if (step.category === 'postcondition_failed') return 'postcondition';
  if (step.status === 'failed') return 'failed';
  // An element action that acted on nothing while the reference did did not do the step.
  if (expected !== null && step.acted === null) return 'failed';
  return 'correct';
}
