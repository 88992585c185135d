import type { TraceModel } from './model.ts';

/** Output precision: microseconds, so float noise never reaches the files. */
const kTimeScale = 1000;

/** Milliseconds since the run start, rounded to microseconds. */
export function relMs(time: number, model: Pick<TraceModel, 'startTime'>): number {
  const value = Math.round((time - model.startTime) * kTimeScale) / kTimeScale;
  return Object.is(value, -0) ? 0 : value;
}
