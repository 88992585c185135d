import type { ConsoleEvent, ContextOptionsEvent, FrameSnapshotEvent, PhaseFileEvent, PlainEvent, ResourceSnapshotEvent, TraceEvent } from './events.ts';

/**
 * The trace as one model: every call merged by callId across `*.trace` files (a test-runner zip
 * has the same call in `test.trace` and `N-trace.trace`), with snapshots, frames and messages
 * indexed for the record builders.
 */

export type Phase = 'before' | 'action' | 'after';

export interface Call {
  callId: string;
  class: string;
  method: string;
  params: Record<string, unknown>;
  title: string | null;
  parentId: string | null;
  /** `pageId` written on the call itself (older versions). */
  pageId: string | null;
  startTime: number;
  endTime: number | null;
  error: { name: string; message: string } | null;
  point: { x: number; y: number } | null;
  box: { x: number; y: number; width: number; height: number } | null;
  logs: { time: number; message: string }[];
  /** Seen in a library trace (a real API call), not only in the test runner's steps. */
  library: boolean;
  order: number;
}

export interface SnapshotInfo {
  pageId: string;
  frameId: string;
  frameUrl: string;
  isMainFrame: boolean;
  /** The action's target element (marked `__playwright_target__`) is an `<input type=password>`. */
  targetIsPassword: boolean;
}

/** A picture of a page and when it was taken. */
export interface TimedFile {
  time: number;
  file: string;
}

export interface TraceModel {
  contexts: ContextOptionsEvent[];
  /** Calls in start order (ties keep trace order). */
  calls: Call[];
  byId: Map<string, Call>;
  /** `${callId}-${phase}` -> main-frame snapshot (else the first frame's). */
  snapshots: Map<string, SnapshotInfo>;
  ariaFiles: Map<string, PhaseFileEvent>;
  screenshots: Map<string, PhaseFileEvent>;
  /** pageId -> screencast frames in time order. */
  frames: Map<string, TimedFile[]>;
  /** pageId -> the per-action screenshots taken of it, in time order. */
  pageShots: Map<string, TimedFile[]>;
  pagesOpened: { time: number; pageId: string }[];
  navigations: { time: number; pageId: string | null; url: string }[];
  console: ConsoleEvent[];
  pageErrors: { time: number; pageId: string | null; message: string }[];
  resources: ResourceSnapshotEvent['snapshot'][];
  /** Monotonic time of the run start and its wall-clock time. */
  startTime: number;
  startWallTime: number | null;
}

export function phaseKey(callId: string, phase: Phase): string {
  return `${callId}-${phase}`;
}

function errorOf(error: { name?: string; message?: string; error?: { name?: string; message?: string } } | undefined) {
  if (!error) return null;
  const inner = error.error ?? error;
  if (inner.message === undefined && inner.name === undefined) return null;
  return { name: inner.name ?? 'Error', message: inner.message ?? '' };
}

/** Whether a DOM snapshot tree (Playwright's `[tag, attrs, ...children]` arrays) marks a password input as target. */
export function targetIsPasswordInput(node: unknown, depth = 0): boolean {
  if (!Array.isArray(node) || depth > 200) return false;
  if (typeof node[0] === 'string') {
    const attrs = node[1];
    if (attrs && typeof attrs === 'object' && !Array.isArray(attrs) && '__playwright_target__' in attrs) {
      const type = (attrs as Record<string, unknown>).type;
      if (typeof type === 'string' && type.toLowerCase() === 'password') return true;
    }
    for (let i = 2; i < node.length; i++) if (targetIsPasswordInput(node[i], depth + 1)) return true;
  }
  return false;
}

function newCall(callId: string, order: number): Call {
  return {
    callId, class: '', method: '', params: {}, title: null, parentId: null, pageId: null, startTime: 0,
    endTime: null, error: null, point: null, box: null, logs: [], library: false, order,
  };
}

/**
 * Builds the model one event at a time, so a trace's events are never all held at once: a DOM
 * snapshot, the bulk of a trace, is read for the little the model keeps and then dropped.
 * Files must be given in order, each opened with `startFile()`.
 */
export class ModelBuilder {
  private readonly model: TraceModel = {
    contexts: [], calls: [], byId: new Map(), snapshots: new Map(), ariaFiles: new Map(), screenshots: new Map(),
    frames: new Map(), pageShots: new Map(), pagesOpened: [], navigations: [], console: [], pageErrors: [], resources: [],
    startTime: 0, startWallTime: null,
  };
  /** Whether the current file is a library trace (until its context says it is the test runner's). */
  private library = true;

  startFile(): void {
    this.library = true;
  }

  private call(id: string): Call {
    const { byId } = this.model;
    let found = byId.get(id);
    if (!found) byId.set(id, (found = newCall(id, byId.size)));
    return found;
  }

  add(event: TraceEvent): void {
    const model = this.model;
    switch (event.type) {
      case 'context-options':
        model.contexts.push(event);
        this.library = event.origin !== 'testRunner';
        break;
      case 'before': {
        const c = this.call(event.callId);
        const isLibrary = this.library && event.class !== 'Test';
        if (isLibrary || !c.library) {
          c.class = event.class;
          c.method = event.method;
          c.params = event.params ?? {};
          c.startTime = event.startTime;
        }
        c.title ??= event.title ?? null;
        if (isLibrary) c.title = event.title ?? c.title;
        c.parentId = (isLibrary ? event.parentId ?? c.parentId : c.parentId ?? event.parentId) ?? null;
        c.pageId ??= event.pageId ?? null;
        c.library ||= isLibrary;
        break;
      }
      case 'input': {
        const c = this.call(event.callId);
        if (event.point) c.point = { x: event.point.x, y: event.point.y };
        if (event.box) c.box = { x: event.box.x, y: event.box.y, width: event.box.width, height: event.box.height };
        break;
      }
      case 'after': {
        const c = this.call(event.callId);
        c.endTime = Math.max(c.endTime ?? event.endTime, event.endTime);
        c.error ??= errorOf(event.error);
        break;
      }
      case 'log':
        this.call(event.callId).logs.push({ time: event.time, message: event.message });
        break;
      case 'event':
        addPlainEvent(model, event);
        break;
      case 'console':
        model.console.push(event);
        break;
      case 'screencast-frame': {
        let list = model.frames.get(event.pageId);
        if (!list) model.frames.set(event.pageId, (list = []));
        list.push({ time: event.timestamp, file: event.file });
        break;
      }
      case 'frame-snapshot':
        addSnapshot(model, event);
        break;
      case 'aria-snapshot':
        model.ariaFiles.set(phaseKey(event.callId, event.phase), event);
        break;
      case 'screenshot': {
        model.screenshots.set(phaseKey(event.callId, event.phase), event);
        if (!event.pageId) break;
        let list = model.pageShots.get(event.pageId);
        if (!list) model.pageShots.set(event.pageId, (list = []));
        list.push({ time: event.timestamp, file: event.file });
        break;
      }
      case 'resource-snapshot':
        model.resources.push(event.snapshot);
        break;
    }
  }

  finish(): TraceModel {
    finish(this.model);
    return this.model;
  }
}

function addSnapshot(model: TraceModel, event: FrameSnapshotEvent): void {
  const s = event.snapshot;
  if (!s.phase) return;
  const key = phaseKey(s.callId, s.phase as Phase);
  const isMainFrame = s.isMainFrame ?? true;
  const prev = model.snapshots.get(key);
  const targetIsPassword = s.phase === 'action' && targetIsPasswordInput(s.html);
  if (!prev || (isMainFrame && !prev.isMainFrame)) {
    model.snapshots.set(key, { pageId: s.pageId, frameId: s.frameId, frameUrl: s.frameUrl, isMainFrame, targetIsPassword: targetIsPassword || (prev?.targetIsPassword ?? false) });
  } else if (targetIsPassword) {
    prev.targetIsPassword = true;
  }
}

function addPlainEvent(model: TraceModel, event: PlainEvent): void {
  const params = event.params ?? {};
  if (event.method === 'page' && typeof params.pageId === 'string') {
    model.pagesOpened.push({ time: event.time, pageId: params.pageId });
  } else if (event.method === 'navigated' && typeof params.url === 'string') {
    model.navigations.push({ time: event.time, pageId: event.pageId ?? null, url: params.url });
  } else if (event.method === 'pageError') {
    const err = params.error as { error?: { message?: string }; message?: string; value?: string } | undefined;
    const message = err?.error?.message ?? err?.message ?? err?.value ?? 'page error';
    model.pageErrors.push({ time: event.time, pageId: event.pageId ?? null, message });
  }
}

function finish(model: TraceModel): void {
  model.calls = [...model.byId.values()]
    .filter((c) => c.class !== '')
    .sort((a, b) => a.startTime - b.startTime || a.order - b.order);
  for (const list of [...model.frames.values(), ...model.pageShots.values()]) list.sort((a, b) => a.time - b.time);
  model.pagesOpened.sort((a, b) => a.time - b.time);
  const library = model.contexts.filter((c) => typeof c.monotonicTime === 'number');
  const first = library.reduce<ContextOptionsEvent | undefined>(
    (best, c) => (!best || c.monotonicTime! < best.monotonicTime! ? c : best), undefined);
  const earliestCall = model.calls.length ? model.calls[0]!.startTime : 0;
  model.startTime = first?.monotonicTime ?? earliestCall;
  model.startWallTime = first?.wallTime ?? null;
}
