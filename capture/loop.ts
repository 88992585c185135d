import { stepGroupTitle } from '../core/conventions.ts';
import { assertNever, errorMessage } from '../core/errors.ts';
import type { TerminationReason } from '../core/schema/run.ts';
import type { ExecuteOptions } from './actions/execute.ts';
import { executeCall } from './actions/execute-call.ts';
import { describeTarget } from './actions/resolve-target.ts';
import { perceive } from './perceive/perceive.ts';
import type { Recorder } from './record/recorder.ts';
import type { SessionEvent } from './session.ts';
import type { ActionCall, ActionOutcome, Decision, Observation, Policy } from './types.ts';

/**
 * The capture loop: for each step, perceive -> policy.decide -> execute the decided actions ->
 * record. Each step is one trace group titled `bu step N: summary`. A step's remaining actions
 * are dropped once the page changed under them (their indexes point at a page that is gone).
 */

export interface LoopOptions extends Omit<ExecuteOptions, 'observation' | 'step'> {
  policy: Policy;
  recorder: Recorder;
  /** The action budget: at most this many actions reach the history (what a user reads as steps). */
  maxSteps: number;
  /** One line per step for people (stderr). */
  progress?: (line: string) => void;
  /** Steps already done by an earlier part of this session (`bu capture resume`); numbering goes on from there. */
  startStep?: number;
  /** Take a labelled screenshot for the policy each step (vision); off costs nothing. */
  vision?: boolean;
  /** Called after every step that ran actions (checkpoints). */
  afterStep?: (step: number) => Promise<void>;
}

export interface LoopResult {
  terminationReason: TerminationReason;
  /** The policy's stop text, `done`'s text, or the error. */
  text: string;
  /** Set when the run ended in an error. */
  error: string | null;
  /** Set by `done`. */
  success: boolean | null;
  steps: number;
}

/** Summary of an action for progress lines and trace group titles (params keep placeholders). */
export function describeCall(call: ActionCall, observation: Observation | null): string {
  const element = call.index !== undefined ? observation?.elements.find((e) => e.index === call.index) : undefined;
  const target = call.target !== undefined ? describeTarget(call.target) : element ? `${element.role} ${JSON.stringify(element.name)}` : call.index !== undefined ? `[${call.index}]` : '';
  const params = Object.entries(call.params)
    .map(([key, value]) => (typeof value === 'string' ? `${key}=${JSON.stringify(value.length > 40 ? value.slice(0, 39) + '…' : value)}` : Array.isArray(value) ? `${key}=[${value.length}]` : `${key}=${JSON.stringify(value)}`))
    .join(' ');
  return [call.action, target, params].filter(Boolean).join(' ');
}

function describeEvent(event: SessionEvent): string {
  switch (event.kind) {
    case 'dialog':
      return `a ${event.type} dialog ${JSON.stringify(event.message)} was accepted (${event.url})`;
    case 'tab-opened':
      return `a new tab ${event.tab} opened (${event.url || 'about:blank'}) and is now active`;
    case 'tab-closed':
      return `a tab closed (${event.url})`;
    case 'blocked':
      return `blocked ${event.url}: ${event.reason}`;
    case 'browser-closed':
      return event.reason;
    default:
      return assertNever(event, 'session event');
  }
}

function aborted(signal: AbortSignal): string | null {
  return signal.aborted ? (signal.reason instanceof Error ? signal.reason.message : 'interrupted') : null;
}

export async function runLoop(options: LoopOptions): Promise<LoopResult> {
  const { session, policy, recorder, maxSteps, signal } = options;
  const progress = options.progress ?? (() => undefined);
  let previous: Observation | null = null;
  let lastResults: ActionOutcome[] = [];
  const end = (terminationReason: TerminationReason, text: string, steps: number, extra: Partial<LoopResult> = {}): LoopResult => ({
    terminationReason, text, error: terminationReason === 'error' ? text : null, success: null, steps, ...extra,
  });
  const first = (options.startStep ?? 0) + 1;
  // A turn may run several actions (a form fill); turns are bounded too, for turns that record nothing.
  for (let step = first; step <= maxSteps; step++) {
    const stop = aborted(signal) ?? (session.isClosed ? session.closedBecause : null);
    if (stop) return end('error', stop, step - 1);
    if (recorder.stepCount >= maxSteps) return end('maxSteps', `stopped after ${recorder.stepCount} actions`, step - 1);
    let decision: Decision;
    let observation: Observation;
    try {
      const notices = session.drainEvents().map(describeEvent);
      observation = await perceive(session, previous, { step, lastResults, notices, vision: options.vision ?? false, fieldDetails: policy.perceiveFields ?? false });
      observation.actionsLeft = maxSteps - recorder.stepCount;
      await recorder.aria(observation);
      for (const notice of notices) await recorder.reasoning(step, 'observation', notice);
      decision = await policy.decide(observation);
    } catch (err) {
      const message = session.isClosed ? `${session.closedBecause} (${errorMessage(err).split('\n')[0]})` : errorMessage(err).split('\n')[0]!;
      await recorder.reasoning(step, 'error', message);
      return end('error', message, step - 1);
    }
    for (const note of decision.notes ?? []) await recorder.reasoning(step, note.kind, note.text, decision.kind === 'act' ? decision.nextGoal : undefined);
    const meta = policy.runMetadata?.();
    if (meta) await recorder.runMetadata(meta);
    if (decision.kind === 'stop') {
      progress(`step ${step}/${maxSteps} stop: ${decision.reason}${decision.text ? ` (${decision.text})` : ''}`);
      if (decision.reason === 'error') await recorder.reasoning(step, 'error', decision.text);
      return end(decision.reason, decision.text, step - 1);
    }
    const result = await runStep(options, step, observation, decision.actions);
    lastResults = result.outcomes;
    previous = observation;
    await options.afterStep?.(step).catch((err) => recorder.reasoning(step, 'error', `checkpoint not written: ${errorMessage(err).split('\n')[0]}`));
    if (result.end) return { ...result.end, steps: step };
  }
  if (recorder.stepCount >= maxSteps) return end('maxSteps', `stopped after ${recorder.stepCount} actions`, maxSteps);
  return end('maxSteps', `stopped after ${maxSteps} steps`, maxSteps);
}

async function runStep(options: LoopOptions, step: number, observation: Observation, calls: ActionCall[]): Promise<{ outcomes: ActionOutcome[]; end: Omit<LoopResult, 'steps'> | null }> {
  const { session, recorder, policy, maxSteps } = options;
  const progress = options.progress ?? (() => undefined);
  const summary = calls.map((call) => describeCall(call, observation)).join('; ') || 'no action';
  const tracing = session.context.tracing;
  await tracing.group(stepGroupTitle(step, summary)).catch(() => undefined);
  const outcomes: ActionOutcome[] = [];
  let end: Omit<LoopResult, 'steps'> | null = null;
  try {
    for (let i = 0; i < calls.length; i++) {
      const call = calls[i]!;
      if (recorder.stepCount >= maxSteps) {
        await recorder.reasoning(step, 'observation', `the budget of ${maxSteps} actions is spent; ${calls.length - i} remaining action(s) of this step were not run`);
        break;
      }
      const signal = AbortSignal.any([options.signal, session.closedSignal]);
      const actionsLeft = () => maxSteps - recorder.stepCount;
      const executed = await executeCall({ ...options, signal, observation, step, actionsLeft }, call, (record) => recorder.step(record));
      outcomes.push(executed.outcome);
      for (const [label, file] of Object.entries(executed.artifacts)) recorder.artifact(label, file);
      const { outcome } = executed;
      progress(`step ${step}/${maxSteps} ${describeCall(call, observation)} -> ${outcome.ok ? 'ok' : `error: ${outcome.error}`}`);
      if (!outcome.ok) {
        await recorder.reasoning(step, 'error', `${describeCall(call, observation)}: ${outcome.error}`);
        const fromPolicy = policy.onActionFailed?.({ step, call, outcome, summary: describeCall(call, observation) });
        // Without a browser nothing can go on, whatever the policy would prefer.
        const verdict = fromPolicy ?? (session.isClosed ? { kind: 'stop' as const, reason: 'error' as const, text: outcome.error ?? session.closedBecause ?? '' } : null);
        if (verdict?.kind === 'stop') {
          end = { terminationReason: verdict.reason, text: verdict.text, error: verdict.reason === 'error' ? verdict.text : null, success: null };
          break;
        }
      }
      if (outcome.done) {
        end = { terminationReason: 'done', text: outcome.done.text, error: null, success: outcome.done.success };
        break;
      }
      if (executed.pageChanged && i < calls.length - 1) {
        await recorder.reasoning(step, 'observation', `the page changed after ${call.action}; ${calls.length - 1 - i} remaining action(s) of this step were not run`);
        break;
      }
      if (options.signal.aborted) break;
    }
  } finally {
    await tracing.groupEnd().catch(() => undefined);
  }
  return { outcomes, end };
}
