import { parseStepGroupTitle } from '../../core/conventions.ts';
import type { ActionRecord, StepRecord } from '../../core/schema/extract.ts';
import type { AriaLogLine, ReasoningLine } from '../../core/schema/logs.ts';
import { isGroup } from './actions.ts';
import type { Call, TraceModel } from './model.ts';
import type { SecretScrubber } from './redact.ts';
import { relMs } from './time.ts';

/**
 * Steps: the capture's `bu step N: summary` groups when the trace has them; otherwise every
 * top-level group (`tracing.group()`, `test.step()`) numbered from 1; otherwise one step per action.
 */

export interface StepPlan {
  source: StepRecord['source'];
  /** Group callId -> step number (for `bu-group` and `group` sources). */
  stepOfGroup: Map<string, number>;
  groups: { call: Call; step: number; summary: string }[];
}

function hasGroupAncestor(call: Call, model: TraceModel): boolean {
  const seen = new Set<string>();
  for (let id = call.parentId; id && !seen.has(id); ) {
    seen.add(id);
    const parent = model.byId.get(id);
    if (!parent) return false;
    if (isGroup(parent)) return true;
    id = parent.parentId;
  }
  return false;
}

export function planSteps(model: TraceModel): StepPlan {
  const groups = model.calls.filter(isGroup);
  const bu = groups.flatMap((call) => {
    const parsed = call.title ? parseStepGroupTitle(call.title) : null;
    return parsed ? [{ call, step: parsed.step, summary: parsed.summary }] : [];
  });
  const chosen = bu.length
    ? { source: 'bu-group' as const, groups: bu }
    : {
        source: groups.length ? ('group' as const) : ('action' as const),
        groups: groups.filter((g) => !hasGroupAncestor(g, model)).map((call, i) => ({ call, step: i + 1, summary: call.title ?? '' })),
      };
  const stepOfGroup = new Map<string, number>();
  for (const g of chosen.groups) stepOfGroup.set(g.call.callId, g.step);
  return { source: chosen.source, stepOfGroup, groups: chosen.groups };
}

/** For group-based steps, an action belongs to the step of its nearest ancestor step group. */
export function stepOfAction(call: Call, plan: StepPlan, model: TraceModel): number | null {
  const seen = new Set<string>();
  for (let id = call.parentId; id && !seen.has(id); ) {
    seen.add(id);
    const step = plan.stepOfGroup.get(id);
    if (step !== undefined) return step;
    id = model.byId.get(id)?.parentId ?? null;
  }
  return null;
}

export interface Sidecars {
  reasoning: ReasoningLine[] | null;
  ariaLog: AriaLogLine[] | null;
}

interface StepInput {
  step: number;
  groupId: string | null;
  title: string;
  summary: string;
  startMs: number;
  endMs: number | null;
  actions: ActionRecord[];
}

function stepRecord(input: StepInput, source: StepRecord['source'], sidecars: Sidecars, scrubber: SecretScrubber): StepRecord {
  const reasoning = (sidecars.reasoning ?? []).filter((r) => r.step === input.step);
  const goals = reasoning.map((r) => r.nextGoal).filter((g): g is string => typeof g === 'string' && g.length > 0);
  const ariaLine = (sidecars.ariaLog ?? []).find((a) => a.step === input.step) ?? null;
  const first = input.actions[0];
  const last = input.actions[input.actions.length - 1];
  // A picture taken of the step's own calls comes first: an earlier action's stands in only for a
  // step with none (a dialog accepted during a click would otherwise show the page before it).
  const withShot = input.actions.filter((a) => a.screenshot !== null && a.screenshotSource !== 'earlier-action');
  const shot = withShot.length ? withShot[withShot.length - 1]! : input.actions.findLast((a) => a.screenshot !== null);
  const failed = input.actions.find((a) => a.error !== null);
  return {
    step: input.step,
    source,
    groupId: input.groupId,
    title: input.title,
    summary: input.summary,
    startMs: input.startMs,
    endMs: input.endMs,
    actions: input.actions.map((a) => a.callId),
    intent: goals.length ? scrubber.scrub(goals[goals.length - 1]!) : null,
    reasoning: reasoning.map((r) => ({ kind: r.kind, text: scrubber.scrub(r.text) })),
    urlBefore: first?.urlBefore ?? null,
    urlAfter: last?.urlAfter ?? null,
    ariaBefore: input.actions.map((a) => a.aria.before ?? a.aria.action).find((id) => id !== null) ?? null,
    ariaAfter: input.actions.map((a) => a.aria.after ?? a.aria.action).findLast((id) => id !== null) ?? null,
    ariaLog: ariaLine
      ? { url: scrubber.scrub(ariaLine.url), title: ariaLine.title, hash: ariaLine.hash, snapshot: scrubber.scrub(ariaLine.snapshot) }
      : null,
    screenshot: shot?.screenshot ?? null,
    error: failed?.error ? failed.error.message : null,
  };
}

export function buildSteps(plan: StepPlan, actions: ActionRecord[], model: TraceModel, sidecars: Sidecars, scrubber: SecretScrubber): StepRecord[] {
  if (plan.source === 'action') {
    return actions.map((a, i) =>
      stepRecord({ step: i + 1, groupId: null, title: a.apiName, summary: a.locator ? `${a.apiName} ${a.locator.code}` : a.apiName, startMs: a.startMs, endMs: a.endMs, actions: [a] }, plan.source, sidecars, scrubber),
    );
  }
  const byStep = new Map<number, ActionRecord[]>();
  for (const a of actions) {
    if (a.step === null) continue;
    let list = byStep.get(a.step);
    if (!list) byStep.set(a.step, (list = []));
    list.push(a);
  }
  return plan.groups.map((g) =>
    stepRecord({
      step: g.step,
      groupId: g.call.callId,
      title: g.call.title ?? '',
      summary: g.summary,
      startMs: relMs(g.call.startTime, model),
      endMs: g.call.endTime === null ? null : relMs(g.call.endTime, model),
      actions: byStep.get(g.step) ?? [],
    }, plan.source, sidecars, scrubber),
  );
}
