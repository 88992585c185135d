import { stepGroupTitle } from '../core/conventions.ts';
import { assertNever, errorMessage } from '../core/errors.ts';
import type { TerminationReason } from '../core/schema/run.ts';
import type { ExecuteOptions } from './actions/execute.ts';
import { executeCall } from './actions/execute-call.ts';
import type { PageRead } from './actions/executed.ts';
import { describeTarget } from './actions/resolve-target.ts';
import { look } from './perceive/perceive.ts';
import type { Recorder } from './record/recorder.ts';
import type { SessionEvent } from './session.ts';
import type { ActionCall, ActionOutcome, Decision, Observation, Policy } from './types.ts';

/**
 * The capture loop: for each turn, perceive -> policy.decide -> execute the decided actions ->
 * record. A step is one action of the history, everywhere: step N is the history's N-th entry,
 * the trace group `bu step N: summary` around it, the `step N/M` progress line, and `--max-steps`
 * M bounds how many there are. A turn may run several (a form fill); its observation, aria-log
 * line and reasoning carry the number of its first. A turn's remaining actions are dropped once
 * the page changed under them (their indexes point at a page that is gone).
 */

export interface LoopOptions extends Omit<ExecuteOptions, 'observation' | 'step' | 'stepTitle'> {
  policy: Policy;
  recorder: Recorder;
  /** The budget: at most this many steps (actions) in the history, earlier parts of a resumed session included. */
  maxSteps: number;
  /** One line per step for people (stderr). */
  progress?: (line: string) => void;
  /** Take a labelled screenshot for the policy each turn (vision); off costs nothing. */
  vision?: boolean;
  /** Called after every turn that ran actions, with the steps recorded so far (checkpoints). */
  afterStep?: (steps: number) => Promise<void>;
}

export interface LoopResult {
  terminationReason: TerminationReason;
  /** The policy's stop text, `done`'s text, or the error. */
  text: string;
  /** Set when the run ended in an error. */
  error: string | null;
  /** Set by `done`. */
  success: boolean | null;
  /** Steps (actions) in the history at the end. */
  steps: number;
}

/** Summary of an action for progress lines and trace group titles (params keep placeholders). */
export function describeCall(call: ActionCall, observation: Observation | null): string {
  const element = call.index !== undefined ? observation?.elements.find((e) => e.index === call.index) : undefined;
  const target = call.target !== undefined ? describeTarget(call.target) : element ? `${element.role} ${JSON.stringify(element.name)}` : call.index !== undefined ? `[${call.index}]` : call.ref !== undefined ? `[ref=${call.ref}]` : '';
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
  const end = (terminationReason: TerminationReason, text: string, extra: Partial<LoopResult> = {}): LoopResult => ({
    terminationReason, text, error: terminationReason === 'error' ? text : null, success: null, steps: recorder.stepCount, ...extra,
  });
  const spentText = () => `stopped after ${recorder.stepCount} step(s): the budget of ${maxSteps} (--max-steps) is spent`;
  // Turns are bounded too, for turns that record nothing; a policy with nothing left to do gets
  // one more turn to say so (a plan ends `done` after its last step, not `maxSteps`).
  for (let turn = 1; ; turn++) {
    const stop = aborted(signal) ?? (session.isClosed ? session.closedBecause : null);
    if (stop) return end('error', stop);
    const spent = recorder.stepCount >= maxSteps || turn > maxSteps;
    if (turn > maxSteps + 1 || (spent && policy.remaining?.() !== 0)) return end('maxSteps', spentText());
    const step = recorder.stepCount + 1;
    let decision: Decision;
    let observation: Observation;
    let read: PageRead;
    try {
      const notices = session.drainEvents().map(describeEvent);
      ({ observation, read } = await look(session, previous, { step, lastResults, notices, vision: options.vision ?? false, fieldDetails: policy.perceiveFields ?? false }));
      observation.actionsLeft = maxSteps - recorder.stepCount;
      await recorder.aria(observation);
      for (const notice of notices) await recorder.reasoning(step, 'observation', notice);
      decision = await policy.decide(observation);
    } catch (err) {
      const message = session.isClosed ? `${session.closedBecause} (${errorMessage(err).split('\n')[0]})` : errorMessage(err).split('\n')[0]!;
      await recorder.reasoning(step, 'error', message);
      return end('error', message);
    }
    for (const note of decision.notes ?? []) await recorder.reasoning(step, note.kind, note.text, decision.kind === 'act' ? decision.nextGoal : undefined);
    const meta = policy.runMetadata?.();
    if (meta) await recorder.runMetadata(meta);
    if (decision.kind === 'stop') {
      progress(`stop after ${recorder.stepCount}/${maxSteps} steps: ${decision.reason}${decision.text ? ` (${decision.text})` : ''}`);
      if (decision.reason === 'error') await recorder.reasoning(step, 'error', decision.text);
      return end(decision.reason, decision.text);
    }
    if (spent) return end('maxSteps', spentText());
    const result = await runStep(options, step, observation, decision.actions, policy.actsOnItsLook ? read : null);
    lastResults = result.outcomes;
    previous = observation;
    await options.afterStep?.(recorder.stepCount).catch((err) => recorder.reasoning(step, 'error', `checkpoint not written: ${errorMessage(err).split('\n')[0]}`));
    if (result.end) return { ...result.end, steps: recorder.stepCount };
  }
}

/** `step 4/20`, `step 4-6/20` for a skill that recorded several, `no step` for a call that recorded none. */
function stepLabel(from: number, to: number, maxSteps: number): string {
  if (to < from) return 'no step';
  return `step ${from === to ? from : `${from}-${to}`}/${maxSteps}`;
}

async function runStep(options: LoopOptions, step: number, observation: Observation, calls: ActionCall[], lookRead: PageRead | null): Promise<{ outcomes: ActionOutcome[]; end: Omit<LoopResult, 'steps'> | null }> {
  const { session, recorder, policy, maxSteps } = options;
  const progress = options.progress ?? (() => undefined);
  const outcomes: ActionOutcome[] = [];
  // Each action that runs is its own trace group, numbered by its place in the history.
  const stepTitle = (call: ActionCall) => stepGroupTitle(recorder.stepCount + 1, describeCall(call, observation));
  let end: Omit<LoopResult, 'steps'> | null = null;
  // The post-state read of the call just run (the look, for the first call of a policy that acts on
  // it at once): the next call's pre state, nothing having happened since.
  let postRead: PageRead | null = lookRead;
  for (let i = 0; i < calls.length; i++) {
    const call = calls[i]!;
    if (recorder.stepCount >= maxSteps) {
      await recorder.reasoning(step, 'observation', `the budget of ${maxSteps} steps is spent; ${calls.length - i} remaining action(s) of this turn were not run`);
      break;
    }
    const signal = AbortSignal.any([options.signal, session.closedSignal]);
    const actionsLeft = () => maxSteps - recorder.stepCount;
    const first = recorder.stepCount + 1;
    const executed = await executeCall({ ...options, signal, observation, step, actionsLeft, stepTitle, preRead: postRead }, call, (record) => recorder.step(record));
    postRead = executed.postRead;
    outcomes.push(executed.outcome);
    for (const [label, file] of Object.entries(executed.artifacts)) recorder.artifact(label, file);
    const { outcome } = executed;
    progress(`${stepLabel(first, recorder.stepCount, maxSteps)} ${describeCall(call, observation)} -> ${outcome.ok ? 'ok' : `error: ${outcome.error}`}`);
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
      await recorder.reasoning(step, 'observation', `the page changed after ${call.action}; ${calls.length - 1 - i} remaining action(s) of this turn were not run`);
      break;
    }
    if (options.signal.aborted) break;
  }
  return { outcomes, end };
}
