import fs from 'node:fs/promises';
import path from 'node:path';
import { UsageError } from '../../core/errors.ts';
import { writeFileAtomic } from '../../core/io/atomic.ts';
import { readJsonFile } from '../../core/io/read.ts';
import type { OutputPaths } from '../../core/paths.ts';
import type { Usage } from '../../core/schema/run.ts';
import type { Recorder } from '../record/recorder.ts';
import type { Secrets } from '../record/secrets.ts';
import { untraced } from '../record/untraced.ts';
import type { CaptureSettings } from '../capture-settings.ts';
import type { Session } from '../session.ts';
import type { Policy } from '../types.ts';
import { Checkpoint, kCheckpointVersion, type CheckpointSettings } from './checkpoint-schema.ts';

/**
 * Writing and reading `checkpoints/<id>.json`. A checkpoint is taken after every step of a
 * capture; it is removed when the run ends without an error, and kept for `bu capture resume`
 * when the run failed or was interrupted.
 */

export function checkpointFile(paths: OutputPaths, sessionId: string): string {
  return path.join(paths.root, 'checkpoints', `${sessionId}.json`);
}

/** The trace file of part `part` of a session: `traces/<id>.zip`, then `traces/<id>.part2.zip` ... */
export function tracePartFile(paths: OutputPaths, sessionId: string, part: number): string {
  return part === 1 ? paths.trace(sessionId) : paths.trace(sessionId).replace(/\.zip$/, `.part${part}.zip`);
}

export function checkpointSettings(settings: CaptureSettings): CheckpointSettings {
  return {
    headed: settings.headed, cdpUrl: settings.cdpUrl ?? null, wsEndpoint: settings.wsEndpoint ?? null, storageStateFile: settings.storageState ?? null,
    allowDomains: settings.allowDomains, secretNames: settings.secrets.secretNames, variables: settings.secrets.variableValues, maxSteps: settings.maxSteps,
    viewport: settings.viewport ?? null, actionTimeoutMs: settings.actionTimeoutMs ?? null, uploadPaths: settings.uploadPaths ?? [], vision: settings.vision ?? false,
    screencast: settings.screencast ?? false,
  };
}

/** Cookies and local storage of the context, without leaving a trace entry. */
async function storageState(session: Session): Promise<Checkpoint['storageState']> {
  if (session.isClosed) return null;
  const page = session.pages[session.activeTab];
  const read = () => session.context.storageState();
  return page ? untraced(page, read) : read();
}

export interface CheckpointInput {
  paths: OutputPaths;
  sessionId: string;
  command: string;
  startUrl: string;
  part: number;
  step: number;
  session: Session;
  recorder: Recorder;
  policy: Policy;
  settings: CaptureSettings;
  filesDir: string;
  tracesDir: string | null;
  traceName: string;
  usage: Usage;
}

/** Takes and writes (atomically, redacted) the checkpoint after `step`. */
export async function writeCheckpoint(input: CheckpointInput): Promise<void> {
  const { session } = input;
  const tabs = session.isClosed ? [] : session.pages.map((page) => ({ url: page.url() }));
  const checkpoint = Checkpoint.parse({
    version: kCheckpointVersion, sessionId: input.sessionId, command: input.command, startUrl: input.startUrl, pid: process.pid, part: input.part,
    step: input.step, writtenAt: new Date().toISOString(), tabs, activeTab: Math.min(session.activeTab, Math.max(0, tabs.length - 1)),
    storageState: await storageState(session).catch(() => null), filesDir: input.filesDir, tracesDir: input.tracesDir, traceName: input.traceName,
    traceFile: input.recorder.files.trace, pagesVisited: input.recorder.visitedUrls, usage: input.usage, settings: checkpointSettings(input.settings),
    policy: input.policy.checkpoint?.() ?? { kind: 'other', name: input.policy.name },
  });
  await writeFileAtomic(checkpointFile(input.paths, input.sessionId), input.settings.secrets.redactText(JSON.stringify(checkpoint, null, 2) + '\n'));
}

export async function readCheckpoint(paths: OutputPaths, sessionId: string): Promise<Checkpoint> {
  const file = checkpointFile(paths, sessionId);
  try {
    await fs.access(file);
  } catch {
    throw new UsageError(`no checkpoint for ${sessionId} (${file})`, 'only captures that ran at least one step can be resumed; start a new capture');
  }
  return readJsonFile(Checkpoint, file, 'checkpoint');
}

/** Secret values were replaced by placeholders in the checkpoint; the resumed run gets them back. */
export function restoreStorageState(state: Checkpoint['storageState'], secrets: Secrets): Checkpoint['storageState'] {
  return state ? secrets.substituteParams(state) : null;
}

export async function removeCheckpoint(paths: OutputPaths, sessionId: string): Promise<void> {
  await fs.rm(checkpointFile(paths, sessionId), { force: true });
}
