import type { ActionRecord } from '../../core/schema/extract.ts';
import { selectorToCode } from './locator-code.ts';
import type { Call, Phase, TimedFile, TraceModel } from './model.ts';
import { phaseKey } from './model.ts';
import type { NavigationResult } from './navigation.ts';
import type { Redaction, SecretScrubber } from './redact.ts';
import { relMs } from './time.ts';

/** Which calls are actions, what they are called, and their `actions.jsonl` records. */

export function isGroup(call: Call): boolean {
  return (call.class === 'Tracing' && call.method === 'tracingGroup') || (call.class === 'Test' && call.method === 'test.step');
}

/** Real API calls: seen in a library trace, not a group, not tracing itself. */
export function isAction(call: Call): boolean {
  return call.library && call.class !== 'Tracing' && call.class !== 'Test';
}

const kClassNames: Record<string, string> = {
  BrowserContext: 'browserContext', APIRequestContext: 'request', ElementHandle: 'elementHandle', JSHandle: 'jsHandle',
};
const kApiNameLike = /^[a-zA-Z]+\.[a-zA-Z_]+$/;

/** The trace's own api name when it has one (versions <= 9), else `page.x` / `locator.x` / `<class>.x`. */
export function apiNameOf(call: Call): string {
  if (call.title && kApiNameLike.test(call.title)) return call.title;
  if (call.class === 'Frame') return `${typeof call.params.selector === 'string' ? 'locator' : 'page'}.${call.method}`;
  const cls = kClassNames[call.class] ?? call.class.charAt(0).toLowerCase() + call.class.slice(1);
  return `${cls}.${call.method}`;
}

/** The callId of the innermost group around a call. */
export function enclosingGroup(call: Call, model: TraceModel): string | null {
  const seen = new Set<string>();
  for (let id = call.parentId; id && !seen.has(id); ) {
    seen.add(id);
    const parent = model.byId.get(id);
    if (!parent) return null;
    if (isGroup(parent)) return parent.callId;
    id = parent.parentId;
  }
  return null;
}

export interface ScreenshotPick {
  /** Zip entry to copy. */
  from: string;
  source: NonNullable<ActionRecord['screenshotSource']>;
}

const kScreenshotPhases: [Phase, ScreenshotPick['source']][] = [['after', 'action-after'], ['action', 'action-action'], ['before', 'action-before']];

/** The latest of `list` (in time order) taken at or before `limit` whose file the zip holds. */
function latestUpTo(list: readonly TimedFile[] | undefined, limit: number, entries: ReadonlySet<string>): string | null {
  if (!list?.length) return null;
  let lo = 0;
  let hi = list.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid]!.time <= limit) {
      found = mid;
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  for (let i = found; i >= 0; i--) if (entries.has(list[i]!.file)) return list[i]!.file;
  return null;
}

/**
 * The action's own screenshot (after, action, before), else the latest screencast frame of its
 * page up to its end, else (a trace without the screencast) the latest per-action screenshot of
 * its page up to its end: a call the tracer takes no pictures for, such as bringing a tab to the
 * front, shows its page as last seen, as the screencast showed it.
 */
export function pickScreenshot(call: Call, pageId: string | null, model: TraceModel, entries: ReadonlySet<string>): ScreenshotPick | null {
  for (const [phase, source] of kScreenshotPhases) {
    const shot = model.screenshots.get(phaseKey(call.callId, phase));
    if (shot && entries.has(shot.file)) return { from: shot.file, source };
  }
  if (!pageId) return null;
  const limit = call.endTime ?? call.startTime;
  const frame = latestUpTo(model.frames.get(pageId), limit, entries);
  if (frame) return { from: frame, source: 'screencast' };
  const earlier = latestUpTo(model.pageShots.get(pageId), limit, entries);
  return earlier ? { from: earlier, source: 'earlier-action' } : null;
}

export interface ActionContext {
  model: TraceModel;
  navigation: NavigationResult;
  scrubber: SecretScrubber;
  /** Redactions computed for every action first, so values are scrubbed everywhere. */
  redactions: ReadonlyMap<string, Redaction>;
  stepOf(call: Call): number | null;
  ariaIds: ReadonlySet<string>;
}

export function screenshotTarget(index: number, from: string): string {
  const ext = /\.([a-z0-9]+)$/i.exec(from)?.[1]?.toLowerCase() ?? 'bin';
  return `screenshots/${String(index).padStart(4, '0')}.${ext}`;
}

/** The action's record; `pick` is its screenshot (from `pickScreenshot`). */
export function buildAction(call: Call, index: number, pick: ScreenshotPick | null, ctx: ActionContext): ActionRecord {
  const { model } = ctx;
  const nav = ctx.navigation.byCall.get(call.callId)!;
  const groupId = enclosingGroup(call, model);
  const { params, redacted } = ctx.redactions.get(call.callId)!;
  const selector = typeof call.params.selector === 'string' ? call.params.selector : null;
  const aria = (phase: Phase) => (ctx.ariaIds.has(phaseKey(call.callId, phase)) ? phaseKey(call.callId, phase) : null);
  const record: ActionRecord = {
    index,
    callId: call.callId,
    apiName: apiNameOf(call),
    class: call.class,
    method: call.method,
    step: ctx.stepOf(call),
    groupId,
    pageId: nav.pageId,
    frameId: nav.frameId,
    locator: selector ? { selector, code: selectorToCode(selector) } : null,
    params: ctx.scrubber.scrubDeep(params),
    redacted,
    startMs: relMs(call.startTime, model),
    endMs: call.endTime === null ? null : relMs(call.endTime, model),
    error: call.error,
    point: call.point,
    box: call.box,
    urlBefore: nav.urlBefore === null ? null : ctx.scrubber.scrub(nav.urlBefore),
    urlAfter: nav.urlAfter === null ? null : ctx.scrubber.scrub(nav.urlAfter),
    navigated: nav.navigated,
    aria: { before: aria('before'), action: aria('action'), after: aria('after') },
    screenshot: pick ? screenshotTarget(index, pick.from) : null,
    screenshotSource: pick?.source ?? null,
  };
  return record;
}
