import { z } from 'zod';

/**
 * The on-disk output of `bu extract` (`extract/<id>/`), read by generate and report.
 * One schema per JSONL line type plus the manifest. Times are milliseconds relative to the
 * start of the run (the earliest trace context), rounded to microseconds.
 * docs/extract-format.md describes every field.
 */

export const kExtractVersion = 1;

export const Point = z.strictObject({ x: z.number(), y: z.number() });
export const Rect = z.strictObject({ x: z.number(), y: z.number(), width: z.number(), height: z.number() });

export const ActionLocator = z.strictObject({
  /** Playwright's internal selector; `page.locator()` accepts it verbatim. */
  selector: z.string(),
  /** The same locator as Playwright code, e.g. `getByRole('button', { name: 'Save' })`. */
  code: z.string(),
});
export type ActionLocator = z.infer<typeof ActionLocator>;

export const ActionError = z.strictObject({ name: z.string(), message: z.string() });

/** `actions.jsonl`: one line per Playwright API call (groups and test-runner steps excluded). */
export const ActionRecord = z.strictObject({
  index: z.number().int().min(0),
  callId: z.string(),
  /** e.g. `page.goto`, `locator.click`; from the trace when it names it, else derived from class+method. */
  apiName: z.string(),
  class: z.string(),
  method: z.string(),
  /** The agent step (or group-derived step) this action belongs to, null when outside any step. */
  step: z.number().int().min(0).nullable(),
  /** callId of the innermost enclosing group, null when none. */
  groupId: z.string().nullable(),
  pageId: z.string().nullable(),
  frameId: z.string().nullable(),
  locator: ActionLocator.nullable(),
  /** Call parameters without `selector`, secrets redacted. */
  params: z.record(z.string(), z.unknown()),
  /** Names of the params whose values were replaced, and why. */
  redacted: z.array(z.strictObject({ param: z.string(), reason: z.string() })),
  startMs: z.number(),
  endMs: z.number().nullable(),
  error: ActionError.nullable(),
  /** Click point and target box, when the trace recorded an `input` event. */
  point: Point.nullable(),
  box: Rect.nullable(),
  urlBefore: z.string().nullable(),
  urlAfter: z.string().nullable(),
  /** A navigation was observed inside the action's time window. */
  navigated: z.boolean(),
  /** Ids of `aria.jsonl` lines for this action, by phase. */
  aria: z.strictObject({ before: z.string().nullable(), action: z.string().nullable(), after: z.string().nullable() }),
  /** Path under the extract dir, e.g. `screenshots/0003.png`, or null. */
  screenshot: z.string().nullable(),
  screenshotSource: z.enum(['action-after', 'action-action', 'action-before', 'screencast', 'earlier-action']).nullable(),
});
export type ActionRecord = z.infer<typeof ActionRecord>;

export const ReasoningEntry = z.strictObject({ kind: z.string(), text: z.string() });

/** `steps.jsonl`: one line per agent step. */
export const StepRecord = z.strictObject({
  step: z.number().int().min(0),
  /** `bu-group`: a `bu step N:` group; `group`: another top-level group; `action`: one action, no groups. */
  source: z.enum(['bu-group', 'group', 'action']),
  groupId: z.string().nullable(),
  title: z.string(),
  summary: z.string(),
  startMs: z.number(),
  endMs: z.number().nullable(),
  /** callIds of the step's actions, in order. */
  actions: z.array(z.string()),
  /** The step's stated next goal (intent), from the reasoning log. */
  intent: z.string().nullable(),
  reasoning: z.array(ReasoningEntry),
  urlBefore: z.string().nullable(),
  urlAfter: z.string().nullable(),
  /** `aria.jsonl` ids: before the first action, after the last. */
  ariaBefore: z.string().nullable(),
  ariaAfter: z.string().nullable(),
  /** The agent's own aria-log line for this step, when present. */
  ariaLog: z.strictObject({ url: z.string(), title: z.string(), hash: z.string(), snapshot: z.string() }).nullable(),
  screenshot: z.string().nullable(),
  error: z.string().nullable(),
});
export type StepRecord = z.infer<typeof StepRecord>;

/** A node of Playwright's per-action aria snapshot (flat list); unknown keys kept. */
export const AriaNode = z.looseObject({
  role: z.string(),
  name: z.string().optional(),
  text: z.string().optional(),
  level: z.number().optional(),
  url: z.string().optional(),
  box: Rect.optional(),
});
export type AriaNode = z.infer<typeof AriaNode>;

/** `aria.jsonl`: one line per aria snapshot in the trace (`aria/<callId>-<phase>.json`). */
export const AriaRecord = z.strictObject({
  id: z.string(),
  callId: z.string(),
  phase: z.enum(['before', 'action', 'after']),
  pageId: z.string().nullable(),
  timeMs: z.number(),
  nodes: z.array(AriaNode),
});
export type AriaRecord = z.infer<typeof AriaRecord>;

export const EdgeConfidence = z.enum(['high', 'medium', 'low']);
export const EdgeInference = z.enum(['goto', 'navigation-in-action', 'snapshot-url', 'url-change-between-actions']);

/** `edges.jsonl`: page state -> action -> page state, one line per observed transition. */
export const EdgeRecord = z.strictObject({
  /** Page state ids: origin + path with id-like segments replaced by `:id`. */
  from: z.string(),
  to: z.string(),
  fromUrl: z.string(),
  toUrl: z.string(),
  callId: z.string(),
  apiName: z.string(),
  step: z.number().int().min(0).nullable(),
  confidence: EdgeConfidence,
  inferredBy: EdgeInference,
});
export type EdgeRecord = z.infer<typeof EdgeRecord>;

/** `network.jsonl`: one line per request; no headers or bodies. */
export const NetworkRecord = z.strictObject({
  index: z.number().int().min(0),
  pageId: z.string().nullable(),
  frameId: z.string().nullable(),
  method: z.string(),
  url: z.string(),
  status: z.number().int(),
  statusText: z.string(),
  resourceType: z.string().nullable(),
  mimeType: z.string().nullable(),
  requestBodySize: z.number().nullable(),
  responseBodySize: z.number().nullable(),
  transferSize: z.number().nullable(),
  startMs: z.number().nullable(),
  durationMs: z.number().nullable(),
  timings: z.record(z.string(), z.number()).nullable(),
  failure: z.string().nullable(),
});
export type NetworkRecord = z.infer<typeof NetworkRecord>;

/** `console.jsonl`: console messages and uncaught page errors. */
export const ConsoleRecord = z.strictObject({
  index: z.number().int().min(0),
  kind: z.enum(['console', 'pageerror']),
  pageId: z.string().nullable(),
  type: z.string(),
  text: z.string(),
  location: z.strictObject({ url: z.string(), line: z.number(), column: z.number() }).nullable(),
  timeMs: z.number(),
  /** The action running when the message appeared, if any. */
  callId: z.string().nullable(),
});
export type ConsoleRecord = z.infer<typeof ConsoleRecord>;

export const ExtractCounts = z.strictObject({
  actions: z.number().int().min(0),
  steps: z.number().int().min(0),
  aria: z.number().int().min(0),
  edges: z.number().int().min(0),
  network: z.number().int().min(0),
  console: z.number().int().min(0),
  screenshots: z.number().int().min(0),
  redactions: z.number().int().min(0),
});

/** `manifest.json`. No wall-clock fields: the same inputs give the same bytes. */
export const ExtractManifest = z.strictObject({
  version: z.literal(kExtractVersion),
  sessionId: z.string().nullable(),
  source: z.strictObject({ file: z.string(), sha256: z.string(), bytes: z.number().int().min(0) }),
  trace: z.strictObject({
    /** Trace format version as written (older versions are read through a migration). */
    version: z.number().int(),
    playwrightVersion: z.string().nullable(),
    origin: z.enum(['library', 'testRunner', 'mixed']),
    browserName: z.string().nullable(),
    traceFiles: z.array(z.string()),
    /** Wall-clock time (unix ms) of the run start; all `*Ms` fields are relative to it. */
    startWallTime: z.number().nullable(),
  }),
  sidecars: z.strictObject({ reasoning: z.boolean(), ariaLog: z.boolean(), history: z.boolean() }),
  counts: ExtractCounts,
  files: z.array(z.string()),
});
export type ExtractManifest = z.infer<typeof ExtractManifest>;
