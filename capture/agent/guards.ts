import type { ActionCall, Observation } from '../types.ts';

/**
 * The limits that keep an agent from running away: consecutive failures (including steps the
 * model itself judged failed), repeated actions on an unchanged page, and a token or cost budget.
 */

export interface GuardLimits {
  maxFailures: number;
  maxLoopHits: number;
  maxTokens: number | null;
  maxCost: number | null;
}

/** Three failures in a row: one is noise, two is a pattern, three means the approach is wrong. */
export const kDefaultMaxFailures = 3;
/** A repeated action is nudged twice; the third repeat ends the run. */
export const kDefaultMaxLoopHits = 3;

/** Identity of "this action on this page": element by role and name (indexes shift), page by state and scroll. */
export function loopKey(observation: Observation, calls: ActionCall[]): string {
  const actions = calls.map((call) => {
    const element = call.index !== undefined ? observation.elements.find((e) => e.index === call.index) : undefined;
    return { a: call.action, p: call.params, e: element ? `${element.role}|${element.name}` : null };
  });
  return `${observation.url}|${observation.stateHash}|${observation.scroll.y}|${JSON.stringify(actions)}`;
}

export class LoopDetector {
  private readonly seen = new Set<string>();
  hits = 0;

  /** True when these actions were already run on this very page state. */
  isRepeat(key: string): boolean {
    return this.seen.has(key);
  }

  hit(): number {
    return ++this.hits;
  }

  executed(key: string): void {
    this.seen.add(key);
  }

  keys(): string[] {
    return [...this.seen];
  }

  restore(keys: readonly string[], hits: number): void {
    for (const key of keys) this.seen.add(key);
    this.hits = hits;
  }
}

export class FailureCounter {
  consecutive = 0;

  fail(): number {
    return ++this.consecutive;
  }

  /** Ends the chain of failed steps; `carried` failures of the current step remain. */
  succeed(carried = 0): void {
    this.consecutive = carried;
  }
}

/** Whether one more call of about `nextCallTokens` tokens still fits the budget. */
export function budgetLeft(
  limits: Pick<GuardLimits, 'maxTokens' | 'maxCost'>,
  used: { tokensIn: number; tokensOut: number; cost: number },
  lastCall: { tokens: number; cost: number },
): { ok: true } | { ok: false; reason: string } {
  const tokens = used.tokensIn + used.tokensOut;
  if (limits.maxTokens !== null && tokens + lastCall.tokens > limits.maxTokens) {
    return { ok: false, reason: `token budget: ${tokens} used, the next call (~${lastCall.tokens}) would pass --max-tokens ${limits.maxTokens}` };
  }
  if (limits.maxCost !== null && used.cost + lastCall.cost > limits.maxCost) {
    return { ok: false, reason: `cost budget: $${used.cost.toFixed(4)} used, the next call (~$${lastCall.cost.toFixed(4)}) would pass --max-cost ${limits.maxCost}` };
  }
  return { ok: true };
}
