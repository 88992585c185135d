import type { HistoryStep } from '../../core/schema/history.ts';
import { kFindTimeoutMs } from '../../locate/cascade.ts';

/**
 * The test timeout of a replay spec, from the history it replays: the steps' recorded time several
 * times over, plus for each step that finds an element the time the rematch cascade may spend
 * finding it again once the page changed (healing), plus the replay's own setup. Playwright's
 * default 30 s is the floor: a long flow that heals several steps would outlive it.
 */

/** The recorded steps, with what the timeout is computed from. */
export type TimedStep = Pick<HistoryStep, 'ok' | 'durationMs' | 'fingerprint'>;

/** A shared CI runner may run the app and the browser this many times slower than the recording machine did. */
const kRecordedSlowdown = 3;
/** Each step also checks the page before it and verifies the state after it: time its recorded duration leaves out. */
const kPerStepMs = 1_000;
/** Opening the start page, reading the history and checking the state the replay ends in. */
const kSetupMs = 10_000;
/** Playwright's default test timeout: a short history keeps at least what it had without one. */
const kPlaywrightDefaultMs = 30_000;
/** Whole ten seconds: a run recorded again a few milliseconds faster or slower keeps the same spec. */
const kRoundingMs = 10_000;

export interface ReplayTimeout {
  timeoutMs: number;
  /** How many steps the replay runs, and how long they took when recorded. */
  steps: number;
  recordedMs: number;
}

export function replayTimeout(steps: readonly TimedStep[]): ReplayTimeout {
  // A step that failed when recorded is skipped by the replay.
  const replayed = steps.filter((step) => step.ok);
  const recordedMs = replayed.reduce((sum, step) => sum + step.durationMs, 0);
  const finding = replayed.filter((step) => step.fingerprint !== null).length;
  const needed = kSetupMs + recordedMs * kRecordedSlowdown + replayed.length * kPerStepMs + finding * kFindTimeoutMs;
  return { timeoutMs: Math.max(kPlaywrightDefaultMs, Math.ceil(needed / kRoundingMs) * kRoundingMs), steps: replayed.length, recordedMs };
}

/** `120000` as `120_000`, as the project writes milliseconds. */
export function millisecondsLiteral(ms: number): string {
  return String(ms).replace(/\B(?=(\d{3})+(?!\d))/g, '_');
}
