import { z } from 'zod';

/**
 * The replay report: `replays/<session>/<replay-id>.json`. One entry per
 * history step says how its element was found (level, candidates, score, locator), whether the
 * step passed, and why not; `final` is the page the replay left behind.
 */

/** 2: the model fallback's fields are named `fallback` (version 1 named them `heal`). */
export const kReplayReportVersion = 2;

export const StepStatus = z.enum(['passed', 'healed', 'failed', 'skipped']);
export type StepStatus = z.infer<typeof StepStatus>;

/** `expectation`: an expect step of the recording did not hold (the app shows something else). */
export const FailureCategory = z.enum([
  'missing_element', 'ambiguous', 'page_changed', 'postcondition_failed', 'action_error', 'policy_blocked', 'expectation',
]);
export type FailureCategory = z.infer<typeof FailureCategory>;

/** Match levels of the rematch cascade, most trustworthy first; `llm` is the model fallback's pick. */
export const MatchLevel = z.enum([
  'recorded', 'recordedScope', 'testId', 'idName', 'roleName', 'roleNameLoose', 'labelLike', 'text', 'container', 'scopedRoleName',
  'structural', 'position', 'llm',
]);
export type MatchLevel = z.infer<typeof MatchLevel>;

export const FallbackRecord = z.strictObject({
  /** How many candidates the model was shown. */
  offered: z.number().int().min(0),
  picked: z.number().int().nullable(),
  reason: z.string(),
  accepted: z.boolean(),
  /** Agreement score of the pick with the fingerprint, when one was picked. */
  score: z.number().nullable(),
});
export type FallbackRecord = z.infer<typeof FallbackRecord>;

export const StepTiming = z.strictObject({
  /** Milliseconds since the replay started. */
  startMs: z.number().min(0),
  /**
   * Finding the element. Near 0 when it was read beside the previous step's check of the page
   * (that time is in the previous step's `verifyMs`).
   */
  findMs: z.number().min(0),
  actMs: z.number().min(0),
  verifyMs: z.number().min(0),
  totalMs: z.number().min(0),
});

export const ReplayStep = z.strictObject({
  index: z.number().int().min(0),
  action: z.string(),
  status: StepStatus,
  level: MatchLevel.nullable(),
  /** Candidates found at the deciding level. */
  candidates: z.number().int().min(0).nullable(),
  score: z.number().nullable(),
  /** The locator the action used (Playwright code). */
  locator: z.string().nullable(),
  recordedLocator: z.string().nullable(),
  category: FailureCategory.nullable(),
  message: z.string().nullable(),
  /** Levels that were tried and why they did not decide (rejected, ambiguous, ...). */
  notes: z.array(z.string()),
  /** What the model fallback (`--fallback llm`) picked, when it was asked. */
  fallback: FallbackRecord.nullable(),
  /** What verification checked after the action (`url`, `heading`, `value`, `effect 2/3`, ...). */
  checks: z.array(z.string()).default([]),
  timing: StepTiming,
});
export type ReplayStep = z.infer<typeof ReplayStep>;

export const ReplaySummary = z.strictObject({
  ok: z.boolean(),
  steps: z.number().int().min(0),
  byStatus: z.record(StepStatus, z.number().int().min(0)),
  byLevel: z.record(z.string(), z.number().int().min(0)),
  failedStep: z.number().int().nullable(),
  failureCategory: FailureCategory.nullable(),
  totalMs: z.number().min(0),
  llmCalls: z.number().int().min(0),
  strategy: z.enum(['full', 'locator-only']),
  fallback: z.enum(['off', 'llm']),
});
export type ReplaySummary = z.infer<typeof ReplaySummary>;

const CurrentReplayReport = z.strictObject({
  version: z.literal(kReplayReportVersion),
  sessionId: z.string(),
  replayId: z.string(),
  startedAt: z.iso.datetime(),
  baseUrl: z.string().nullable(),
  steps: z.array(ReplayStep),
  summary: ReplaySummary,
  /** `ariaSnapshot`: taken when the caller keeps the report (`bu replay` always) or the replay failed. */
  final: z.strictObject({ url: z.string(), title: z.string(), ariaSnapshot: z.string().optional() }),
});

/** A version 1 report: `heal` where version 2 says `fallback`, in each step and in the summary. */
function renamedHeal<T extends Record<string, unknown>>(value: T): Record<string, unknown> {
  const { heal, ...rest } = value;
  return heal === undefined ? value : { ...rest, fallback: heal };
}

/** Migrates a version 1 report forward; anything else is left for the schema to judge. */
export function migrateReplayReport(value: unknown): unknown {
  if (!value || typeof value !== 'object' || (value as { version?: unknown }).version !== 1) return value;
  const old = value as Record<string, unknown> & { steps?: unknown; summary?: unknown };
  const asRecord = (item: unknown) => (item && typeof item === 'object' ? renamedHeal(item as Record<string, unknown>) : item);
  return { ...old, version: kReplayReportVersion, steps: Array.isArray(old.steps) ? old.steps.map(asRecord) : old.steps, summary: asRecord(old.summary) };
}

/** A replay report as written now, or of an older version (migrated on reading). */
export const ReplayReport = z.preprocess(migrateReplayReport, CurrentReplayReport);
export type ReplayReport = z.infer<typeof CurrentReplayReport>;
