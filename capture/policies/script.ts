import { kPlanVersion, type Plan, type PlanStep } from '../../core/schema/plan.ts';
import type { PolicyState } from '../resume/checkpoint-schema.ts';
import type { ActionCall, ActionFailure, Decision, Observation, Policy, ReasoningNote } from '../types.ts';

/**
 * A written plan as a policy: one plan step per decision, targets passed through as written.
 * A step that cannot be carried out stops the run with an error naming the step.
 */
export class ScriptPolicy implements Policy {
  readonly name = 'script';
  readonly actsOnItsLook = true;
  private next: number;

  /** `from`: the plan step to start at (a resumed capture goes on where it stopped). */
  constructor(private readonly plan: Plan, from = 0) {
    this.next = from;
  }

  /** The plan as written (what `Plan` parses) and the next step: enough to resume. */
  checkpoint(): PolicyState {
    const steps = this.plan.steps.map((step) => ({ [step.action]: step.target === null ? step.params : { ...step.params, target: step.target } }));
    return { kind: 'script', plan: { version: kPlanVersion, ...(this.plan.url ? { url: this.plan.url } : {}), steps }, next: this.next };
  }

  remaining(): number {
    return this.plan.steps.length - this.next;
  }

  static callOf(step: PlanStep): ActionCall {
    return step.target === null ? { action: step.action, params: step.params } : { action: step.action, params: step.params, target: step.target };
  }

  async decide(observation: Observation): Promise<Decision> {
    const step = this.plan.steps[this.next];
    if (!step) return { kind: 'stop', reason: 'done', text: `all ${this.plan.steps.length} plan steps carried out` };
    this.next++;
    const notes: ReasoningNote[] =
      this.next === 1 && observation.step === 1 ? [{ kind: 'plan', text: `carrying out a written plan of ${this.plan.steps.length} step(s): ${this.plan.steps.map((s) => s.action).join(', ')}` }] : [];
    return { kind: 'act', actions: [ScriptPolicy.callOf(step)], nextGoal: `plan step ${this.next} of ${this.plan.steps.length}`, notes };
  }

  onActionFailed(failure: ActionFailure): Extract<Decision, { kind: 'stop' }> {
    return { kind: 'stop', reason: 'error', text: `plan step ${this.next} (${failure.summary}): ${failure.outcome.error}` };
  }
}
