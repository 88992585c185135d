import { pageMembers } from './page-members.ts';
import type { BrowserContext, Page } from 'playwright';
import type { UploadPlaces } from '../core/act/upload-path.ts';
import { defaultOutputRoot, outputPaths, sessionFilesDir } from '../core/paths.ts';
import type { Fingerprint, History, RecordedLocator } from '../core/schema/history.ts';
import { kReplayReportVersion, type ReplayReport, type ReplayStep } from '../core/schema/replay-report.ts';
import type { Strategy } from './find.ts';
import type { Fallback } from './fallback.ts';
import { InFlight } from '../core/act/in-flight.ts';
import { errorMessage, JobFailedError } from '../core/errors.ts';
import { Rebaser, ReportRedactor, substitute, type Substitutions } from './inputs.ts';
import { kFindTimeoutMs } from '../locate/cascade.ts';
import { summarize } from './report.ts';
import { urlMatches } from './verify.ts';
import { notOnTheApp } from './executors/page.ts';
import { readFinalPage, type FinalPage } from './final-page.ts';
import { openMainWorld } from '../locate/main-world.ts';
import { runStep, type Ahead, type StepEnv, type StepOutcome } from './step.ts';

/**
 * Replays a history on a page the caller owns (the CLI launches one; Playwright Test passes its
 * own). Steps run in order and stop at the first failure; the rest are reported as skipped.
 * Never sleeps recorded durations, never calls a model unless a `Fallback` is given.
 */

/** One action (click, fill, navigation) may take this long before it is an action error. */
export const kActionTimeoutMs = 10_000;

export interface ReplayOptions {
  replayId: string;
  baseUrl?: string | null;
  substitutions?: Substitutions;
  strategy?: Strategy;
  fallback?: Fallback | null;
  /** Also compute fresh fingerprints and locators for healed steps (for `--write-back`). */
  writeBack?: boolean;
  /**
   * The report's `final.ariaSnapshot` also when the replay passed (a caller that keeps the report,
   * as `bu replay` does); a failed replay always has it. See final-page.ts.
   */
  finalSnapshot?: boolean;
  findTimeoutMs?: number;
  /** Where `upload_file` steps may take files from; default: the recorded session's files under ./output. */
  files?: UploadPlaces;
  signal?: AbortSignal;
  /** Progress: called after each step. */
  onStep?(step: ReplayStep, total: number): void;
  log?(message: string): void;
  now?(): Date;
}

export interface ReplayResult {
  report: ReplayReport;
  /** Healed steps' new fingerprint and locator, by step index. */
  rewritten: Map<number, { fingerprint: Fingerprint; locator: RecordedLocator }>;
}

function defaultUploadPlaces(sessionId: string): UploadPlaces {
  const cwd = process.cwd();
  return { filesDir: sessionFilesDir(outputPaths(defaultOutputRoot(process.env, cwd)), sessionId), uploadPaths: [], cwd };
}

function firstUrl(history: History): string | null {
  const first = history.steps[0];
  if (first && /^https?:/.test(first.pre.url)) return first.pre.url;
  if (first && (first.action === 'navigate' || first.action === 'search')) return null;
  return /^https?:/.test(history.startUrl) ? history.startUrl : null;
}

/**
 * Opens the page the run starts on. An app that does not answer there (not started, another port)
 * is the replay failing to run, said with where the address came from, not a crash of brow-use.
 */
async function openStart(page: Page, url: string): Promise<void> {
  try {
    await page.goto(url, { waitUntil: 'domcontentloaded' });
  } catch (err) {
    const reason = errorMessage(err).split('\n')[0]!.replace(/^page\.goto: /, '');
    throw new JobFailedError(
      `cannot open ${url}, where the replay starts: ${reason}`,
      'is the app running there? The address comes from --base-url (BASE_URL in generated specs), else baseURL in brow-use.config.ts, else the recorded one',
    );
  }
}

export async function replay(page: Page, history: History, options: ReplayOptions): Promise<ReplayResult> {
  const subs = options.substitutions ?? { vars: { ...history.variables }, secrets: {} };
  const strategy = options.strategy ?? 'full';
  const startedAt = (options.now?.() ?? new Date()).toISOString();
  const t0 = performance.now();
  const rebase = new Rebaser(history.startUrl, options.baseUrl ?? null, history.variables, subs.vars, subs.secrets);
  const redactor = new ReportRedactor(subs.secrets);
  const log = options.log ?? (() => undefined);
  let llmCalls = 0;
  const context: BrowserContext = page.context();
  // Dialogs were accepted at record time (the agent confirms what it asked for).
  const onDialog = (dialog: { accept(): Promise<void> }) => void dialog.accept().catch(() => undefined);
  const onPage = (p: Page) => p.on('dialog', onDialog);
  context.on('page', onPage);
  for (const p of context.pages()) p.on('dialog', onDialog);
  const inFlight = new InFlight(context);

  const tolerantIds = Object.keys(subs.vars).length > 0;
  const env: StepEnv = {
    context,
    inFlight,
    page,
    rebase,
    text: (value) => substitute(value, subs),
    tolerantIds,
    find: {
      strategy,
      tolerantIds,
      fallback: options.fallback ?? null,
      timeoutMs: options.findTimeoutMs ?? kFindTimeoutMs,
      rebase,
      signal: options.signal,
      onModelCall: () => llmCalls++,
      log,
      // Replay acts through the guard of an element read at its recorded path (see at-path.ts `actingGuard`).
      guarded: true,
      members: pageMembers(history),
    },
    actionTimeoutMs: kActionTimeoutMs,
    files: options.files ?? defaultUploadPlaces(history.sessionId),
    writeBack: options.writeBack ?? false,
    finalSnapshot: options.finalSnapshot ?? false,
    t0,
  };

  // The session replay reads the page through is opened while the first page loads.
  openMainWorld(page);
  const start = firstUrl(history);
  if (start && !urlMatches(rebase.url(start), page.url(), false)) {
    await openStart(page, rebase.url(start));
    // The recording was shown its first page at this address: where the app sends it now is that page.
    rebase.learnRedirect(rebase.url(start), page.url());
  }

  const steps: ReplayStep[] = [];
  const rewritten: ReplayResult['rewritten'] = new Map();
  let stopped: string | null = null;
  let ahead: Ahead | null = null;
  // The page as the last step that touches the app left it, when read beside that step's check.
  let finalRead: FinalPage | null = null;
  // Steps from here on touch nothing in the app (skipped without a look at the page).
  const offApp = (s: History['steps'][number]) => !s.ok || notOnTheApp(s.action) !== null;
  let closingFrom = history.steps.length;
  while (closingFrom > 0 && offApp(history.steps[closingFrom - 1]!)) closingFrom--;
  for (const [i, step] of history.steps.entries()) {
    if (stopped || options.signal?.aborted) {
      const why = stopped ?? 'the replay was interrupted';
      steps.push({
        index: step.index, action: step.action, status: 'skipped', level: null, candidates: null, score: null, locator: null,
        recordedLocator: step.locator?.code ?? null, category: null, message: why, notes: [], fallback: null, checks: [],
        timing: { startMs: Math.round(performance.now() - t0), findMs: 0, actMs: 0, verifyMs: 0, totalMs: 0 },
      });
    } else {
      const outcome: StepOutcome = await runStep(env, step, { previous: history.steps[i - 1] ?? null, next: history.steps[i + 1] ?? null, ahead, closing: i + 1 === closingFrom });
      ahead = outcome.ahead ?? null;
      finalRead = outcome.final ?? (i < closingFrom ? null : finalRead);
      env.page = outcome.page;
      redactor.uses(step);
      steps.push(redactor.deep(outcome.report));
      if (outcome.rewritten) rewritten.set(step.index, outcome.rewritten);
      if (outcome.report.status === 'failed') stopped = `not run: step ${step.index + 1} failed`;
    }
    options.onStep?.(steps[steps.length - 1]!, history.steps.length);
  }

  const summary = summarize(steps, { totalMs: performance.now() - t0, llmCalls, strategy, fallback: options.fallback ? 'llm' : 'off' });
  const snapshot = env.finalSnapshot || !summary.ok;
  const { title, ariaSnapshot } = finalRead && (finalRead.ariaSnapshot !== undefined || !snapshot) ? finalRead : await readFinalPage(env.page, snapshot);
  const final = redactor.deep({ url: env.page.url(), title, ...(ariaSnapshot === undefined ? {} : { ariaSnapshot }) });
  context.off('page', onPage);
  for (const p of context.pages()) p.off('dialog', onDialog);
  inFlight.dispose();
  return {
    report: { version: kReplayReportVersion, sessionId: history.sessionId, replayId: options.replayId, startedAt, baseUrl: options.baseUrl ?? null, steps, summary, final },
    rewritten,
  };
}
