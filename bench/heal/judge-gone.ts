import type { GoneCase } from './gone-cases.ts';
import { judgeStep, type RunOutcome } from './run.ts';

/**
 * How replay met one case whose element is gone. The case step must fail with nothing acted on:
 * any click, input, change or Enter during it, on any element, is a wrong action. Steps before it
 * are judged as the honest families judge them (against the reference run); a flow that stopped
 * before the case step for another reason did not reach it.
 */

export type GoneVerdict =
  | { kind: 'refused' }
  | { kind: 'wrong'; step: number; acted: string[] }
  | { kind: 'not reached'; why: string }
  /** The step passed without acting on anything: neither a refusal nor a wrong action. */
  | { kind: 'passed idle' };

export function judgeGone(outcome: RunOutcome, reference: RunOutcome, c: GoneCase): GoneVerdict {
  for (let i = 0; i < c.step; i++) {
    const step = outcome.steps[i]!;
    if (judgeStep(step, reference.steps[i]) === 'wrong') return { kind: 'wrong', step: i, acted: [step.acted?.label ?? '?'] };
    if (step.status !== 'ran') return { kind: 'not reached', why: `step ${step.index + 1} ${step.status}${step.category ? ` (${step.category})` : ''}` };
  }
  const step = outcome.steps[c.step];
  if (!step) return { kind: 'not reached', why: 'the run has no such step' };
  if (step.events.length) return { kind: 'wrong', step: c.step, acted: [...new Set(step.events.map((e) => `${e.kind} ${e.label}`))] };
  if (step.status === 'skipped') return { kind: 'not reached', why: `step ${step.index + 1} skipped` };
  return step.status === 'failed' ? { kind: 'refused' } : { kind: 'passed idle' };
}
