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
import type { CommandContext, CommandDef, OptionDef } from './command.ts';
import { captureSettings, reportCapture } from './capture-options.ts';
import { startAllowList } from '../capture/url-policy.ts';

/**
 * `bu capture guided|run|investigate` (and `explore --policy llm`): captures driven by the model
 * agent. Usage (tokens, cost), the result file and its record count go into the run entry.
 */

/** An agent task rarely needs more; each step costs a model call. */
export const kAgentMaxSteps = 25;
/** The model's part of one step (answer, repair, finish check): generous for slow local servers. */
const kDefaultStepTimeoutMs = 180_000;

/** The agent's tuning options, also offered by `explore` (which has its own --max-steps). */
export function agentTuningOptions(): OptionDef[] {
  return [
    { flags: '--max-failures <n>', description: `stop after this many failed steps in a row (default ${kDefaultMaxFailures})` },
    { flags: '--max-loop-hits <n>', description: `stop when the same action is asked this many times on an unchanged page (default ${kDefaultMaxLoopHits})` },
    { flags: '--max-tokens <n>', description: 'token budget of the whole run (input + output)' },
    { flags: '--max-cost <usd>', description: 'cost budget of the whole run in US dollars (prices: BU_PRICES)' },
    { flags: '--step-timeout <ms>', description: `time for the model's part of one step (default ${kDefaultStepTimeoutMs})` },
    { flags: '--no-finish-check', description: 'accept done without asking the model whether it answers the task' },
    { flags: '--subtasks', description: 'split the task into subtasks first, check each before moving on, revise them when one is not complete' },
    { flags: '--observe-budget <tokens>', description: `prompt budget of one step: a page over it is read in parts (default ${kDefaultObserveBudget}, at least ${kMinObserveBudget})` },
    { flags: '--history-budget <tokens>', description: `history length past which the model summarises older steps (default ${kDefaultHistoryTokens})` },
    { flags: '--llm-replay <file>', description: 'answer from a recorded llm/<id>.jsonl instead of a model (reproduces a capture)' },
    { flags: '--vision <mode>', description: 'send the model a screenshot with the element indexes drawn on it (auto: when BU_VISION=1 or the model takes images)', choices: VisionMode.options, default: 'auto' },
  ];
}

export function positive(value: unknown, flag: string, integer: boolean): number | null {
  if (value === undefined) return null;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0 || (integer && !Number.isInteger(n))) throw new UsageError(`${flag} ${String(value)}: expected a ${integer ? 'whole ' : ''}number above 0`);
  return n;
}

function requireText(value: unknown, flag: string, command: string): string {
  if (typeof value !== 'string' || !value.trim()) throw new UsageError(`bu capture ${command} needs ${flag} "..."`, `see \`bu capture ${command} --help\``);
  return value;
}

function requireUrl(value: unknown, command: string): string {
  try {
    const url = new URL(String(value));
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.href;
  } catch {
    // reported below
  }
  throw new UsageError(value ? `--url ${String(value)}: expected an http or https address` : `bu capture ${command} needs --url URL`, 'e.g. --url http://127.0.0.1:8080/');
}

export interface AgentCaptureInput {
  command: string;
  url: string;
  task: AgentTask;
  runFields?: Partial<RunRecord>;
}

/** The agent's guards and timeouts from the command line. */
export function agentTuning(options: Record<string, unknown>): AgentTuning {
  return {
    finishCheck: options.finishCheck !== false,
    limits: {
      maxFailures: positive(options.maxFailures, '--max-failures', true) ?? kDefaultMaxFailures,
      maxLoopHits: positive(options.maxLoopHits, '--max-loop-hits', true) ?? kDefaultMaxLoopHits,
      maxTokens: positive(options.maxTokens, '--max-tokens', true),
      maxCost: positive(options.maxCost, '--max-cost', false),
    },
    stepTimeoutMs: positive(options.stepTimeout, '--step-timeout', true) ?? kDefaultStepTimeoutMs,
    subtasks: options.subtasks === true,
    observeBudget: observeBudget(options.observeBudget),
    historyTokens: positive(options.historyBudget, '--history-budget', true) ?? kDefaultHistoryTokens,
  };
}

function observeBudget(value: unknown): number {
  const budget = positive(value, '--observe-budget', true) ?? kDefaultObserveBudget;
  if (budget < kMinObserveBudget) {
    throw new UsageError(`--observe-budget ${budget}: too small for the system prompt, the output schema and a part of a page`, `give at least ${kMinObserveBudget} tokens`);
  }
  return budget;
}

/** Reports an agent capture: the usual lines plus the model's usage. */
export function reportAgentCapture(ctx: CommandContext, result: AgentCaptureResult): number {
  const { usage } = result;
  ctx.log(`model: ${usage.calls} call(s), ${usage.tokensIn} tokens in, ${usage.tokensOut} out, $${usage.cost.toFixed(4)}`);
  return reportCapture(ctx, result);
}

/** One agent capture: client, policy, runCapture, then the result file and the run entry's extras. */
export async function runAgentCapture(ctx: CommandContext, options: Record<string, unknown>, input: AgentCaptureInput): Promise<number> {
  const replayFile = (options.llmReplay as string | undefined) ?? null;
  if (!llmAvailable(ctx.env, replayFile)) throw new UsageError(kNoModelMessage, 'or replay a recorded run with --llm-replay llm/<id>.jsonl');
  const settings = captureSettings(ctx, options, kAgentMaxSteps);
  const allow = startAllowList(input.url, settings.allowDomains);
  const vision = resolveVision(VisionMode.parse(options.vision ?? 'auto'), ctx.env, replayFile !== null);
  const result = await runAgentCaptureIn({
    ctx, command: input.command, url: input.url, task: input.task, settings: { ...settings, allowDomains: allow, vision },
    tuning: agentTuning(options), replayFile, runFields: input.runFields,
  });
  return reportAgentCapture(ctx, result);
}

/** `explore --policy llm`: the autonomous exploration prompt. */
export function runLlmExplore(ctx: CommandContext, url: string, options: Record<string, unknown>): Promise<number> {
  return runAgentCapture(ctx, options, { command: 'explore', url, task: { kind: 'explore' } });
}

function agentOptions(): OptionDef[] {
  return [{ flags: '--max-steps <n>', description: `stop after this many steps (default ${kAgentMaxSteps})` }, ...agentTuningOptions()];
}

const guidedCommand = (shared: OptionDef[]): CommandDef => ({
  name: 'guided',
  summary: 'explore toward a stated intent (needs a model)',
  options: [{ flags: '--url <url>', description: 'start address' }, { flags: '--intent <text>', description: 'what to explore toward' }, ...agentOptions(), ...shared],
  json: true,
  run(ctx, _args, options) {
    const url = requireUrl(options.url, 'guided');
    const intent = requireText(options.intent, '--intent', 'guided');
    return runAgentCapture(ctx, options, { command: 'guided', url, task: { kind: 'guided', intent }, runFields: { intent } });
  },
});

const runCommand = (shared: OptionDef[]): CommandDef => ({
  name: 'run',
  summary: 'carry out an instruction and write its result to results/<id>.<format> (needs a model)',
  options: [
    { flags: '--url <url>', description: 'start address' },
    { flags: '--instruction <text>', description: 'what to do' },
    { flags: '--format <format>', description: 'the result format', choices: ResultFormat.options, default: 'markdown' },
    { flags: '--grounded <session>', description: 'give the model the pages and links an earlier explore session found' },
    ...agentOptions(), ...shared,
  ],
  json: true,
  async run(ctx, _args, options) {
    const url = requireUrl(options.url, 'run');
    const instruction = requireText(options.instruction, '--instruction', 'run');
    const format = ResultFormat.parse(options.format ?? 'markdown');
    const grounding = options.grounded ? await loadGrounding({ sessionId: String(options.grounded), runs: ctx.runs, paths: ctx.paths }) : null;
    return runAgentCapture(ctx, options, {
      command: 'run', url, task: { kind: 'run', instruction, format, grounding: grounding?.text ?? null },
      runFields: { instruction, format, ...(grounding ? { sourceExploreId: grounding.sourceSessionId } : {}) },
    });
  },
});

const investigateCommand = (shared: OptionDef[]): CommandDef => ({
  name: 'investigate',
  summary: 'run something, then investigate a question about it, in one session (needs a model)',
  options: [
    { flags: '--url <url>', description: 'start address' },
    { flags: '--run <text>', description: 'phase 1: what to carry out' },
    { flags: '--investigate <text>', description: 'phase 2: the question to investigate' },
    ...agentOptions(), ...shared,
  ],
  json: true,
  run(ctx, _args, options) {
    const url = requireUrl(options.url, 'investigate');
    const run = requireText(options.run, '--run', 'investigate');
    const investigate = requireText(options.investigate, '--investigate', 'investigate');
    return runAgentCapture(ctx, options, {
      command: 'investigate', url, task: { kind: 'investigate', run, investigate }, runFields: { instruction: run, intent: investigate },
    });
  },
});

/** `bu capture guided|run|investigate`, with the capture options every subcommand shares. */
export function agentCommands(shared: OptionDef[]): CommandDef[] {
  return [guidedCommand(shared), runCommand(shared), investigateCommand(shared)];
}
