/**
 * Where capture's own step screenshots go in a Playwright trace. A capture traces with per-action
 * DOM and aria snapshots but without Playwright's per-action screenshots (one to three PNGs for
 * every action: about a third of a capture's CPU time). Instead it takes one JPEG when a step has
 * settled, and the trace gets it as the `after` screenshot of the step's last action, the event
 * Playwright writes for its own: extract, the report and the trace viewer read it as before.
 * Pure: trace text in, events out.
 */

/** One screenshot capture took, and when: after the `group`-th trace group it opened (0: before any). */
export interface StepShot {
  /** Its entry in the trace zip (`screenshots/...`). */
  file: string;
  /** How many trace groups the capture had opened when it took the shot. */
  group: number;
  /** Taken inside that group (a step's action), or after it closed (the start page, a reopened tab). */
  inGroup: boolean;
}

/** A `screenshot` trace event, as Playwright writes one for its own per-action screenshots. */
export interface ScreenshotEvent {
  type: 'screenshot';
  callId: string;
  phase: 'after';
  pageId: string;
  timestamp: number;
  file: string;
}

interface TracedCall {
  callId: string;
  parentId: string | null;
  startTime: number;
  endTime: number | null;
  /** The page of the call's own snapshots: only calls Playwright takes snapshots for have one. */
  pageId: string | null;
}

function parse(line: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(line);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const num = (value: unknown): number | null => (typeof value === 'number' ? value : null);

/**
 * The `screenshot` events that place `shots` in the trace (`traceText`, the zip's
 * `trace.trace`). A shot goes to the last call of its moment that Playwright took snapshots for
 * (the calls it would have screenshotted): within its group, or among the calls outside any group
 * between that group and the next. A shot with no such call (nothing was traced then), or whose
 * call already has an `after` screenshot, is left out.
 */
export function placeStepShots(traceText: string, shots: readonly StepShot[]): ScreenshotEvent[] {
  const groups: { callId: string; startTime: number }[] = [];
  const calls = new Map<string, TracedCall>();
  const shotKeys = new Set<string>();
  for (const line of traceText.split('\n')) {
    if (!line) continue;
    const event = parse(line);
    if (!event) continue;
    const type = event.type;
    if (type === 'before') {
      const callId = str(event.callId);
      if (!callId) continue;
      const startTime = num(event.startTime) ?? 0;
      if (event.class === 'Tracing' && event.method === 'tracingGroup') groups.push({ callId, startTime });
      else calls.set(callId, { callId, parentId: str(event.parentId), startTime, endTime: null, pageId: null });
    } else if (type === 'after') {
      const call = calls.get(str(event.callId) ?? '');
      if (call) call.endTime = num(event.endTime);
    } else if (type === 'frame-snapshot' || type === 'aria-snapshot') {
      const holder = type === 'frame-snapshot' ? (event.snapshot as Record<string, unknown> | undefined) ?? {} : event;
      const call = calls.get(str(holder.callId) ?? '');
      if (call && !call.pageId) call.pageId = str(holder.pageId);
    } else if (type === 'screenshot') {
      shotKeys.add(`${str(event.callId)}@${str(event.phase)}`);
    }
  }
  const groupIds = new Set(groups.map((g) => g.callId));
  const events: ScreenshotEvent[] = [];
  for (const shot of shots) {
    const inside = shot.inGroup ? groups[shot.group - 1] : undefined;
    if (shot.inGroup && !inside) continue;
    const from = shot.group > 0 ? groups[shot.group - 1]?.startTime ?? Infinity : -Infinity;
    const until = groups[shot.group]?.startTime ?? Infinity;
    let last: TracedCall | null = null;
    for (const call of calls.values()) {
      if (!call.pageId || call.endTime === null) continue;
      const belongs = inside
        ? call.parentId === inside.callId
        : (call.parentId === null || !groupIds.has(call.parentId)) && call.startTime >= from && call.startTime < until;
      if (belongs && (!last || call.endTime >= last.endTime!)) last = call;
    }
    if (!last || shotKeys.has(`${last.callId}@after`)) continue;
    shotKeys.add(`${last.callId}@after`);
    events.push({ type: 'screenshot', callId: last.callId, phase: 'after', pageId: last.pageId!, timestamp: last.endTime!, file: shot.file });
  }
  return events;
}
