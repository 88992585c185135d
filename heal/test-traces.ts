import fs from 'node:fs/promises';
import path from 'node:path';
import { errorMessage, UsageError } from '../core/errors.ts';
import { openTraceZip, type TraceReader } from '../core/io/trace-zip.ts';
import { readFailure, type TraceFailure } from './failure.ts';

/**
 * The test traces `bu heal` is given: trace zips of `@playwright/test` runs, folders holding them
 * (test-results/, playwright-report/), and artifact zips holding them (a CI job's upload of its
 * test-results folder: `test-results/<test>/trace.zip` inside an outer zip). A zip named on the
 * command line that holds no test trace is bad input, said as such: read as "no failing test", it
 * would report a broken suite as healthy. A folder may hold other zips (attachments), which are
 * passed over, as long as it holds at least one test trace. A trace that cannot be read (a torn
 * upload, a zip cut short) never stops the others: `readTestTraces` lists it with why, and only
 * when nothing else could be read is it bad input.
 */

export interface TestTrace {
  /** Where the trace zip is on disk (an artifact's trace is copied out into the scratch folder). */
  file: string;
  /** How reports name it: its path, or `artifact.zip!test-results/<test>/trace.zip`. */
  name: string;
  /** Null when the test passed. */
  failure: TraceFailure | null;
}

/** What a test's trace holds that no other zip does: the test's own steps and errors. */
const kTestTraceEntry = 'test.trace';

const kExpected = "pass a failing test's trace.zip (test-results/<test>/trace.zip), a test-results or playwright-report folder, or a zip of one (a CI artifact)";

/** A trace zip that could not be read, and why. */
export interface UnreadableTrace {
  name: string;
  error: UsageError;
}

/** What a set of inputs holds: the test traces read, and the zips that looked like test traces and could not be read. */
export interface ReadTraces {
  traces: TestTrace[];
  unreadable: UnreadableTrace[];
}

type ZipKind =
  | { kind: 'test'; failure: TraceFailure | null }
  | { kind: 'artifact'; traces: TestTrace[]; others: string[]; unreadable: UnreadableTrace[] }
  | { kind: 'other'; entries: number }
  | { kind: 'unreadable'; error: UsageError };

async function openZip(file: string, name: string): Promise<TraceReader> {
  try {
    return await openTraceZip(file);
  } catch (err) {
    throw new UsageError(`${name} is not a readable trace: ${errorMessage(err)}`, kExpected);
  }
}

/** The zip's failure, if its test failed; a trace that cannot be read is bad input. */
async function failureOf(zip: TraceReader, name: string): Promise<TraceFailure | null> {
  try {
    return await readFailure(zip);
  } catch (err) {
    throw new UsageError(`${name} is not a readable trace: ${errorMessage(err)}`, kExpected);
  }
}

/** Copies the zips inside an artifact out to `scratch` and reads each as a test trace; one level deep, as CI uploads them. */
async function artifactTraces(zip: TraceReader, name: string, scratch: string): Promise<{ traces: TestTrace[]; others: string[]; unreadable: UnreadableTrace[] }> {
  const traces: TestTrace[] = [];
  const others: string[] = [];
  const unreadable: UnreadableTrace[] = [];
  const inner = [...zip.entries].filter((entry) => entry.endsWith('.zip')).sort();
  const dir = await fs.mkdtemp(path.join(scratch, 'artifact-'));
  for (const [i, entry] of inner.entries()) {
    const file = path.join(dir, `${i}.zip`);
    await fs.writeFile(file, await zip.data(entry));
    const innerName = `${name}!${entry}`;
    const read = await unlessUnreadable(async () => {
      const reader = await openZip(file, innerName);
      return reader.entries.has(kTestTraceEntry) ? { failure: await failureOf(reader, innerName) } : null;
    });
    if ('error' in read) unreadable.push({ name: innerName, error: read.error });
    else if (read.value) traces.push({ file, name: innerName, failure: read.value.failure });
    else others.push(innerName);
  }
  return { traces, others, unreadable };
}

/** `read`'s value, or the UsageError that says the zip could not be read. */
async function unlessUnreadable<T>(read: () => Promise<T>): Promise<{ value: T } | { error: UsageError }> {
  try {
    return { value: await read() };
  } catch (err) {
    if (err instanceof UsageError) return { error: err };
    throw err;
  }
}

async function classify(file: string, name: string, scratch: string): Promise<ZipKind> {
  const read = await unlessUnreadable(async (): Promise<ZipKind> => {
    const zip = await openZip(file, name);
    if (zip.entries.has(kTestTraceEntry)) return { kind: 'test', failure: await failureOf(zip, name) };
    if ([...zip.entries].some((entry) => entry.endsWith('.zip'))) return { kind: 'artifact', ...(await artifactTraces(zip, name, scratch)) };
    return { kind: 'other', entries: zip.entries.size };
  });
  return 'error' in read ? { kind: 'unreadable', error: read.error } : read.value;
}

async function zipsUnder(input: string): Promise<string[] | null> {
  const stat = await fs.stat(input).catch(() => null);
  if (!stat) throw new UsageError(`${input} does not exist`, kExpected);
  if (stat.isFile()) return null;
  const entries = await fs.readdir(input, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile() && e.name.endsWith('.zip')).map((e) => path.join(e.parentPath, e.name)).sort();
}

/** The test traces of one input; `scratch` is a folder the caller removes when done with them. */
async function tracesOf(input: string, scratch: string): Promise<ReadTraces> {
  const zips = await zipsUnder(input);
  if (zips === null) {
    if (!input.endsWith('.zip')) throw new UsageError(`${input} is not a trace zip`, kExpected);
    const zip = await classify(input, input, scratch);
    if (zip.kind === 'test') return { traces: [{ file: input, name: input, failure: zip.failure }], unreadable: [] };
    if (zip.kind === 'unreadable') return { traces: [], unreadable: [{ name: input, error: zip.error }] };
    if (zip.kind === 'artifact' && (zip.traces.length || zip.unreadable.length)) return { traces: zip.traces, unreadable: zip.unreadable };
    const holds = zip.kind === 'artifact' ? `only zips that are not test traces (${zip.others.slice(0, 3).join(', ')})` : `${zip.entries} entries, none of them ${kTestTraceEntry}`;
    throw new UsageError(`${input} holds no test trace: ${holds}`, kExpected);
  }
  if (!zips.length) throw new UsageError(`no trace zip in ${input}`, "the generated playwright config keeps a failing test's trace (trace: 'retain-on-failure') in test-results/");
  const traces: TestTrace[] = [];
  const others: string[] = [];
  const unreadable: UnreadableTrace[] = [];
  for (const file of zips) {
    const zip = await classify(file, file, scratch);
    if (zip.kind === 'test') traces.push({ file, name: file, failure: zip.failure });
    else if (zip.kind === 'artifact') {
      traces.push(...zip.traces);
      others.push(...zip.others);
      unreadable.push(...zip.unreadable);
    } else if (zip.kind === 'unreadable') unreadable.push({ name: file, error: zip.error });
    else others.push(file);
  }
  if (!traces.length && !unreadable.length) throw new UsageError(`no trace zip in ${input} is a test's trace (${others.length} other zip(s), e.g. ${others[0]})`, kExpected);
  return { traces, unreadable };
}

/**
 * Every test trace of `inputs`, in order, and the trace zips that could not be read; bad input (a
 * missing path, a zip or folder without a test trace, nothing readable at all) is a UsageError.
 */
export async function readTestTraces(inputs: string[], scratch: string): Promise<ReadTraces> {
  const read: ReadTraces = { traces: [], unreadable: [] };
  for (const input of inputs) {
    const one = await tracesOf(input, scratch);
    read.traces.push(...one.traces);
    read.unreadable.push(...one.unreadable);
  }
  if (!read.traces.length && read.unreadable[0]) throw read.unreadable[0].error;
  return read;
}

/** Every test trace of `inputs`, in order; any of them that cannot be read is bad input too (a UsageError). */
export async function testTraces(inputs: string[], scratch: string): Promise<TestTrace[]> {
  const read = await readTestTraces(inputs, scratch);
  if (read.unreadable[0]) throw read.unreadable[0].error;
  return read.traces;
}
