import { stepGroupTitle } from '../core/conventions.ts';
import { errorMessage } from '../core/errors.ts';
import { reserveSessionId } from '../core/session-id.ts';
import type { ReasoningKind } from '../core/schema/logs.ts';
import type { RunRecord, TerminationReason } from '../core/schema/run.ts';
import type { Executed } from '../capture/actions/executed.ts';
import { describeCall } from '../capture/loop.ts';
import { Recorder } from '../capture/record/recorder.ts';
import type { Secrets } from '../capture/record/secrets.ts';
import { startTracing, stopTracing } from '../capture/record/tracing.ts';
import type { Session } from '../capture/session.ts';
import type { ActionCall, Observation } from '../capture/types.ts';
import type { z } from 'zod';
import type { LiveOptions } from './live-options.ts';

/**
 * One recording on the live session, with capture's own recorder and tracing: the same trace zip
 * (one `bu step N` group per action), aria log, reasoning log, history and run entry as
 * `bu capture`. Recording starts and stops on request; the browser stays open in between.
 */

export interface RecordingStart {
  /** Names the session id (`<command>-<unix-ms>`) and the run entry's `command`. */
  command: string;
  /** Opened in the active tab before the first step; without it the history starts at the current URL. */
  url?: string;
  runFields?: Partial<RunRecord>;
}

export interface RecordingSummary {
  sessionId: string;
  terminationReason: TerminationReason;
  steps: number;
  pagesVisited: number;
  artifacts: Record<string, string>;
  error: string | null;
}

export class Recording {
  private steps = 0;

  private constructor(
    private readonly live: LiveOptions,
    readonly session: Session,
    readonly sessionId: string,
    readonly recorder: Recorder,
    private readonly traceName: string,
    private readonly secrets: Secrets,
  ) {}

  static async start(options: RecordingStart & { live: LiveOptions; session: Session; secrets: Secrets }): Promise<Recording> {
    const { live, session } = options;
    const sessionId = await reserveSessionId(live.paths.stateDir, options.command, Date.now());
    const page = session.currentPageOrDie();
    if (options.url) await page.goto(options.url, { waitUntil: 'load' });
    const startUrl = page.url();
    const recorder = new Recorder({ paths: live.paths, sessionId, startUrl, viewport: session.viewport, secrets: options.secrets });
    await live.runs.upsert({
      ...options.runFields, sessionId, command: options.command, startedAt: new Date().toISOString(), endedAt: null, url: startUrl, mode: session.mode,
      artifacts: { ...recorder.files },
    });
    const traceName = `bu-${sessionId}`;
    await startTracing(session, traceName, sessionId);
    await recorder.start();
    recorder.visited(startUrl);
    live.log(`mcp: recording ${sessionId} from ${startUrl} (mode ${session.mode})`);
    return new Recording(live, session, sessionId, recorder, traceName, options.secrets);
  }

  /** The number the next recorded step gets. */
  get nextStep(): number {
    return this.steps + 1;
  }

  reasoning(kind: z.infer<typeof ReasoningKind>, text: string): Promise<void> {
    return this.recorder.reasoning(this.nextStep, kind, this.secrets.redactText(text));
  }

  /** One step: its aria-log line, a trace group around the action, the history entry. */
  async step(observation: Observation | null, call: ActionCall, run: () => Promise<Executed>): Promise<Executed> {
    const step = ++this.steps;
    if (observation) await this.recorder.aria({ ...observation, step });
    const tracing = this.session.context.tracing;
    await tracing.group(stepGroupTitle(step, describeCall(call, observation))).catch(() => undefined);
    let executed: Executed;
    try {
      executed = await run();
    } finally {
      await tracing.groupEnd().catch(() => undefined);
    }
    if (executed.record) await this.recorder.step(executed.record);
    if (!executed.outcome.ok) await this.recorder.reasoning(step, 'error', `${describeCall(call, observation)}: ${executed.outcome.error}`);
    this.live.log(`mcp: step ${step} ${describeCall(call, observation)} -> ${executed.outcome.ok ? 'ok' : `error: ${executed.outcome.error}`}`);
    return executed;
  }

  /** Saves the trace and closes the run entry; the session stays open. */
  async stop(end: { terminationReason: TerminationReason; error?: string | null }): Promise<RecordingSummary> {
    const artifacts: Record<string, string> = { ...this.recorder.files };
    let problem: string | null = null;
    try {
      const trace = await stopTracing({ session: this.session, file: this.recorder.files.trace, tracesDir: null, name: this.traceName, secrets: this.secrets });
      if (!trace.written) delete artifacts.trace;
      problem = trace.problem;
    } catch (err) {
      delete artifacts.trace;
      problem = `the trace was not saved: ${errorMessage(err).split('\n')[0]}`;
    }
    if (problem) await this.recorder.reasoning(this.recorder.stepCount, 'observation', problem).catch(() => undefined);
    await this.recorder.flush();
    const error = end.error ?? null;
    await this.live.runs.upsert({
      sessionId: this.sessionId, endedAt: new Date().toISOString(), terminationReason: end.terminationReason, pagesVisited: this.recorder.pagesVisited,
      steps: this.recorder.stepCount, artifacts, ...(error ? { error } : {}),
    });
    this.live.log(`mcp: recording ${this.sessionId} ended (${end.terminationReason}, ${this.recorder.stepCount} step(s))`);
    return { sessionId: this.sessionId, terminationReason: end.terminationReason, steps: this.recorder.stepCount, pagesVisited: this.recorder.pagesVisited, artifacts, error };
  }
}
