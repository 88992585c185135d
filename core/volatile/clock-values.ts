import { wordShape } from './steady-text.ts';

/**
 * Values that hold the time they were recorded at: a query value the app wrote from its clock
 * (`moment_input=2026-11-28 06:38:17`, `t=1795876322`), a text showing the time. They hold on no
 * other run. Found by comparing each value with the recorder's own clock when it read it, not by
 * its look: a date of another day is data.
 */

/** How far a value may be from the recorder's clock and still be that clock (a page's time zone aside). */
const kClockSlackMs = 10 * 60_000;
/** Epoch seconds and milliseconds of plausible recording times (2001-2286). */
const kEpochSeconds = /^\d{10}$/;
const kEpochMillis = /^\d{13}$/;
/** Dates and date-times as apps write them: `2026-11-28`, `2026-11-28T06:38:17Z`, `2026-11-28 06:38:17`. */
const kIsoDate = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
/** A time of day: `06:38`, `06:38:17`. */
const kTimeOfDay = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/;

function near(ms: number, at: Date): boolean {
  return Math.abs(ms - at.getTime()) <= kClockSlackMs;
}

/** Whether `value` is the clock at `at`: an epoch time, a date-time or a time of day within the slack, or the day's date. */
export function holdsClock(value: string, at: Date): boolean {
  const v = value.trim();
  if (kEpochSeconds.test(v)) return near(Number(v) * 1000, at);
  if (kEpochMillis.test(v)) return near(Number(v), at);
  const iso = kIsoDate.exec(v);
  if (iso) {
    const [, y, mo, d, h] = iso;
    // A date alone is the day's date, in the recorder's zone or UTC.
    if (h === undefined) return [localDate(at), at.toISOString().slice(0, 10)].includes(`${y}-${mo}-${d}`);
    const zoned = iso[7] !== undefined;
    const parsed = Date.parse(zoned ? v.replace(' ', 'T') : `${v.replace(' ', 'T')}`);
    const utc = Date.parse(`${v.replace(' ', 'T')}Z`);
    return (!Number.isNaN(parsed) && near(parsed, at)) || (!zoned && !Number.isNaN(utc) && near(utc, at));
  }
  const time = kTimeOfDay.exec(v);
  if (time) {
    const minutes = Number(time[1]) * 60 + Number(time[2]);
    const slack = kClockSlackMs / 60_000;
    return [at.getHours() * 60 + at.getMinutes(), at.getUTCHours() * 60 + at.getUTCMinutes()].some((now) => Math.min(Math.abs(now - minutes), 1440 - Math.abs(now - minutes)) <= slack);
  }
  return false;
}

function localDate(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/** The query keys of `url` whose value is the clock at `at`. */
export function clockQueryKeys(url: string, at: Date): string[] {
  if (!URL.canParse(url)) return [];
  return [...new Set([...new URL(url).searchParams].filter(([, value]) => holdsClock(value, at)).map(([key]) => key))];
}

/** The shapes of the words of `text` that show the clock at `at` (a "last updated 14:38" line). */
export function clockShapes(text: string | null, at: Date): string[] {
  if (!text) return [];
  const out = new Set<string>();
  for (const word of text.split(/\s+/)) {
    const bare = word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
    if (bare && holdsClock(bare, at)) out.add(wordShape(bare)!);
  }
  return [...out];
}
