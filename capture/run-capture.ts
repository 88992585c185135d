import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext } from 'playwright';
import { errorMessage } from '../core/errors.ts';
import { newSessionId, type OutputPaths } from '../core/paths.ts';
import type { RunsDb } from '../core/runs-db.ts';
import type { RunRecord, TerminationReason } from '../core/schema/run.ts';
import { runLoop } from './loop.ts';
import { installUrlPolicy } from './url-policy.ts';
import { Recorder } from './record/recorder.ts';
import type { Secrets } from './record/secrets.ts';
import { startTracing, stopTracing } from './record/tracing.ts';
import { kDefaultActionTimeoutMs, Session } from './session.ts';
import type { Policy } from './types.ts';

/**
 * One capture from start to end: session, tracing, the loop, the sidecars and the run entry.
 * Shared by every `bu capture` subcommand; what differs between them is the policy.
 */

export interface CaptureSettings {
  headed: boolean;
  cdpUrl?: string;
  wsEndpoint?: string;
  /** Read at the start when it exists, written at the end. */
  storageState?: string;
  allowDomains: string[];
  secrets: Secrets;
  maxSteps: number;
  viewport?: { width: number; height: number };
  actionTimeoutMs?: number;
}

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

function shortError(err: unknown): string {
  return errorMessage(err).split('\n')[0]!.replace(/^\w+\.\w+: /, '');
}

export async function runCapture(options: RunCaptureOptions): Promise<CaptureResult> {
  const { ctx, settings, url } = options;
  const sessionId = newSessionId(options.command, (options.now ?? Date.now)());
  const local = !settings.cdpUrl && !settings.wsEndpoint;
  const tracesDir = local ? await fs.mkdtemp(path.join(os.tmpdir(), 'bu-trace-')) : null;
  let session: Session;
  try {
    session = await Session.create({
      headed: settings.headed, cdpUrl: settings.cdpUrl, wsEndpoint: settings.wsEndpoint, storageState: settings.storageState,
      viewport: settings.viewport, env: ctx.env, tracesDir: tracesDir ?? undefined, actionTimeoutMs: settings.actionTimeoutMs,
      beforeNavigation: async (context, created) => {
        if (settings.allowDomains.length) await installUrlPolicy(context, { allow: settings.allowDomains, onBlocked: (blockedUrl, reason) => created.report({ kind: 'blocked', url: blockedUrl, reason }) });
        await options.beforeNavigation?.(context, created);
      },
    });
  } catch (err) {
    if (tracesDir) await fs.rm(tracesDir, { recursive: true, force: true });
    throw err;
  }
  const recorder = new Recorder({ paths: ctx.paths, sessionId, startUrl: url, viewport: session.viewport, secrets: settings.secrets });
  const artifacts: Record<string, string> = { ...recorder.files };
  await ctx.runs.upsert({
    ...options.runFields, sessionId, command: options.command, startedAt: new Date().toISOString(), endedAt: null, url, mode: session.mode, artifacts,
  });
  ctx.log(`capture ${sessionId}: ${url} (policy ${options.policy.name}, at most ${settings.maxSteps} steps)`);
  const traceName = `bu-${sessionId}`;
  let result: Omit<CaptureResult, 'sessionId' | 'pagesVisited' | 'artifacts'>;
  try {
    await startTracing(session, traceName, sessionId);
    await recorder.start();
    const startError = await openStart(session, url, recorder);
    if (startError) {
      result = { terminationReason: 'error', text: startError, error: startError, success: null, steps: 0 };
    } else {
      result = await runLoop({
        session, policy: options.policy, recorder, maxSteps: settings.maxSteps, signal: ctx.signal, secrets: settings.secrets,
        filesDir: path.join(ctx.paths.root, 'files', sessionId), cwd: ctx.cwd, timeoutMs: settings.actionTimeoutMs ?? kDefaultActionTimeoutMs,
        progress: (line) => ctx.log(line),
      });
    }
  } catch (err) {
    const message = session.isClosed ? `${session.closedBecause} (${shortError(err)})` : shortError(err);
    await recorder.reasoning(0, 'error', message).catch(() => undefined);
    result = { terminationReason: 'error', text: message, error: message, success: null, steps: 0 };
  }
  const finished = await finish({ session, recorder, settings, traceName, tracesDir, file: recorder.files.trace });
  if (finished.problem) await recorder.reasoning(result.steps, 'observation', finished.problem).catch(() => undefined);
  if (!finished.traceWritten) delete artifacts.trace;
  await recorder.flush();
  await ctx.runs.upsert({
    sessionId, endedAt: new Date().toISOString(), terminationReason: result.terminationReason, pagesVisited: recorder.pagesVisited,
    steps: recorder.stepCount, artifacts, ...(result.error ? { error: result.error } : {}),
  });
  return { sessionId, ...result, steps: recorder.stepCount, pagesVisited: recorder.pagesVisited, artifacts };
}

/** The start URL is opened before step 1 (not a history step: the history's startUrl says it). Returns an error or null. */
async function openStart(session: Session, url: string, recorder: Recorder): Promise<string | null> {
  try {
    await session.currentPageOrDie().goto(url, { waitUntil: 'load' });
    recorder.visited(session.currentPageOrDie().url());
    return null;
  } catch (err) {
    const message = `could not open ${url}: ${shortError(err)}`;
    await recorder.reasoning(0, 'error', message);
    return message;
  }
}

async function finish(options: {
  session: Session; recorder: Recorder; settings: CaptureSettings; traceName: string; tracesDir: string | null; file: string;
}): Promise<{ traceWritten: boolean; problem: string | null }> {
  const { session, settings } = options;
  const problems: string[] = [];
  if (settings.storageState && !session.isClosed) {
    await session.saveStorageState(settings.storageState).catch((err) => problems.push(`storage state not saved: ${shortError(err)}`));
  }
  const trace = await stopTracing({ session, file: options.file, tracesDir: options.tracesDir, name: options.traceName, secrets: settings.secrets });
  if (trace.problem) problems.push(trace.problem);
  await session.dispose();
  return { traceWritten: trace.written, problem: problems.length ? problems.join('; ') : null };
}
