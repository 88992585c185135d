import { z } from 'zod';
import { UsageError } from '../core/errors.ts';
import type { RunRecord } from '../core/schema/run.ts';
import { runAgentCapture as runAgentCaptureIn, type AgentCaptureResult, type AgentTuning } from '../capture/agent/agent-capture.ts';
import { kDefaultObserveBudget, kMinObserveBudget } from '../capture/agent/agent-policy.ts';
import { kDefaultMaxFailures, kDefaultMaxLoopHits } from '../capture/agent/guards.ts';
import { kDefaultHistoryTokens } from '../capture/agent/memory.ts';
import { loadGrounding } from '../capture/agent/grounding.ts';
import { ResultFormat, type AgentTask } from '../capture/agent/task.ts';
import { kNoModelMessage } from '../core/llm/config.ts';
import { llmAvailable } from '../core/llm/create-client.ts';
import { resolveVision, VisionMode } from '../core/llm/vision-models.ts';
import { startAllowList } from '../capture/url-policy.ts';
import { defineCommand, type CommandContext, type Outcome } from './command.ts';
import { CaptureResult, captureSettings, kCaptureFields, reportCapture, type CaptureFields } from './capture-options.ts';
import { cliField, positiveNumber, wholeNumber } from './field-meta.ts';

/**
 * `bu capture guided|run|investigate` (and `explore --policy llm`): captures driven by the model
 * agent. Usage (tokens, cost), the result file and its record count go into the run entry.
 */

/** An agent task rarely needs more; each step costs a model call. */
export const kAgentMaxSteps = 25;
/** The model's part of one step (answer, repair, finish check): generous for slow local servers. */
const kDefaultStepTimeoutMs = 180_000;

/** The agent's tuning fields, also taken by `explore` (which has its own --max-steps). */
export const kAgentTuningFields = {
  maxFailures: wholeNumber().optional().register(cliField, { description: `stop after this many failed steps in a row (default ${kDefaultMaxFailures})` }),
  maxLoopHits: wholeNumber().optional().register(cliField, { description: `stop when the same action is asked this many times on an unchanged page (default ${kDefaultMaxLoopHits})` }),
  maxTokens: wholeNumber().optional().register(cliField, { description: 'token budget of the whole run (input + output)' }),
  maxCost: positiveNumber().optional().register(cliField, { description: 'cost budget of the whole run in US dollars (prices: BU_PRICES)', value: 'usd' }),
  stepTimeout: wholeNumber().optional().register(cliField, { description: `time for the model's part of one step (default ${kDefaultStepTimeoutMs})`, value: 'ms' }),
  finishCheck: z.boolean().default(true).register(cliField, { description: 'accept done without asking the model whether it answers the task' }),
  subtasks: z.boolean().default(false).register(cliField, { description: 'split the task into subtasks first, check each before moving on, revise them when one is not complete' }),
  observeBudget: wholeNumber()
    .min(kMinObserveBudget, `too small for the system prompt, the output schema and a part of a page: give at least ${kMinObserveBudget} tokens`)
    .optional()
    .register(cliField, {
      description: `prompt budget of one step: a page over it is read in parts (default ${kDefaultObserveBudget}, at least ${kMinObserveBudget})`, value: 'tokens',
    }),
  historyBudget: wholeNumber().optional().register(cliField, { description: `history length past which the model summarises older steps (default ${kDefaultHistoryTokens})`, value: 'tokens' }),
  llmReplay: z.string().min(1).optional().register(cliField, { description: 'answer from a recorded llm/<id>.jsonl instead of a model (reproduces a capture)', value: 'file' }),
  vision: VisionMode.default('auto').register(cliField, {
    description: 'send the model a screenshot with the element indexes drawn on it (auto: when BU_VISION=1 or the model takes images)', value: 'mode',
  }),
};
const AgentTuningFields = z.object(kAgentTuningFields);
export type AgentTuningFields = z.output<typeof AgentTuningFields>;

const kMaxSteps = wholeNumber().optional().register(cliField, { description: `stop after this many steps (default ${kAgentMaxSteps})` });
const kStartUrl = z.string().optional().register(cliField, { description: 'start address', value: 'url' });

function requireText(value: string | undefined, flag: string, command: string): string {
  if (!value?.trim()) throw new UsageError(`bu capture ${command} needs ${flag} "..."`, `see \`bu capture ${command} --help\``);
  return value;
}

function requireUrl(value: string | undefined, command: string): string {
  try {
    const url = new URL(String(value));
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.href;
  } catch {
    // reported below
  }
  throw new UsageError(value ? `--url ${value}: expected an http or https address` : `bu capture ${command} needs --url URL`, 'e.g. --url http://127.0.0.1:8080/');
}

export interface AgentCaptureInput {
  command: string;
  url: string;
  task: AgentTask;
  runFields?: Partial<RunRecord>;
}

/** The agent's guards and timeouts from its tuning fields. */
export function agentTuning(input: AgentTuningFields): AgentTuning {
  return {
    finishCheck: input.finishCheck,
    limits: {
      maxFailures: input.maxFailures ?? kDefaultMaxFailures,
      maxLoopHits: input.maxLoopHits ?? kDefaultMaxLoopHits,
      maxTokens: input.maxTokens ?? null,
      maxCost: input.maxCost ?? null,
    },
    stepTimeoutMs: input.stepTimeout ?? kDefaultStepTimeoutMs,
    subtasks: input.subtasks,
    observeBudget: input.observeBudget ?? kDefaultObserveBudget,
    historyTokens: input.historyBudget ?? kDefaultHistoryTokens,
  };
}

/** Reports an agent capture: the usual lines plus the model's usage. */
export function reportAgentCapture(ctx: CommandContext, result: AgentCaptureResult): Outcome<CaptureResult> {
  const { usage } = result;
  ctx.log(`model: ${usage.calls} call(s), ${usage.tokensIn} tokens in, ${usage.tokensOut} out, $${usage.cost.toFixed(4)}`);
  return reportCapture(ctx, result);
}

type AgentFields = CaptureFields & AgentTuningFields & { maxSteps?: number | undefined };

/** One agent capture: client, policy, runCapture, then the result file and the run entry's extras. */
export async function runAgentCapture(ctx: CommandContext, input: AgentFields, task: AgentCaptureInput): Promise<Outcome<CaptureResult>> {
  const replayFile = input.llmReplay ?? null;
  if (!llmAvailable(ctx.env, replayFile)) throw new UsageError(kNoModelMessage, 'or replay a recorded run with --llm-replay llm/<id>.jsonl');
  const settings = captureSettings(ctx, input, kAgentMaxSteps);
  const allow = startAllowList(task.url, settings.allowDomains);
  const vision = resolveVision(input.vision, ctx.env, replayFile !== null);
  const result = await runAgentCaptureIn({
    ctx, command: task.command, url: task.url, task: task.task, settings: { ...settings, allowDomains: allow, vision },
    tuning: agentTuning(input), replayFile, runFields: task.runFields,
  });
  return reportAgentCapture(ctx, result);
}

/** `explore --policy llm`: the autonomous exploration prompt. */
export function runLlmExplore(ctx: CommandContext, url: string, input: AgentFields): Promise<Outcome<CaptureResult>> {
  return runAgentCapture(ctx, input, { command: 'explore', url, task: { kind: 'explore' } });
}

export const GuidedInput = z.object({
  url: kStartUrl,
  intent: z.string().optional().register(cliField, { description: 'what to explore toward', value: 'text' }),
  maxSteps: kMaxSteps,
  ...kAgentTuningFields,
  ...kCaptureFields,
});

const guidedCommand = defineCommand({
  name: 'guided',
  summary: 'explore toward a stated intent (needs a model)',
  input: GuidedInput,
  result: CaptureResult,
  run(ctx, input) {
    const url = requireUrl(input.url, 'guided');
    const intent = requireText(input.intent, '--intent', 'guided');
    return runAgentCapture(ctx, input, { command: 'guided', url, task: { kind: 'guided', intent }, runFields: { intent } });
  },
});

export const RunInput = z.object({
  url: kStartUrl,
  instruction: z.string().optional().register(cliField, { description: 'what to do', value: 'text' }),
  format: ResultFormat.default('markdown').register(cliField, { description: 'the result format' }),
  grounded: z.string().min(1).optional().register(cliField, { description: 'give the model the pages and links an earlier explore session found', value: 'session' }),
  maxSteps: kMaxSteps,
  ...kAgentTuningFields,
  ...kCaptureFields,
});

const runCommand = defineCommand({
  name: 'run',
  summary: 'carry out an instruction and write its result to results/<id>.<format> (needs a model)',
  input: RunInput,
  result: CaptureResult,
  async run(ctx, input) {
    const url = requireUrl(input.url, 'run');
    const instruction = requireText(input.instruction, '--instruction', 'run');
    const { format } = input;
    const grounding = input.grounded ? await loadGrounding({ sessionId: input.grounded, runs: ctx.runs, paths: ctx.paths }) : null;
    return runAgentCapture(ctx, input, {
      command: 'run', url, task: { kind: 'run', instruction, format, grounding: grounding?.text ?? null },
      runFields: { instruction, format, ...(grounding ? { sourceExploreId: grounding.sourceSessionId } : {}) },
    });
  },
});

export const InvestigateInput = z.object({
  url: kStartUrl,
  run: z.string().optional().register(cliField, { description: 'phase 1: what to carry out', value: 'text' }),
  investigate: z.string().optional().register(cliField, { description: 'phase 2: the question to investigate', value: 'text' }),
  maxSteps: kMaxSteps,
  ...kAgentTuningFields,
  ...kCaptureFields,
});

const investigateCommand = defineCommand({
  name: 'investigate',
  summary: 'run something, then investigate a question about it, in one session (needs a model)',
  input: InvestigateInput,
  result: CaptureResult,
  run(ctx, input) {
    const url = requireUrl(input.url, 'investigate');
    const run = requireText(input.run, '--run', 'investigate');
    const investigate = requireText(input.investigate, '--investigate', 'investigate');
    return runAgentCapture(ctx, input, {
      command: 'investigate', url, task: { kind: 'investigate', run, investigate }, runFields: { instruction: run, intent: investigate },
    });
  },
});

/** `bu capture guided|run|investigate`. */
export const agentCommands = [guidedCommand, runCommand, investigateCommand];
