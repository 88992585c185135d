import { z } from 'zod';
import { parseWith } from '../core/io/read.ts';
import { Plan } from '../core/schema/plan.ts';
import { runAgentCapture } from '../capture/agent/agent-capture.ts';
import { ScriptPolicy } from '../capture/policies/script.ts';
import { checkpointFile } from '../capture/resume/checkpoint.ts';
import { loadResume, recoverKilledTrace, resumeSettings } from '../capture/resume/resume.ts';
import { runCapture } from '../capture/run-capture.ts';
import { defineCommand } from './command.ts';
import { reportAgentCapture } from './capture-llm.ts';
import { CaptureResult, reportCapture } from './capture-options.ts';
import { cliField, wholeNumber } from './field-meta.ts';

export const ResumeInput = z.object({
  session: z.string().min(1).register(cliField, { description: 'the interrupted session', positional: true }),
  maxSteps: wholeNumber().optional().register(cliField, { description: "the run's total step limit (default: the one it started with)" }),
  headed: z.boolean().default(false).register(cliField, { description: 'show the browser window' }),
  llmReplay: z.string().min(1).optional().register(cliField, { description: 'answer from a recorded llm/<id>.jsonl instead of a model', value: 'file' }),
});

/**
 * `bu capture resume SESSION`: continues an interrupted capture (killed, SIGTERM, browser gone,
 * model unavailable) from its last checkpoint, in the same session: same history, logs and files,
 * a new trace part, the same run entry. Agent runs and plan captures can be resumed.
 */
export const resumeCommand = defineCommand({
  name: 'resume',
  summary: 'continue an interrupted capture from its last checkpoint',
  input: ResumeInput,
  result: CaptureResult,
  async run(ctx, { session: sessionId, maxSteps, headed, llmReplay }) {
    const loaded = await loadResume({ sessionId, runs: ctx.runs, paths: ctx.paths });
    const { checkpoint } = loaded;
    const settings = resumeSettings(checkpoint, ctx.env, { ...(maxSteps ? { maxSteps } : {}), ...(headed ? { headed: true } : {}) });
    const note = await recoverKilledTrace(checkpoint, settings.secrets);
    if (note) ctx.log(note);
    ctx.log(`resuming ${sessionId} from ${checkpointFile(ctx.paths, sessionId)} (after step ${checkpoint.step})`);
    const { policy } = checkpoint;
    switch (policy.kind) {
      case 'llm': {
        const result = await runAgentCapture({
          ctx, command: checkpoint.command, url: checkpoint.startUrl, task: policy.task, settings,
          tuning: {
            limits: policy.limits, finishCheck: policy.finishCheck, stepTimeoutMs: policy.stepTimeoutMs, subtasks: policy.subtasksOn ?? false,
            observeBudget: policy.observeBudget ?? undefined, historyTokens: policy.historyTokens ?? undefined,
          },
          replayFile: llmReplay ?? null, resume: { ...loaded, state: policy },
        });
        return reportAgentCapture(ctx, result);
      }
      case 'script': {
        const plan = parseWith(Plan, policy.plan, `${checkpointFile(ctx.paths, sessionId)} (plan)`);
        const result = await runCapture({ ctx, command: checkpoint.command, url: checkpoint.startUrl, policy: new ScriptPolicy(plan, policy.next), settings, resume: loaded });
        return reportCapture(ctx, result);
      }
      case 'other':
        throw new Error('unreachable: loadResume refuses policies without a checkpoint state');
    }
  },
});
