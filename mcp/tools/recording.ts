import { z } from 'zod';
import { describeIssues, UsageError } from '../../core/errors.ts';
import { ReasoningKind } from '../../core/schema/logs.ts';
import { packageFile } from '../../core/package.ts';
import { Plan } from '../../core/schema/plan.ts';
import { TerminationReason } from '../../core/schema/run.ts';
import { checkPlaceholders } from '../../capture/check-placeholders.ts';
import { runLoop } from '../../capture/loop.ts';
import { ScriptPolicy } from '../../capture/policies/script.ts';
import { sessionFilesDir } from '../../capture/run-capture.ts';
import type { RecordingSummary } from '../recording.ts';
import { defineTool, jsonAnswer, type McpTool } from './define.ts';

/**
 * Recording on the live session: start_recording / stop_recording around browser tool calls
 * (each call one step), record_run for a written plan carried out by capture's own loop, and
 * log_reasoning for the reasoning log. Artifacts and run entries are those of `bu capture`.
 */

const kCommand = /^[a-z][a-z0-9_]*$/;

function summaryValue(summary: RecordingSummary): Record<string, unknown> {
  return { ...summary };
}

const startRecording = defineTool({
  name: 'start_recording',
  title: 'Start recording',
  description:
    'Start recording the live browser: a Playwright trace, an aria log, a reasoning log and a replayable history, as `bu capture` writes them. ' +
    'Every browser tool call until stop_recording is one step.',
  input: z.strictObject({
    url: z.string().url().optional().describe('open this address first (the history starts there); default: the current page'),
    intent: z.string().min(1).optional().describe('what the recorded flow is for (kept in the run database)'),
    command: z.string().regex(kCommand).optional().describe('names the session id <command>-<unix-ms> (default mcp)'),
  }),
  async run(ctx, { url, intent, command }) {
    const recording = await ctx.live.startRecording({ command: command ?? 'mcp', url, runFields: intent ? { intent } : {} });
    if (intent) await recording.reasoning('plan', intent);
    return jsonAnswer({ sessionId: recording.sessionId, mode: recording.session.mode, artifacts: recording.recorder.files }, `Recording ${recording.sessionId}.`);
  },
});

const stopRecording = defineTool({
  name: 'stop_recording',
  title: 'Stop recording',
  description: 'Stop recording: saves the trace zip, completes the history and closes the run entry. The browser stays open.',
  input: z.strictObject({
    terminationReason: TerminationReason.optional().describe('why the run ended (default done)'),
    error: z.string().optional().describe('what went wrong, with terminationReason error'),
  }),
  async run(ctx, { terminationReason, error }) {
    const summary = await ctx.live.stopRecording({ terminationReason: terminationReason ?? 'done', error });
    return jsonAnswer(summaryValue(summary), `Recorded ${summary.sessionId}: ${summary.steps} step(s).`);
  },
});

const recordRun = defineTool({
  name: 'record_run',
  title: 'Record a plan',
  description:
    'Carry out a written plan ({ version: 1, url?, steps: [{ "<action>": { target?, ...params } }] }; every action with an example: ' +
    `${packageFile('docs/plan-format.md', process.cwd())}) in the live browser ` +
    'and record it exactly like `bu capture script`. A step that cannot be carried out ends the run with an error naming it.',
  input: z.strictObject({
    plan: z.record(z.string(), z.unknown()).describe('the plan object'),
    url: z.string().url().optional().describe('start address (default: the plan url, else the current page)'),
  }),
  async run(ctx, args) {
    const parsed = Plan.safeParse(args.plan);
    if (!parsed.success) throw new UsageError(`plan: ${describeIssues(parsed.error)}`);
    const plan = parsed.data;
    const { settings } = ctx.live;
    checkPlaceholders(plan.steps, settings, 'the plan');
    const recording = await ctx.live.startRecording({ command: 'script', url: args.url ?? plan.url });
    let summary: RecordingSummary;
    try {
      const result = await runLoop({
        session: recording.session, policy: new ScriptPolicy(plan), recorder: recording.recorder, maxSteps: recording.recorder.stepCount + plan.steps.length,
        signal: ctx.signal, secrets: settings.secrets, filesDir: sessionFilesDir(ctx.paths, recording.sessionId), cwd: ctx.cwd,
        timeoutMs: ctx.live.timeoutMs, uploadPaths: settings.uploadPaths ?? [], progress: (line) => ctx.log(`mcp: ${line}`),
      });
      summary = await ctx.live.stopRecording({ terminationReason: result.terminationReason, error: result.error });
      const value = { ...summaryValue(summary), text: result.text, success: result.success };
      const answered = jsonAnswer(value, `${summary.sessionId}: ${result.terminationReason} after ${summary.steps} step(s).`);
      return result.terminationReason === 'error' ? { ...answered, isError: true } : answered;
    } finally {
      if (ctx.live.activeRecording === recording) await ctx.live.stopRecording({ terminationReason: 'error', error: 'record_run was interrupted' });
    }
  },
});

const logReasoning = defineTool({
  name: 'log_reasoning',
  title: 'Log reasoning',
  description: 'Add a line to the reasoning log of the recording in progress (kind plan, decision, observation or error), attached to the next step.',
  input: z.strictObject({ kind: ReasoningKind, text: z.string().min(1) }),
  async run(ctx, { kind, text }) {
    const recording = ctx.live.activeRecording;
    if (!recording) throw new UsageError('nothing is being recorded: call start_recording first');
    await recording.reasoning(kind, text);
    return jsonAnswer({ sessionId: recording.sessionId, step: recording.nextStep, kind }, 'Logged.');
  },
});

export const recordingTools: McpTool[] = [startRecording, stopRecording, recordRun, logReasoning];
