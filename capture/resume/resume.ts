import fs from 'node:fs';
import { UsageError } from '../../core/errors.ts';
import { readJsonFile } from '../../core/io/read.ts';
import type { OutputPaths } from '../../core/paths.ts';
import type { RunsDb } from '../../core/runs-db.ts';
import { History } from '../../core/schema/history.ts';
import type { RunRecord } from '../../core/schema/run.ts';
import { Secrets } from '../record/secrets.ts';
import { salvageOrphanTrace } from '../record/tracing.ts';
import type { CaptureSettings, ResumeFrom } from '../run-capture.ts';
import type { Checkpoint } from './checkpoint-schema.ts';
import { readCheckpoint } from './checkpoint.ts';
import { pidAlive } from '../../core/process.ts';

/**
 * `bu capture resume SESSION`: which runs can go on (interrupted: no end, or ended in an error,
 * with a checkpoint), their settings again (secret values from the environment), and the trace
 * of a killed part rebuilt from the raw files it left behind.
 */


export interface LoadedResume extends ResumeFrom {
  entry: RunRecord;
}

export async function loadResume(options: { sessionId: string; runs: RunsDb; paths: OutputPaths }): Promise<LoadedResume> {
  const { sessionId, paths } = options;
  const entry = await options.runs.get(sessionId);
  if (!entry) throw new UsageError(`no run ${sessionId} in ${options.runs.file}`, 'see `bu runs list` for recorded sessions');
  if (entry.endedAt && entry.terminationReason !== 'error') {
    throw new UsageError(`${sessionId} already ended (${entry.terminationReason ?? 'finished'}): nothing to resume`, 'start a new capture');
  }
  const checkpoint = await readCheckpoint(paths, sessionId);
  if (!entry.endedAt && checkpoint.pid !== process.pid && pidAlive(checkpoint.pid)) {
    throw new UsageError(`${sessionId} is still running (pid ${checkpoint.pid})`, `wait for it, or stop it (kill ${checkpoint.pid}) and resume then`);
  }
  if (checkpoint.policy.kind === 'other') {
    throw new UsageError(
      `${sessionId} cannot be resumed: the ${checkpoint.policy.name} policy keeps its state in memory only`,
      `start a new capture (e.g. \`bu capture ${checkpoint.command} --url ${checkpoint.tabs[0]?.url ?? checkpoint.startUrl}\`)`,
    );
  }
  const history = await readJsonFile(History, entry.artifacts.history ?? paths.history(sessionId), 'history');
  return { entry, checkpoint, history };
}

/** The capture settings of the interrupted run; `--max-steps` and `--headed` may change on resume. */
export function resumeSettings(checkpoint: Checkpoint, env: NodeJS.ProcessEnv, overrides: { maxSteps?: number; headed?: boolean }): CaptureSettings {
  const saved = checkpoint.settings;
  return {
    headed: overrides.headed ?? saved.headed,
    ...(saved.cdpUrl ? { cdpUrl: saved.cdpUrl } : {}),
    ...(saved.wsEndpoint ? { wsEndpoint: saved.wsEndpoint } : {}),
    ...(saved.storageStateFile ? { storageState: saved.storageStateFile } : {}),
    allowDomains: saved.allowDomains,
    secrets: Secrets.fromEnv(saved.secretNames, env, saved.variables),
    maxSteps: overrides.maxSteps ?? saved.maxSteps,
    ...(saved.viewport ? { viewport: saved.viewport } : {}),
    ...(saved.actionTimeoutMs ? { actionTimeoutMs: saved.actionTimeoutMs } : {}),
    uploadPaths: saved.uploadPaths,
    vision: saved.vision,
    screencast: saved.screencast ?? false,
  };
}

/**
 * A part killed outright left its trace as raw files: rebuild `traces/<id>.zip` (or its part)
 * from them. Returns a sentence for the log, or null when there was nothing to do.
 */
export async function recoverKilledTrace(checkpoint: Checkpoint, secrets: Secrets): Promise<string | null> {
  const { tracesDir, traceFile, traceName } = checkpoint;
  if (!tracesDir || !fs.existsSync(tracesDir)) return null;
  if (fs.existsSync(traceFile)) {
    await fs.promises.rm(tracesDir, { recursive: true, force: true });
    return null;
  }
  const written = await salvageOrphanTrace({ tracesDir, name: traceName, file: traceFile, secrets });
  return written ? `the trace of the interrupted part was rebuilt from its raw files: ${traceFile}` : `the interrupted part left no usable trace (${traceFile} is missing)`;
}
