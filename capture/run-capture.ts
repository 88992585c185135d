import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext } from 'playwright';
import { secretPlaceholder } from '../core/conventions.ts';
import { errorMessage } from '../core/errors.ts';
import { sessionFilesDir, type OutputPaths } from '../core/paths.ts';
import { reserveSessionId } from '../core/session-id.ts';
import type { RunsDb } from '../core/runs-db.ts';
import type { History } from '../core/schema/history.ts';
import type { RunRecord, TerminationReason, Usage } from '../core/schema/run.ts';
import { runLoop } from './loop.ts';
import { installUrlPolicy } from './url-policy.ts';
import { Recorder } from './record/recorder.ts';
import { StepShots } from './record/step-shots.ts';
import { startTracing, stopTracing } from './record/tracing.ts';
import type { Checkpoint } from './resume/checkpoint-schema.ts';
import { removeCheckpoint, restoreStorageState, tracePartFile, writeCheckpoint } from './resume/checkpoint.ts';
import { openStart, reopenTabs } from './resume/reopen.ts';
import { kDefaultActionTimeoutMs, Session } from './session.ts';
import { openSessionBridge } from './session-mode/open-bridge.ts';
import type { SessionBridge } from './session-mode/session-bridge.ts';
import type { Policy } from './types.ts';
import type { ImageAsker } from './actions/define-skill.ts';
import type { CaptureSettings } from './capture-settings.ts';

export type { CaptureSettings } from './capture-settings.ts';

/**
 * One capture from start to end: session, tracing, the loop, the sidecars and the run entry.
 * Shared by every `bu capture` subcommand; what differs between them is the policy.
 */

/** What runCapture needs from the CLI context (a test can pass its own). */
export interface CaptureEnv {
  paths: OutputPaths;
  runs: RunsDb;
  cwd: string;
  env: NodeJS.ProcessEnv;
  signal: AbortSignal;
  log(message: string): void;
}

export interface RunCaptureOptions {
  ctx: CaptureEnv;
  /** The subcommand; the session id is `<command>-<unix-ms>`. */
  command: string;
  url: string;
  policy: Policy;
  settings: CaptureSettings;
  /** Runs before the first navigation, after the `--allow-domain` URL policy is installed. */
  beforeNavigation?: (context: BrowserContext, session: Session) => Promise<void>;
  /** Extra fields of the run entry (intent, instruction, sourceExploreId ...). */
  runFields?: Partial<RunRecord>;
  now?: () => number;
  /** An id the caller already reserved (the agent names its model log after it). */
  sessionId?: string;
  /** Model usage so far, for checkpoints. */
  usage?: () => Usage;
  /** Continue an interrupted session from its checkpoint (`bu capture resume`). */
  resume?: ResumeFrom;
  /** The model skills ask about images (`ask_element`), when the policy has one. */
  askImage?: ImageAsker | null;
}

export interface ResumeFrom {
  checkpoint: Checkpoint;
  /** The session's history so far. */
  history: History;
}

export interface CaptureResult {
  sessionId: string;
  terminationReason: TerminationReason;
  text: string;
  error: string | null;
  success: boolean | null;
  steps: number;
  pagesVisited: number;
  artifacts: Record<string, string>;
}

export { sessionFilesDir };

const kNoUsage: Usage = { calls: 0, tokensIn: 0, tokensOut: 0, cost: 0 };

function shortError(err: unknown): string {
  return errorMessage(err).split('\n')[0]!.replace(/^\w+\.\w+: /, '');
}

export async function runCapture(options: RunCaptureOptions): Promise<CaptureResult> {
  const { ctx, settings, url, resume } = options;
  const sessionId = resume?.checkpoint.sessionId ?? options.sessionId ?? (await reserveSessionId(ctx.paths.stateDir, options.command, (options.now ?? Date.now)()));
  const part = resume ? resume.checkpoint.part + 1 : 1;
  const local = !settings.cdpUrl && !settings.wsEndpoint && !settings.sessionMode;
  const tracesDir = local ? await fs.mkdtemp(path.join(os.tmpdir(), 'bu-trace-')) : null;
  let session: Session;
  let bridge: SessionBridge | null = null;
  try {
    if (settings.sessionMode) bridge = await openSessionBridge({ ...settings.sessionMode, sessionId, signal: ctx.signal, log: ctx.log });
    session = await Session.create({
      headed: settings.headed, cdpUrl: settings.cdpUrl, wsEndpoint: settings.wsEndpoint, extension: bridge ?? undefined,
      storageState: (resume && restoreStorageState(resume.checkpoint.storageState, settings.secrets)) || settings.storageState,
      viewport: settings.viewport, env: ctx.env, tracesDir: tracesDir ?? undefined, actionTimeoutMs: settings.actionTimeoutMs,
      beforeNavigation: async (context, created) => {
        if (settings.allowDomains.length) await installUrlPolicy(context, { allow: settings.allowDomains, onBlocked: (blockedUrl, reason) => created.report({ kind: 'blocked', url: blockedUrl, reason }) });
        await options.beforeNavigation?.(context, created);
      },
    });
  } catch (err) {
    if (tracesDir) await fs.rm(tracesDir, { recursive: true, force: true });
    await bridge?.close();
    throw err;
  }
  if (resume) {
    // Secrets the earlier part typed are typed from the first byte of this part.
    const recorded = JSON.stringify(resume.history.steps);
    settings.secrets.markTyped(settings.secrets.secretNames.filter((name) => recorded.includes(secretPlaceholder(name))));
  }
  for (const warning of settings.secrets.startWarnings(resume?.history.startUrl ?? url)) ctx.log(`warning: ${warning}`);
  const recorder = new Recorder({
    paths: ctx.paths, sessionId, startUrl: resume?.history.startUrl ?? url, viewport: session.viewport, secrets: settings.secrets, warn: (message) => ctx.log(`warning: ${message}`),
    ...(resume ? { resume: { history: resume.history, pagesVisited: resume.checkpoint.pagesVisited, traceFile: tracePartFile(ctx.paths, sessionId, part) } } : {}),
  });
  const { trace, ...sidecars } = recorder.files;
  // Each part of a resumed session has its own trace: `trace`, then `tracePart2` ...
  const traceLabel = part === 1 ? 'trace' : `tracePart${part}`;
  const artifacts: Record<string, string> = { [traceLabel]: trace, ...sidecars };
  await ctx.runs.upsert(resume
    ? { sessionId, endedAt: null, artifacts, parts: part }
    : { ...options.runFields, sessionId, command: options.command, startedAt: new Date().toISOString(), endedAt: null, url, mode: session.mode, artifacts });
  ctx.log(`capture ${sessionId}: ${resume ? `resuming after step ${resume.checkpoint.step} (part ${part})` : url} (policy ${options.policy.name}, at most ${settings.maxSteps} steps)`);
  const traceName = part === 1 ? `bu-${sessionId}` : `bu-${sessionId}-part${part}`;
  const filesDir = sessionFilesDir(ctx.paths, sessionId);
  const checkpoint = (step: number) => writeCheckpoint({
    paths: ctx.paths, sessionId, command: resume?.checkpoint.command ?? options.command, startUrl: recorder.startUrl, part, step, session, recorder,
    policy: options.policy, settings, filesDir, tracesDir, traceName, usage: options.usage?.() ?? kNoUsage,
  });
  // The browser runs here: its tracer's raw folder is ours too, and capture takes the step screenshots.
  const stepShots = tracesDir ? new StepShots(tracesDir, traceName) : null;
  let result: Omit<CaptureResult, 'sessionId' | 'pagesVisited' | 'artifacts'>;
  try {
    await startTracing(session, traceName, part === 1 ? sessionId : `${sessionId} part ${part}`, { screencast: settings.screencast ?? false, stepShots: stepShots !== null });
    await recorder.start();
    const startError = resume ? await reopenTabs(session, resume.checkpoint, recorder) : await openStart(session, url, recorder);
    if (!startError && stepShots) await stepShots.take(session.currentPageOrDie(), false);
    if (startError) {
      // The browser going away (or the user's Stop in session mode) is the reason worth reading first.
      const message = session.isClosed && session.closedBecause ? `${session.closedBecause} (${startError})` : startError;
      result = { terminationReason: 'error', text: message, error: message, success: null, steps: 0 };
    } else {
      result = await runLoop({
        session, policy: options.policy, recorder, maxSteps: settings.maxSteps, signal: ctx.signal, secrets: settings.secrets, filesDir, cwd: ctx.cwd,
        timeoutMs: settings.actionTimeoutMs ?? kDefaultActionTimeoutMs, uploadPaths: settings.uploadPaths ?? [], vision: settings.vision ?? false,
        afterStep: bridge ? undefined : checkpoint, progress: (line) => ctx.log(line), askImage: options.askImage ?? null, stepShots,
      });
    }
  } catch (err) {
    const message = session.isClosed ? `${session.closedBecause} (${shortError(err)})` : shortError(err);
    await recorder.reasoning(0, 'error', message).catch(() => undefined);
    result = { terminationReason: 'error', text: message, error: message, success: null, steps: 0 };
  }
  const finished = await finish({ session, recorder, settings, traceName, tracesDir, file: trace });
  await bridge?.close();
  if (finished.problem) await recorder.reasoning(result.steps, 'observation', finished.problem).catch(() => undefined);
  if (!finished.traceWritten) delete artifacts[traceLabel];
  Object.assign(artifacts, recorder.artifacts);
  await recorder.flush();
  // A finished run needs no checkpoint; a failed or interrupted one keeps it for `bu capture resume`.
  if (result.terminationReason !== 'error') await removeCheckpoint(ctx.paths, sessionId);
  await ctx.runs.upsert({
    sessionId, endedAt: new Date().toISOString(), terminationReason: result.terminationReason, pagesVisited: recorder.pagesVisited,
    steps: recorder.stepCount, artifacts, error: result.error ?? undefined,
  });
  return { sessionId, ...result, steps: recorder.stepCount, pagesVisited: recorder.pagesVisited, artifacts };
}

async function finish(options: {
  session: Session; recorder: Recorder; settings: CaptureSettings; traceName: string; tracesDir: string | null; file: string;
}): Promise<{ traceWritten: boolean; problem: string | null }> {
  const { session, settings } = options;
  const problems: string[] = [];
  // Session mode records only what the run did: the profile's cookies and storage stay in the browser.
  if (settings.storageState && !session.isClosed && session.mode !== 'crx') {
    await session.saveStorageState(settings.storageState).catch((err) => problems.push(`storage state not saved: ${shortError(err)}`));
  }
  const trace = await stopTracing({ session, file: options.file, tracesDir: options.tracesDir, name: options.traceName, secrets: settings.secrets });
  if (trace.problem) problems.push(trace.problem);
  await session.dispose();
  return { traceWritten: trace.written, problem: problems.length ? problems.join('; ') : null };
}
