import { stripVTControlCharacters } from 'node:util';
import { z } from 'zod';
import type { TraceReader } from '../core/io/trace-zip.ts';

/**
 * What a failing `@playwright/test` trace says about its failure: the test's title, the browser
 * call that failed (an action or an `expect`), the locator it used and where in the test code it
 * was made. The context trace (`<n>-trace.trace`) holds the calls with `before`/`after` events,
 * `<n>-trace.stacks` their source locations, `test.trace` the test's own steps and its error.
 */

export interface SourceLocation {
  file: string;
  line: number;
  column: number;
}

export interface TraceFailure {
  title: string;
  /** The failing browser call; null when the test failed without one (a thrown error, a timeout between calls). */
  call: {
    callId: string;
    method: string;
    /** Playwright's selector of the call's locator, when it had one. */
    selector: string | null;
    /** The expectation for an `expect` call (`to.have.text`, `to.be.visible`), else null. */
    expression: string | null;
    message: string;
    /** Whether the call ended (with its error); false when the test ended while it still ran (a test timeout). */
    ended: boolean;
    /** Innermost first: where the call was made, then its callers. */
    stack: SourceLocation[];
  } | null;
  /** The test's error message, without terminal colours. */
  error: string;
  /** The test ran out of its time (Playwright's test timeout), whatever call it was in. */
  timedOut: boolean;
}

/**
 * The DOM snapshots of the failing call, in the order heal takes them as its evidence: the one
 * Playwright took when the call ended (with its error), then the one it took as the call acted on
 * its element, then the one before it began. A call that waited for a page still rendering began
 * before the page was there: its before snapshot shows a page the call never failed on. A call the
 * test's timeout cut short has no after snapshot, and its last one is all there is.
 */
export const kEvidencePhases = ['after', 'action', 'before'] as const;

const Before = z.looseObject({
  type: z.literal('before'),
  callId: z.string(),
  class: z.string().optional(),
  method: z.string(),
  params: z.looseObject({ selector: z.string().optional(), expression: z.string().optional() }).optional(),
});
const After = z.looseObject({ type: z.literal('after'), callId: z.string(), error: z.looseObject({ message: z.string() }).optional() });
const ContextOptions = z.looseObject({ type: z.literal('context-options'), title: z.string().optional(), wallTime: z.number().optional(), testIdAttributeName: z.string().optional() });
const TestError = z.looseObject({
  type: z.literal('error'),
  message: z.string(),
  stack: z.array(z.looseObject({ file: z.string(), line: z.number(), column: z.number() })).optional(),
});
/** `<n>-trace.stacks`: files, then per call id frames of [file index, line, column, function]. */
const Stacks = z.looseObject({
  files: z.array(z.string()),
  stacks: z.array(z.tuple([z.string(), z.array(z.tuple([z.number(), z.number(), z.number(), z.string()]))])),
});

function lines(text: string): unknown[] {
  const out: unknown[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.includes('"type":"frame-snapshot"')) continue;
    try {
      out.push(JSON.parse(line));
    } catch {
      // a torn last line: the rest of the trace still reads
    }
  }
  return out;
}

/** A browser call of a test's trace: what it did, with which locator, where in the test code. */
export interface TraceCall {
  callId: string;
  method: string;
  /** Playwright's selector of the call's locator, when it had one. */
  selector: string | null;
  /** The expectation for an `expect` call (`to.have.text`, `to.be.visible`), else null. */
  expression: string | null;
  /** Its error message; null when it succeeded or has not ended. */
  error: string | null;
  ended: boolean;
  /** Innermost first: where the call was made, then its callers. */
  stack: SourceLocation[];
}

export interface TestCalls {
  /** The test's title as its trace names it: `login.spec.ts:12 › login › signs in`. */
  title: string;
  /** The browser calls in the order they began (the test runner's own steps left out). */
  calls: TraceCall[];
  /** The test's errors, first first, without terminal colours; empty when it passed. */
  errors: { message: string; stack: SourceLocation[] }[];
  /** When the test began (ms since the epoch); null when its trace does not say. */
  wallTime: number | null;
  /** The attribute `getByTestId` matched in the run (Playwright's `testIdAttribute`). */
  testIdAttribute: string;
}

/** The browser calls of a test's trace and its errors; null when the zip is not a test's trace. */
export async function readTestCalls(zip: TraceReader): Promise<TestCalls | null> {
  if (!zip.entries.has('test.trace')) return null;
  const testEvents = lines(await zip.text('test.trace'));
  const started = testEvents.map((e) => ContextOptions.safeParse(e)).find((parsed) => parsed.success);
  const errors = testEvents.flatMap((e) => {
    const parsed = TestError.safeParse(e);
    return parsed.success ? [{ message: stripVTControlCharacters(parsed.data.message), stack: (parsed.data.stack ?? []).map(({ file, line, column }) => ({ file, line, column })) }] : [];
  });
  let title = '';
  let testIdAttribute = 'data-testid';
  const befores = new Map<string, z.infer<typeof Before>>();
  const ended = new Map<string, string | null>();
  const stacks = new Map<string, SourceLocation[]>();
  for (const entry of [...zip.entries].sort()) {
    if (/(^|\/)\d*-?trace\.trace$/.test(entry)) {
      for (const event of lines(await zip.text(entry))) {
        const options = ContextOptions.safeParse(event);
        if (options.success && options.data.title && !title) title = options.data.title;
        if (options.success && options.data.testIdAttributeName) testIdAttribute = options.data.testIdAttributeName;
        const before = Before.safeParse(event);
        if (before.success) befores.set(before.data.callId, before.data);
        const after = After.safeParse(event);
        if (after.success) ended.set(after.data.callId, after.data.error?.message ?? null);
      }
    } else if (/(^|\/)\d*-?trace\.stacks$/.test(entry)) {
      const parsed = Stacks.safeParse(JSON.parse(await zip.text(entry)));
      if (!parsed.success) continue;
      for (const [callId, frames] of parsed.data.stacks) {
        stacks.set(callId, frames.map(([file, line, column]) => ({ file: parsed.data.files[file] ?? '', line, column })));
      }
    }
  }
  const calls = [...befores.values()].filter((b) => b.class !== 'Test').map((before): TraceCall => ({
    callId: before.callId,
    method: before.method,
    selector: before.params?.selector ?? null,
    expression: before.params?.expression ?? null,
    error: ended.get(before.callId) ?? null,
    ended: ended.has(before.callId),
    stack: stacks.get(before.callId) ?? [],
  }));
  return { title, calls, errors, wallTime: started?.data?.wallTime ?? null, testIdAttribute };
}

/** Null when the zip is not a test's trace or the test did not fail. */
export async function readFailure(zip: TraceReader): Promise<TraceFailure | null> {
  const read = await readTestCalls(zip);
  if (!read?.errors.length) return null;
  const { title, errors } = read;
  const first = errors[0]!;
  const error = first.message;
  // The last call that failed, or never ended (the test timed out in it), is the one the test died
  // on; an earlier failed call may have been caught.
  const last = read.calls.filter((call) => !call.ended || call.error !== null).at(-1);
  const timedOut = errors.some((e) => /Test timeout of \d+ms exceeded/.test(e.message));
  if (!last) return { title, call: null, error, timedOut };
  return {
    title,
    call: {
      callId: last.callId,
      method: last.method,
      selector: last.selector,
      expression: last.expression,
      message: last.error ?? error,
      ended: last.ended,
      stack: last.stack.length ? last.stack : first.stack,
    },
    error,
    timedOut,
  };
}
