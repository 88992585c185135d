import fs from 'node:fs';
import path from 'node:path';
import { writeFileAtomic } from '../../core/io/atomic.ts';
import { reserveSessionId } from '../../core/session-id.ts';
import type { RunRecord } from '../../core/schema/run.ts';
import { uploadableFiles } from '../actions/upload_file.ts';
import { createLlmClient } from '../../core/llm/create-client.ts';
import type { AgentState } from '../resume/checkpoint-schema.ts';
import { runCapture, sessionFilesDir, type CaptureEnv, type CaptureResult, type CaptureSettings, type ResumeFrom } from '../run-capture.ts';
import { AgentPolicy, kDefaultObserveBudget, kTodoFile } from './agent-policy.ts';
import { imageAsker } from './element-question.ts';
import { kDefaultHistoryTokens } from './memory.ts';
import type { GuardLimits } from './guards.ts';
import type { AgentTask } from './task.ts';

/**
 * One capture driven by the model agent, new or resumed: the client, the policy, the capture,
 * then the result file and the run entry's extras (usage, the llm log, the record count).
 */

export interface AgentTuning {
  limits: GuardLimits;
  finishCheck: boolean;
  stepTimeoutMs: number;
  /** Work through subtasks (`--subtasks`). */
  subtasks?: boolean;
  /** Prompt budget of one step call, in tokens (`--observe-budget`). */
  observeBudget?: number;
  /** History length in tokens past which older entries are summarised (`--history-budget`). */
  historyTokens?: number;
}

export interface AgentCaptureOptions {
  ctx: CaptureEnv;
  command: string;
  url: string;
  task: AgentTask;
  settings: CaptureSettings;
  tuning: AgentTuning;
  /** `--llm-replay FILE`. */
  replayFile: string | null;
  runFields?: Partial<RunRecord>;
  /** Continue an interrupted run: its checkpoint (with the agent's state) and history. */
  resume?: ResumeFrom & { state: AgentState };
}

export interface AgentCaptureResult extends CaptureResult {
  usage: { calls: number; tokensIn: number; tokensOut: number; cost: number };
}

export async function runAgentCapture(options: AgentCaptureOptions): Promise<AgentCaptureResult> {
  const { ctx, settings, task, resume } = options;
  const started = Date.now();
  const sessionId = resume?.checkpoint.sessionId ?? (await reserveSessionId(ctx.paths.stateDir, options.command, started));
  const llmLog = ctx.paths.llmLog(sessionId);
  const redact = (text: string) => settings.secrets.redactAll(text);
  const client = await createLlmClient({ env: ctx.env, logFile: llmLog, redact, replayFile: options.replayFile, usage: resume?.checkpoint.usage });
  const files = { filesDir: sessionFilesDir(ctx.paths, sessionId), uploadPaths: settings.uploadPaths ?? [], cwd: ctx.cwd };
  const { tuning } = options;
  const policy = new AgentPolicy({
    client, task, maxSteps: settings.maxSteps, ...tuning, observeBudget: tuning.observeBudget ?? kDefaultObserveBudget, historyTokens: tuning.historyTokens ?? kDefaultHistoryTokens,
    secretNames: settings.secrets.secretNames, redact, signal: ctx.signal, vision: settings.vision ?? false, uploadable: () => uploadableFiles(files), filesDir: files.filesDir,
  });
  if (resume) policy.restore(resume.state);
  const askImage = imageAsker({ client, redact, env: ctx.env, visionOn: settings.vision ?? false });
  const result = await runCapture({
    ctx, command: options.command, url: options.url, policy, settings, runFields: options.runFields, now: () => started, sessionId, usage: () => client.usage, resume, askImage,
  });
  if (result.sessionId !== sessionId) throw new Error(`capture session ${result.sessionId} differs from the agent's ${sessionId}`);
  const artifacts: Record<string, string> = { ...result.artifacts, llm: llmLog };
  const todo = path.join(files.filesDir, kTodoFile);
  if (fs.existsSync(todo)) artifacts.todo = todo;
  const extra: Partial<RunRecord> = {};
  const formatted = policy.result?.formatted;
  if (task.kind === 'run' && formatted) {
    const file = ctx.paths.result(sessionId, task.format);
    await writeFileAtomic(file, formatted.text);
    artifacts.result = file;
    extra.recordsExtracted = formatted.records;
  }
  const usage = client.usage;
  await ctx.runs.upsert({ sessionId, artifacts, usage, ...extra });
  return { ...result, artifacts, usage };
}
