import { z } from 'zod';
import { Fingerprint } from './history.ts';

/**
 * `.brow-use/baseline.json`, written by `bu baseline` from the traces of passing
 * `@playwright/test` runs: for each test, each browser call that found an element (an action or an
 * assertion), where the test code made it and what the element it found looked like. `bu heal
 * --baseline` reads it to re-find the element a failing call no longer finds, in any Playwright
 * suite, written by hand or not. It keeps no typed value: a field's value is left out of every
 * fingerprint, and a call's arguments (what was typed, what was expected) are not kept.
 */

export const kBaselineVersion = 1;

/** Where `bu baseline` writes by default, relative to the project. */
export const kBaselineFile = '.brow-use/baseline.json';

/** A place in the test code, relative to the suite's root (the folder its test titles are relative to), with `/` separators. */
export const CodeAt = z.strictObject({
  file: z.string(),
  line: z.number().int().min(1),
  column: z.number().int().min(0),
});
export type CodeAt = z.infer<typeof CodeAt>;

/**
 * Fields a fingerprint leaves null are not written: the file stays small enough to commit. Only
 * the fields that are always there: an optional one keeps its null (none) apart from its absence
 * (not recorded).
 */
const kNullable = new Set(Object.entries(Fingerprint.shape).filter(([, field]) => field.safeParse(null).success && !field.safeParse(undefined).success).map(([key]) => key));

/** A fingerprint as the file writes it: its null fields left out (`compactFingerprint`), read back whole. */
export const StoredFingerprint = z.preprocess((value) => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const whole: Record<string, unknown> = { ...value };
  for (const key of kNullable) if (!(key in whole)) whole[key] = null;
  return whole;
}, Fingerprint);

/** The fingerprint as written to the file: without its null fields. */
export function compactFingerprint(fp: Fingerprint): Partial<Fingerprint> {
  return Object.fromEntries(Object.entries(fp).filter(([key, value]) => value !== null || !kNullable.has(key))) as Partial<Fingerprint>;
}

export const BaselineCall = z.strictObject({
  /** Where the call was made: the innermost frame in the suite's own code. */
  at: CodeAt,
  /** The frames that led to it, innermost first (a page object's method, then the test that called it). */
  via: z.array(CodeAt),
  /** Calls made at the same place earlier in the same test (a loop, a helper called twice): 0 for the first. */
  nth: z.number().int().min(0),
  /** Playwright's method: `click`, `fill`, `expect`, ... */
  method: z.string(),
  /** Playwright's selector of the locator the call used (`internal:role=button[name="Save"i]`). */
  selector: z.string(),
  /** The page the element was on: its address and main heading. */
  url: z.string(),
  heading: z.string().nullable(),
  /** The page's title (a baseline written before it was kept has none: the page is then judged without it). */
  title: z.string().nullable().optional(),
  fingerprint: StoredFingerprint,
});
export type BaselineCall = z.infer<typeof BaselineCall>;

export const BaselineTest = z.strictObject({
  /** The test's file, as its title names it, and its title path: `login.spec.ts › login › signs in`. */
  test: z.string(),
  /** When the passing run ran (ISO 8601). */
  ranAt: z.string(),
  calls: z.array(BaselineCall),
});
export type BaselineTest = z.infer<typeof BaselineTest>;

export const Baseline = z.strictObject({
  version: z.literal(kBaselineVersion),
  tests: z.array(BaselineTest),
});
export type Baseline = z.infer<typeof Baseline>;

/** The file's text: one test a line, so a baseline committed beside the suite diffs test by test. */
export function baselineText(baseline: Baseline): string {
  const tests = baseline.tests.map((test) => JSON.stringify({ ...test, calls: test.calls.map((call) => ({ ...call, fingerprint: compactFingerprint(call.fingerprint) })) }));
  return `{"version":${baseline.version},"tests":[\n${tests.join(',\n')}\n]}\n`;
}
