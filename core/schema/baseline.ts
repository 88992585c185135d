import { createHash } from 'node:crypto';
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

export const kBaselineVersion = 2;

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

/** What a test's run found, in memory: each call with its element's fingerprint. */
export const Baseline = z.strictObject({
  version: z.literal(kBaselineVersion),
  tests: z.array(BaselineTest),
});
export type Baseline = z.infer<typeof Baseline>;

/** Version 1 of the file: each call with its fingerprint written in it. */
const BaselineV1 = z.strictObject({
  version: z.literal(1),
  tests: z.array(BaselineTest),
});

/**
 * Version 2 of the file: the elements once, each under a key drawn from its fingerprint (a suite
 * calls the same button from many tests), and each call naming its element's key. One element
 * a line, one test a line: a baseline committed beside the suite diffs element by element and
 * test by test, and the same element keeps its key from run to run.
 */
const BaselineV2 = z.strictObject({
  version: z.literal(2),
  elements: z.record(z.string(), StoredFingerprint),
  tests: z.array(BaselineTest.extend({ calls: z.array(BaselineCall.omit({ fingerprint: true }).extend({ element: z.string() })) })),
});

/** The file as written by any version, read into the in-memory baseline. */
export const BaselineFile = z.discriminatedUnion('version', [BaselineV1, BaselineV2]).transform((file, ctx): Baseline => {
  if (file.version === 1) return { version: kBaselineVersion, tests: file.tests };
  const tests: BaselineTest[] = [];
  for (const test of file.tests) {
    const calls: BaselineCall[] = [];
    for (const { element, ...call } of test.calls) {
      const fingerprint = file.elements[element];
      if (!fingerprint) {
        ctx.addIssue({ code: 'custom', message: `no element ${element} (called in ${test.test})`, path: ['elements', element] });
        return z.NEVER;
      }
      calls.push({ ...call, fingerprint });
    }
    tests.push({ ...test, calls });
  }
  return { version: kBaselineVersion, tests };
});

/** The key an element is written under: drawn from its fingerprint as written, so the same element keeps it. */
function elementKey(written: string): string {
  return createHash('sha256').update(written).digest('hex').slice(0, 12);
}

/** The file's text (version 2): the elements it uses, one a line, then one test a line. */
export function baselineText(baseline: Baseline): string {
  const elements = new Map<string, string>();
  const tests = baseline.tests.map((test) => JSON.stringify({
    ...test,
    calls: test.calls.map(({ fingerprint, ...call }) => {
      const written = JSON.stringify(compactFingerprint(fingerprint));
      const key = elementKey(written);
      elements.set(key, written);
      return { ...call, element: key };
    }),
  }));
  const table = [...elements].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([key, written]) => `${JSON.stringify(key)}:${written}`);
  return `{"version":2,"elements":{\n${table.join(',\n')}\n},"tests":[\n${tests.join(',\n')}\n]}\n`;
}
