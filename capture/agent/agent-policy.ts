import fs from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import type { History } from '../../core/schema/history.ts';
import { ModelUnavailableError, type LlmClient } from '../../core/llm/client.ts';
import { countTokens, requestTokens, schemaTokens } from '../../core/llm/tokens.ts';
import { messageText, type ChatMessage } from '../../core/llm/transport.ts';
import type { AgentState } from '../resume/checkpoint-schema.ts';
import type { ActionCall, Decision, Observation, Policy, ReasoningNote } from '../types.ts';
import { ModelAsker } from './asker.ts';
import { budgetLeft, FailureCounter, LoopDetector, loopKey, type GuardLimits } from './guards.ts';
import { summariseIfLong } from './memory.ts';
import { finishCheckMessages, stepMessage } from './messages.ts';
import { AgentOutput, agentWireSchema, FinishVerdict, judgedFailure, parseActions } from './output.ts';
import { PageReader } from './page-reader.ts';
import { Planner } from './planner.ts';
import { systemPrompt } from './prompts.ts';
import { checkResult } from './result-format.ts';
import { outcomeLine, StepHistory } from './step-history.ts';
import { SubtaskList } from './subtasks.ts';
import { planningText, taskText, type AgentTask } from './task.ts';
import { UrlShortener } from './url-shortener.ts';

/**
 * The LLM agent as a capture policy. Each step the model reads the task, a compact history, its
 * subtasks and memory, and the page (in parts when it is over the observe budget), and answers
 * evaluation, memory, next goal and 1..N actions. Unusable answers, unknown actions and bad
 * indexes are fed back, not thrown; guards stop runaway runs; a `done` passes a format check
 * (run) and a finish check before it is accepted. Before a step: the subtask plan (first step),
 * the subtask check (when due) and the memory summary (when the history is long).
 */

/** Model questions within one step (re-asks after errors, nudges, rejected dones); guards usually stop sooner. */
const kMaxAsksPerStep = 6;
/** Default prompt budget for one step's call (tokens): a page bigger than what is left is read in parts. */
export const kDefaultObserveBudget = 10_000;
/**
 * The smallest budget that leaves room for a part of a page after the system prompt, schema and
 * history: with every action of the vocabulary (checks included) those take about 3,500 tokens.
 */
export const kMinObserveBudget = 5_000;
/** Room kept in a part's prompt for what grows while reading (memory, notes, the part line). */
const kReadingReserveTokens = 700;
/** A part is never smaller than this, whatever the budget says (a few dozen elements). */
const kMinPartTokens = 500;
/** What of the page the plan and the subtask check see. */
const kContextPageTokens = 1_500;
/** todo.md as shown in the prompt: a checklist, not a document. */
const kTodoChars = 2_000;
export const kTodoFile = 'todo.md';

export interface AgentPolicyOptions {
  client: LlmClient;
  task: AgentTask;
  maxSteps: number;
  limits: GuardLimits;
  finishCheck: boolean;
  /** Time for the model's part of one step (all its calls). */
  stepTimeoutMs: number;
  secretNames: string[];
  /** Applied to everything sent to the model: secret values never leave as themselves. */
  redact: (text: string) => string;
  signal: AbortSignal;
  /** The model gets each step's labelled screenshot (when the observation has one). */
  vision?: boolean;
  /** Files `upload_file` may use, listed in the step message. */
  uploadable?: () => string[];
  /** Work through subtasks (decomposition, subtask check, revision). */
  subtasks?: boolean;
  /** Prompt budget of one step call in tokens (`--observe-budget`). */
  observeBudget?: number;
  /** History length in tokens past which older entries are summarised. */
  historyTokens?: number;
  /** The session's files folder, where the model keeps todo.md. */
  filesDir?: string;
}

export interface AgentResult {
  text: string;
  success: boolean;
  /** For `run`: the result checked in its format, and its record count. */
  formatted: { text: string; records: number } | null;
}

type DoneVerdict = 'accept' | 'retry';

export class AgentPolicy implements Policy {
  readonly name = 'llm';
  /** The accepted `done`, once there is one. */
  result: AgentResult | null = null;
  private phase: 0 | 1 = 0;
  private memory = '';
  private readonly history = new StepHistory();
  private readonly failures = new FailureCounter();
  private readonly loops = new LoopDetector();
  private readonly urls = new UrlShortener();
  private readonly system: string;
  private readonly wire: z.ZodType;
  private readonly asker: ModelAsker;
  private readonly planner: Planner | null;
  private planAsked = false;
  /** The model said its last actions finish the current subtask: check before the next step. */
  private claimedDone = false;
  /** Tokens of the system prompt and the schema, sent with every step. */
  private readonly fixedTokens: number;

  constructor(private readonly options: AgentPolicyOptions) {
    const subtasks = options.subtasks ?? false;
    this.system = options.redact(systemPrompt({ secretNames: options.secretNames, vision: options.vision ?? false, subtasks }));
    this.wire = agentWireSchema({ subtasks });
    this.asker = new ModelAsker(options.client, options.redact);
    this.planner = subtasks ? new Planner(this.asker, new SubtaskList()) : null;
    this.fixedTokens = schemaTokens(this.wire, true);
  }

  /** What a resume needs: task, tuning, memory, compact history and the guards' counts. */
  checkpoint(): AgentState {
    const { task, limits, finishCheck, stepTimeoutMs } = this.options;
    return {
      kind: 'llm', task, phase: this.phase, memory: this.memory, history: this.history.entries.map((entry) => ({ ...entry, results: [...entry.results] })),
      failures: this.failures.consecutive, loopHits: this.loops.hits, seen: this.loops.keys(), limits, finishCheck, stepTimeoutMs,
      historySummary: this.history.summary, subtasksOn: this.planner !== null, subtasks: this.planner?.list.items ?? [],
      subtaskRevisions: this.planner?.list.revisions ?? 0, planAsked: this.planAsked, claimedDone: this.claimedDone,
      observeBudget: this.options.observeBudget ?? null, historyTokens: this.options.historyTokens ?? null,
    };
  }

  /** The subtasks for the history's run metadata, once there is a plan. */
  runMetadata(): Pick<History, 'subtasks'> | null {
    return this.planner?.list.planned ? { subtasks: this.planner.list.items.map((item) => ({ ...item, steps: [...item.steps] })) } : null;
  }

  /** Continues from a checkpoint of an earlier part of the same run. */
  restore(state: AgentState): void {
    this.phase = state.phase;
    this.memory = state.memory;
    this.history.entries.splice(0, this.history.entries.length, ...state.history);
    this.failures.consecutive = state.failures;
    this.loops.restore(state.seen, state.loopHits);
    this.history.summary = state.historySummary ?? null;
    this.planAsked = state.planAsked ?? false;
    this.claimedDone = state.claimedDone ?? false;
    if (this.planner && state.subtasks) this.planner.list.items = SubtaskList.from(state.subtasks, state.subtaskRevisions ?? 0).items;
    if (this.planner) this.planner.list.revisions = state.subtaskRevisions ?? 0;
  }

  onActionFailed(): null {
    return null; // the model reads the failure in the next step's results
  }

  async decide(observation: Observation): Promise<Decision> {
    const notes: ReasoningNote[] = [];
    const feedback: string[] = [];
    const outcomesFailed = this.absorb(observation);
    if (outcomesFailed && this.failures.fail() >= this.options.limits.maxFailures) {
      return this.stop('error', `${this.failures.consecutive} consecutive failed steps`, notes);
    }
    if (observation.step >= this.options.maxSteps) feedback.push('This is the last allowed step: call done now with what you have (success: false if the task is not complete).');
    const signal = AbortSignal.any([this.options.signal, AbortSignal.timeout(this.options.stepTimeoutMs)]);
    const unavailable = (err: unknown) => {
      if (!(err instanceof ModelUnavailableError)) throw err;
      const why = signal.aborted && !this.options.signal.aborted ? `the model's part of step ${observation.step} took longer than ${this.options.stepTimeoutMs} ms` : err.message;
      return this.stop('error', why, notes);
    };
    try {
      await this.beforeStep(observation, signal, notes);
    } catch (err) {
      return unavailable(err);
    }
    const reader = new PageReader(observation, this.partCapacity(observation, feedback));
    if (reader.chunks) notes.push({ kind: 'observation', text: `the page is over the observe budget: ${observation.elements.length} elements in ${reader.chunks.length} parts` });
    let judged = outcomesFailed;
    const failedBefore = this.failures.consecutive;
    for (let ask = 0; ask < kMaxAsksPerStep; ask++) {
      const budget = budgetLeft(this.options.limits, this.options.client.usage, this.asker.nextCall);
      if (!budget.ok) return this.stop('maxSteps', budget.reason, notes);
      let answer;
      try {
        const messages: ChatMessage[] = [
          { role: 'system', content: this.system },
          { role: 'user', content: this.userMessage(observation, reader.browserState(), feedback) },
        ];
        answer = await this.asker.ask('agent.step', messages, signal, AgentOutput, { schema: this.wire, bare: true });
      } catch (err) {
        return unavailable(err);
      }
      if (!answer.ok) {
        notes.push({ kind: 'error', text: `unusable model answer: ${answer.error}` });
        feedback.push(`Your previous answer was unusable: ${answer.error}`);
        if (this.failures.fail() >= this.options.limits.maxFailures) return this.stop('error', `${this.failures.consecutive} consecutive failures; last: ${answer.error}`, notes);
        continue;
      }
      const out = this.urls.restore(answer.value);
      if (out.observe && !out.action.length && reader.reading) {
        // Reading a long page: not an action, so it costs no ask of the step.
        this.memory = out.memory;
        const from = reader.position;
        reader.move(out.observe);
        notes.push({ kind: 'observation', text: `${out.observe} at ${from} of the page` });
        if (!judged) {
          judged = true;
          if (!judgedFailure(out.evaluation_previous_goal)) this.failures.succeed(this.failures.consecutive - failedBefore);
        }
        ask--;
        continue;
      }
      this.note(observation, out, notes);
      if (!judged) {
        // The evaluation judges the previous step, once: re-asks within this step do not reset the count.
        judged = true;
        // A successful previous step ends the chain; failures already counted in this step stay.
        if (!judgedFailure(out.evaluation_previous_goal)) this.failures.succeed(this.failures.consecutive - failedBefore);
        else if (this.failures.fail() >= this.options.limits.maxFailures) return this.stop('error', `${this.failures.consecutive} consecutive failed steps (the model judged the last one failed)`, notes);
      }
      this.memory = out.memory;
      if (this.planner) this.claimedDone = out.subtask_done === true;
      if (!out.action.length) feedback.push('observe is only for reading a page given in parts, and this page is not (any more): give at least one action.');
      const calls = this.usableCalls(observation, out.action, notes, feedback);
      if (!calls.length) {
        if (this.failures.fail() >= this.options.limits.maxFailures) return this.stop('error', `${this.failures.consecutive} consecutive failures: no usable action`, notes);
        continue;
      }
      if (calls[0]!.action === 'done') {
        const verdict = await this.reviewDone(observation, calls[0]!, notes, feedback, signal);
        if (verdict === 'accept') return { kind: 'act', actions: [calls[0]!], nextGoal: out.next_goal, notes };
        if (this.failures.consecutive >= this.options.limits.maxFailures) return this.stop('error', `${this.failures.consecutive} consecutive failures; the last done was rejected`, notes);
        continue;
      }
      const key = loopKey(observation, calls);
      if (this.loops.isRepeat(key)) {
        const hits = this.loops.hit();
        notes.push({ kind: 'observation', text: `repeated action on an unchanged page (${hits}/${this.options.limits.maxLoopHits})` });
        if (hits >= this.options.limits.maxLoopHits) return this.stop('maxLoopHits', `the same action was asked ${hits + 1} times on an unchanged page`, notes);
        feedback.push('You already did exactly this on this unchanged page and nothing changed. Do something different: another element, scroll, navigate, or done.');
        continue;
      }
      this.loops.executed(key);
      return { kind: 'act', actions: calls, nextGoal: out.next_goal, notes };
    }
    return this.stop('error', `no usable decision after ${kMaxAsksPerStep} model answers in step ${observation.step}`, notes);
  }

  /** The model work due before a step: the subtask plan, the subtask check, the memory summary. */
  private async beforeStep(observation: Observation, signal: AbortSignal, notes: ReasoningNote[]): Promise<void> {
    const page = clipTokens(observation.text, kContextPageTokens);
    if (this.planner && !this.planAsked) {
      this.planAsked = true;
      await this.planner.plan({ task: planningText(this.options.task), page }, signal, notes);
    } else if (this.planner?.checkDue(this.claimedDone)) {
      this.claimedDone = false;
      const recentSteps = StepHistory.renderEntries(this.history.entries.slice(-3)).join('\n') || '(none)';
      await this.planner.check({ task: this.taskText(), recentSteps, memory: this.memory, page }, observation.step, signal, notes);
    }
    await summariseIfLong({
      asker: this.asker, history: this.history, task: this.taskText(), limit: this.options.historyTokens ?? Number.POSITIVE_INFINITY, signal, notes,
    });
    this.planner?.list.touch(observation.step);
  }

  /**
   * Tokens a part of the page may take so that the whole prompt stays under the observe budget,
   * or null when the page fits whole.
   */
  private partCapacity(observation: Observation, feedback: string[]): number | null {
    const budget = this.options.observeBudget;
    if (!budget) return null;
    const frame = this.userMessage(observation, '', feedback);
    const fixed = this.fixedTokens + requestTokens([{ role: 'system', content: this.system }, { role: 'user', content: messageText(frame) }]);
    if (fixed + countTokens(observation.text) <= budget) return null;
    return Math.max(kMinPartTokens, budget - fixed - kReadingReserveTokens);
  }

  /** Takes the previous step's outcomes into the history; true when one of them failed. */
  private absorb(observation: Observation): boolean {
    this.history.addResults(observation.lastResults.map(outcomeLine));
    return observation.lastResults.some((outcome) => !outcome.ok);
  }

  private note(observation: Observation, out: AgentOutput, notes: ReasoningNote[]): void {
    this.history.add({ step: observation.step, evaluation: out.evaluation_previous_goal, nextGoal: out.next_goal, results: [] });
    if (observation.step > 1) notes.push({ kind: 'observation', text: out.evaluation_previous_goal });
    const thinking = out.thinking ? ` (${out.thinking})` : '';
    notes.push({ kind: observation.step === 1 ? 'plan' : 'decision', text: `${out.next_goal}${thinking}` });
  }

  /** The leading valid actions; invalid ones become errors for the model. `done` must come alone. */
  private usableCalls(observation: Observation, raw: Record<string, unknown>[], notes: ReasoningNote[], feedback: string[]): ActionCall[] {
    const parsed = parseActions(raw, observation.elements.length);
    const calls: ActionCall[] = [];
    for (const item of parsed) {
      if (!item.ok) {
        notes.push({ kind: 'error', text: `invalid action ${item.raw}: ${item.error}` });
        feedback.push(`Action ${item.raw} was not run: ${item.error}`);
        this.history.addResults([`not run: ${item.error}`]);
        break;
      }
      calls.push(item.call);
    }
    const doneAt = calls.findIndex((call) => call.action === 'done');
    if (doneAt > 0) {
      feedback.push('done was dropped: it must be the only action of its step.');
      return calls.slice(0, doneAt);
    }
    return doneAt === 0 ? calls.slice(0, 1) : calls;
  }

  private async reviewDone(observation: Observation, call: ActionCall, notes: ReasoningNote[], feedback: string[], signal: AbortSignal): Promise<DoneVerdict> {
    const text = String(call.params.text ?? '');
    const success = call.params.success !== false;
    const task = this.options.task;
    let formatted: AgentResult['formatted'] = null;
    if (task.kind === 'run' && success) {
      const check = checkResult(task.format, text);
      if (!check.ok) {
        notes.push({ kind: 'error', text: `done rejected: ${check.error}` });
        feedback.push(`Your done was not accepted: ${check.error}. Call done again with the result as ${task.format}.`);
        this.failures.fail();
        return 'retry';
      }
      formatted = { text: check.text, records: check.records };
    }
    const isLast = observation.step >= this.options.maxSteps;
    if (this.options.finishCheck && success && !isLast) {
      const verdict = await this.finishCheck(observation, text, signal);
      if (verdict) {
        notes.push({ kind: 'decision', text: `finish check: ${verdict.answers_task ? 'accepted' : 'rejected'}: ${verdict.reason}` });
        if (!verdict.answers_task) {
          feedback.push(`Your done was rejected by the finish check: ${verdict.reason} Continue the task; call done only when the text fully answers it.`);
          this.history.addResults([`done rejected: ${verdict.reason}`]);
          this.failures.fail();
          return 'retry';
        }
      }
    }
    if (task.kind === 'investigate' && this.phase === 0) {
      this.phase = 1;
      this.memory = `Phase 1 result: ${text}\n${this.memory}`;
      notes.push({ kind: 'plan', text: `phase 1 finished (${text.slice(0, 200)}); phase 2: ${task.investigate}` });
      feedback.push(`Phase 1 is finished: ${text}\nNow do phase 2 (see the task).`);
      return 'retry';
    }
    this.result = { text, success, formatted };
    return 'accept';
  }

  /** The model's verdict on a final text, or null when it gave none (the done is then accepted). */
  private async finishCheck(observation: Observation, text: string, signal: AbortSignal): Promise<FinishVerdict | null> {
    const messages = finishCheckMessages({ task: this.taskText(), memory: this.memory, text, url: observation.url });
    try {
      const answer = await this.asker.ask('agent.finish-check', messages, signal, FinishVerdict);
      return answer.ok ? answer.value : null;
    } catch (err) {
      if (err instanceof ModelUnavailableError) return null;
      throw err;
    }
  }

  private userMessage(observation: Observation, browserState: string, feedback: string[]): ChatMessage['content'] {
    const text = this.urls.shorten(stepMessage({
      task: this.taskText(), history: this.history.render(), subtasks: this.planner?.list.planned ? this.planner.list.render() : null,
      memory: this.memory, todo: this.todo(), step: observation.step, maxSteps: this.options.maxSteps, browserState, notes: feedback,
      files: this.options.uploadable?.() ?? [],
    }));
    if (!this.options.vision || !observation.screenshot) return text;
    return [{ type: 'text', text }, { type: 'image_url', image_url: { url: observation.screenshot, detail: 'auto' } }];
  }

  /** The model's todo.md, when it keeps one (read fresh: the file actions change it). */
  private todo(): string | null {
    if (!this.options.filesDir) return null;
    let text: string;
    try {
      text = fs.readFileSync(path.join(this.options.filesDir, kTodoFile), 'utf8').trim();
    } catch {
      return null;
    }
    return text ? (text.length > kTodoChars ? `${text.slice(0, kTodoChars)}\n(cut; read_file ${kTodoFile} for the rest)` : text) : null;
  }

  private taskText(): string {
    return taskText(this.options.task, this.phase);
  }

  private stop(reason: Extract<Decision, { kind: 'stop' }>['reason'], text: string, notes: ReasoningNote[]): Decision {
    // The loop logs an error stop's text itself; other stops are explained here.
    if (reason !== 'error') notes.push({ kind: 'decision', text: `stop (${reason}): ${text}` });
    return { kind: 'stop', reason, text, notes };
  }
}

/** The first lines of a text that fit `max` tokens. */
function clipTokens(text: string, max: number): string {
  if (countTokens(text) <= max) return text;
  const kept: string[] = [];
  let used = 0;
  for (const line of text.split('\n')) {
    const tokens = countTokens(line) + 1;
    if (used + tokens > max) break;
    kept.push(line);
    used += tokens;
  }
  return `${kept.join('\n')}\n(page cut here)`;
}
