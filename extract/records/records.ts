import { z } from 'zod';
import { describeIssues, UsageError } from '../../core/errors.ts';
import { AriaNode, type AriaRecord, type ConsoleRecord, type NetworkRecord } from '../../core/schema/extract.ts';
import type { Call, TraceModel } from './model.ts';
import type { SecretScrubber } from './redact.ts';
import { relMs } from './time.ts';

/** `aria.jsonl`, `network.jsonl` and `console.jsonl` records. */

const AriaFile = z.array(AriaNode);

/** One record per `aria-snapshot` event whose file is in the zip, in time order. */
export function buildAria(model: TraceModel, texts: ReadonlyMap<string, string>, zipName: string, scrubber: SecretScrubber): AriaRecord[] {
  const events = [...model.ariaFiles.entries()]
    .filter(([, e]) => texts.has(e.file))
    .sort((a, b) => a[1].timestamp - b[1].timestamp || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return events.map(([id, event]) => {
    const source = `${zipName}!${event.file}`;
    let value: unknown;
    try {
      value = JSON.parse(texts.get(event.file)!);
    } catch (err) {
      throw new UsageError(`${source}: not valid JSON (${err instanceof Error ? err.message : String(err)})`);
    }
    const parsed = AriaFile.safeParse(value);
    if (!parsed.success) throw new UsageError(`${source}: ${describeIssues(parsed.error)}`);
    return {
      id,
      callId: event.callId,
      phase: event.phase,
      pageId: event.pageId ?? null,
      timeMs: relMs(event.timestamp, model),
      nodes: scrubber.scrubDeep(parsed.data),
    };
  });
}

function numberOrNull(value: number | undefined): number | null {
  return typeof value === 'number' && value >= 0 ? value : null;
}

export function buildNetwork(model: TraceModel, scrubber: SecretScrubber): NetworkRecord[] {
  return model.resources.map((r, index) => ({
    index,
    pageId: r.pageref ?? null,
    frameId: r._frameref ?? null,
    method: r.request.method,
    url: scrubber.scrub(r.request.url),
    status: r.response.status,
    statusText: r.response.statusText ?? '',
    resourceType: r._resourceType ?? null,
    mimeType: r.response.content?.mimeType ?? null,
    requestBodySize: numberOrNull(r.request.bodySize),
    responseBodySize: numberOrNull(r.response.content?.size ?? r.response.bodySize),
    transferSize: numberOrNull(r.response._transferSize),
    startMs: typeof r._monotonicTime === 'number' ? relMs(r._monotonicTime, model) : null,
    durationMs: typeof r.time === 'number' ? Math.round(r.time * 1000) / 1000 : null,
    timings: r.timings ?? null,
    failure: r._failureText ?? null,
  }));
}

/** The latest-started action running at `time` on `pageId` (or on any page when unknown). */
function runningAction(actions: Call[], pages: ReadonlyMap<string, string | null>, time: number, pageId: string | null): string | null {
  let found: string | null = null;
  for (const call of actions) {
    if (call.startTime > time) break;
    if (call.endTime !== null && call.endTime < time) continue;
    if (pageId && pages.get(call.callId) && pages.get(call.callId) !== pageId) continue;
    found = call.callId;
  }
  return found;
}

export function buildConsole(model: TraceModel, actions: Call[], pages: ReadonlyMap<string, string | null>, scrubber: SecretScrubber): ConsoleRecord[] {
  const items: Omit<ConsoleRecord, 'index'>[] = [];
  for (const c of model.console) {
    const pageId = c.pageId ?? null;
    items.push({
      kind: 'console',
      pageId,
      type: c.messageType,
      text: scrubber.scrub(c.text),
      location: c.location ? { url: scrubber.scrub(c.location.url), line: c.location.lineNumber, column: c.location.columnNumber } : null,
      timeMs: relMs(c.time, model),
      callId: runningAction(actions, pages, c.time, pageId),
    });
  }
  for (const e of model.pageErrors) {
    items.push({
      kind: 'pageerror', pageId: e.pageId, type: 'error', text: scrubber.scrub(e.message), location: null,
      timeMs: relMs(e.time, model), callId: runningAction(actions, pages, e.time, e.pageId),
    });
  }
  items.sort((a, b) => a.timeMs - b.timeMs);
  return items.map((item, index) => ({ index, ...item }));
}
