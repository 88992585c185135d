import { z } from 'zod';

/**
 * The trace events extract relies on, in the shape of trace format version 10 (older versions are
 * migrated to it first, see modernize.ts). Loose objects: fields we do not read are kept but
 * never validated, so large payloads (DOM snapshots) cost nothing here.
 */

const Params = z.record(z.string(), z.unknown());
const Point = z.looseObject({ x: z.number(), y: z.number() });
const Box = z.looseObject({ x: z.number(), y: z.number(), width: z.number(), height: z.number() });

export const ContextOptionsEvent = z.looseObject({
  type: z.literal('context-options'),
  version: z.number().int(),
  origin: z.string().optional(),
  browserName: z.string().optional(),
  playwrightVersion: z.string().optional(),
  wallTime: z.number().optional(),
  monotonicTime: z.number().optional(),
});

export const BeforeEvent = z.looseObject({
  type: z.literal('before'),
  callId: z.string(),
  startTime: z.number(),
  class: z.string(),
  method: z.string(),
  params: Params.optional(),
  title: z.string().optional(),
  apiName: z.string().optional(),
  parentId: z.string().optional(),
  pageId: z.string().optional(),
});

export const InputEvent = z.looseObject({
  type: z.literal('input'),
  callId: z.string(),
  point: Point.optional(),
  box: Box.optional(),
});

/** `error` is `{ name, message }` in recent versions and `{ error: { name, message } }` in some older ones. */
const SerializedError = z.looseObject({
  name: z.string().optional(),
  message: z.string().optional(),
  error: z.looseObject({ name: z.string().optional(), message: z.string().optional() }).optional(),
});

export const AfterEvent = z.looseObject({
  type: z.literal('after'),
  callId: z.string(),
  endTime: z.number(),
  error: SerializedError.optional(),
});

export const LogEvent = z.looseObject({
  type: z.literal('log'),
  callId: z.string(),
  time: z.number(),
  message: z.string(),
});

export const PlainEvent = z.looseObject({
  type: z.literal('event'),
  time: z.number(),
  class: z.string(),
  method: z.string(),
  params: Params.optional(),
  pageId: z.string().optional(),
});

export const ConsoleEvent = z.looseObject({
  type: z.literal('console'),
  time: z.number(),
  pageId: z.string().optional(),
  messageType: z.string(),
  text: z.string(),
  location: z.looseObject({ url: z.string(), lineNumber: z.number(), columnNumber: z.number() }).optional(),
});

export const ScreencastFrameEvent = z.looseObject({
  type: z.literal('screencast-frame'),
  pageId: z.string(),
  file: z.string(),
  timestamp: z.number(),
});

export const FrameSnapshotEvent = z.looseObject({
  type: z.literal('frame-snapshot'),
  snapshot: z.looseObject({
    callId: z.string(),
    phase: z.string().optional(),
    pageId: z.string(),
    frameId: z.string(),
    frameUrl: z.string(),
    isMainFrame: z.boolean().optional(),
    timestamp: z.number().optional(),
    html: z.unknown(),
  }),
});

const Phase = z.enum(['before', 'action', 'after']);

/** Per-action artifacts recorded with `snapshots: { aria, screen }`: `aria-snapshot` and `screenshot`. */
export const PhaseFileEvent = z.looseObject({
  type: z.enum(['aria-snapshot', 'screenshot']),
  callId: z.string(),
  phase: Phase,
  pageId: z.string().optional(),
  timestamp: z.number(),
  file: z.string(),
});

export const ResourceSnapshotEvent = z.looseObject({
  type: z.literal('resource-snapshot'),
  snapshot: z.looseObject({
    pageref: z.string().optional(),
    _frameref: z.string().optional(),
    time: z.number().optional(),
    _monotonicTime: z.number().optional(),
    _resourceType: z.string().optional(),
    _failureText: z.string().optional(),
    request: z.looseObject({ method: z.string(), url: z.string(), bodySize: z.number().optional() }),
    response: z.looseObject({
      status: z.number(),
      statusText: z.string().optional(),
      bodySize: z.number().optional(),
      _transferSize: z.number().optional(),
      content: z.looseObject({ mimeType: z.string().optional(), size: z.number().optional() }).optional(),
    }),
    timings: z.record(z.string(), z.number()).optional(),
  }),
});

export type ContextOptionsEvent = z.infer<typeof ContextOptionsEvent>;
export type BeforeEvent = z.infer<typeof BeforeEvent>;
export type InputEvent = z.infer<typeof InputEvent>;
export type AfterEvent = z.infer<typeof AfterEvent>;
export type LogEvent = z.infer<typeof LogEvent>;
export type PlainEvent = z.infer<typeof PlainEvent>;
export type ConsoleEvent = z.infer<typeof ConsoleEvent>;
export type ScreencastFrameEvent = z.infer<typeof ScreencastFrameEvent>;
export type FrameSnapshotEvent = z.infer<typeof FrameSnapshotEvent>;
export type PhaseFileEvent = z.infer<typeof PhaseFileEvent>;
export type ResourceSnapshotEvent = z.infer<typeof ResourceSnapshotEvent>;

export type TraceEvent =
  | ContextOptionsEvent | BeforeEvent | InputEvent | AfterEvent | LogEvent | PlainEvent | ConsoleEvent
  | ScreencastFrameEvent | FrameSnapshotEvent | PhaseFileEvent | ResourceSnapshotEvent;

/** Event types extract reads; any other type (stdout, error, object, ...) is skipped. */
export const kEventSchemas: Record<string, z.ZodType<TraceEvent>> = {
  'context-options': ContextOptionsEvent,
  'before': BeforeEvent,
  'input': InputEvent,
  'after': AfterEvent,
  'log': LogEvent,
  'event': PlainEvent,
  'console': ConsoleEvent,
  'screencast-frame': ScreencastFrameEvent,
  'frame-snapshot': FrameSnapshotEvent,
  'aria-snapshot': PhaseFileEvent,
  'screenshot': PhaseFileEvent,
  'resource-snapshot': ResourceSnapshotEvent,
};
