import { executeAction } from '../capture/actions/execute.ts';
import type { Executed } from '../capture/actions/executed.ts';
import { perceive } from '../capture/perceive/perceive.ts';
import { sessionFilesDir, type CaptureSettings } from '../capture/run-capture.ts';
import { kDefaultActionTimeoutMs, Session } from '../capture/session.ts';
import type { ActionCall, Observation } from '../capture/types.ts';
import { installUrlPolicy } from '../capture/url-policy.ts';
import type { LiveOptions } from './live-options.ts';
import { Recording, type RecordingStart, type RecordingSummary } from './recording.ts';

/**
 * What the MCP server keeps between tool calls: one capture Session (created on first use, or
 * attached with --cdp / --ws-endpoint), the last snapshot (its refs address elements), and the
 * recording in progress, if any.
 */

export class LiveBrowser {
  private current: Session | null = null;
  private opening: Promise<Session> | null = null;
  /** The last snapshot, and whether an action ran since it was taken. */
  private last: { observation: Observation; fresh: boolean } | null = null;
  private recording: Recording | null = null;
  /** The last recording that ended: results and reasoning may still be written to it. */
  private lastRecorded: RecordingSummary | null = null;

  constructor(readonly options: LiveOptions) {}

  get settings(): CaptureSettings {
    return this.options.settings;
  }

  get filesDir(): string {
    return sessionFilesDir(this.options.paths, this.recording?.sessionId ?? 'mcp');
  }

  get timeoutMs(): number {
    return this.settings.actionTimeoutMs ?? kDefaultActionTimeoutMs;
  }

  /** The live session, created (or re-created after the browser went away) on demand. */
  async session(): Promise<Session> {
    if (this.current && !this.current.isClosed) return this.current;
    if (this.current) {
      const reason = this.current.closedBecause ?? 'the browser closed';
      if (this.recording) await this.stopRecording({ terminationReason: 'error', error: reason }).catch(() => undefined);
      await this.current.dispose();
      this.current = null;
      this.last = null;
      this.options.log(`mcp: ${reason}; opening a new browser`);
    }
    this.opening ??= this.open().finally(() => (this.opening = null));
    this.current = await this.opening;
    return this.current;
  }

  private async open(): Promise<Session> {
    const { settings } = this;
    const session = await Session.create({
      headed: settings.headed, cdpUrl: settings.cdpUrl, wsEndpoint: settings.wsEndpoint, storageState: settings.storageState,
      viewport: settings.viewport, env: this.options.env, actionTimeoutMs: settings.actionTimeoutMs,
      beforeNavigation: async (context, created) => {
        if (!settings.allowDomains.length) return;
        await installUrlPolicy(context, { allow: settings.allowDomains, onBlocked: (url, reason) => created.report({ kind: 'blocked', url, reason }) });
      },
    });
    this.options.log(`mcp: browser ready (mode ${session.mode}, ${session.pages.length} tab(s))`);
    return session;
  }

  /** A fresh snapshot of the active tab; while recording it is the aria-log line of the next step. */
  async snapshot(): Promise<Observation> {
    const session = await this.session();
    const step = this.recording?.nextStep;
    const observation = await perceive(session, this.last?.observation ?? null, { step, notices: [] });
    this.last = { observation, fresh: true };
    return observation;
  }

  /** The snapshot element refs resolve against (taking one when there is none yet). */
  async observation(): Promise<Observation> {
    return this.last?.observation ?? this.snapshot();
  }

  /** Runs one action; while recording it is one step (trace group, aria line, history entry). */
  async execute(call: ActionCall): Promise<Executed> {
    const session = await this.session();
    const recording = this.recording;
    // A recorded step starts from a look at the page as it is now (its aria-log line).
    const observation = recording && !this.last?.fresh ? await this.snapshot() : (this.last?.observation ?? null);
    const options = {
      session, observation, secrets: this.settings.secrets, filesDir: this.filesDir, cwd: this.options.cwd,
      signal: AbortSignal.any([this.options.signal, session.closedSignal]), timeoutMs: this.timeoutMs, step: recording?.nextStep ?? 0,
      uploadPaths: this.settings.uploadPaths ?? [],
    };
    if (this.last) this.last.fresh = false;
    const executed = recording ? await recording.step(observation, call, () => executeAction(options, call)) : await executeAction(options, call);
    if (!session.isClosed) await this.snapshot().catch(() => undefined);
    return executed;
  }

  get activeRecording(): Recording | null {
    return this.recording;
  }

  /** The session id results and reasoning go to: the recording in progress, else the last one. */
  get recordedSessionId(): string | null {
    return this.recording?.sessionId ?? this.lastRecorded?.sessionId ?? null;
  }

  async startRecording(start: RecordingStart): Promise<Recording> {
    if (this.recording) throw new Error(`already recording ${this.recording.sessionId}: call stop_recording first`);
    const session = await this.session();
    this.recording = await Recording.start({ live: this.options, session, secrets: this.settings.secrets, ...start });
    if (this.last) this.last.fresh = false;
    return this.recording;
  }

  async stopRecording(end: Parameters<Recording['stop']>[0]): Promise<RecordingSummary> {
    const recording = this.recording;
    if (!recording) throw new Error('nothing is being recorded: call start_recording first');
    this.recording = null;
    this.lastRecorded = await recording.stop(end);
    return this.lastRecorded;
  }

  /** Ends the recording (as interrupted), writes --storage-state back and closes what this server opened. Safe to call twice. */
  async dispose(): Promise<void> {
    if (this.recording) {
      await this.stopRecording({ terminationReason: 'error', error: 'the MCP server stopped before stop_recording' }).catch((err) => this.options.log(`mcp: ${String(err)}`));
    }
    await this.opening?.catch(() => undefined);
    const { storageState } = this.settings;
    if (storageState && this.current && !this.current.isClosed) {
      await this.current.saveStorageState(storageState).catch((err) => this.options.log(`mcp: storage state not saved: ${String(err)}`));
    }
    await this.current?.dispose();
    this.current = null;
  }
}
