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
 * passed over, as long as it holds at least one test trace.
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

type ZipKind =
  | { kind: 'test'; failure: TraceFailure | null }
  | { kind: 'artifact'; traces: TestTrace[]; others: string[] }
  | { kind: 'other'; entries: number };

async function openZip(file: string, name: string): Promise<TraceReader> {
  try {
    return await openTraceZip(file);
  } catch (err) {
    throw new UsageError(`${name} is not a readable trace: ${errorMessage(err)}`, kExpected);
  }
}

/** Copies the zips inside an artifact out to `scratch` and reads each as a test trace; one level deep, as CI uploads them. */
/** The zip's failure, if its test failed; a trace that cannot be read is bad input. */
async function failureOf(zip: TraceReader, name: string): Promise<TraceFailure | null> {
  try {
    return await readFailure(zip);
  } catch (err) {
    throw new UsageError(`${name} is not a readable trace: ${errorMessage(err)}`, kExpected);
  }
}

async function artifactTraces(zip: TraceReader, name: string, scratch: string): Promise<{ traces: TestTrace[]; others: string[] }> {
  const traces: TestTrace[] = [];
  const others: string[] = [];
  const inner = [...zip.entries].filter((entry) => entry.endsWith('.zip')).sort();
  const dir = await fs.mkdtemp(path.join(scratch, 'artifact-'));
  for (const [i, entry] of inner.entries()) {
    const file = path.join(dir, `${i}.zip`);
    await fs.writeFile(file, await zip.data(entry));
    const innerName = `${name}!${entry}`;
    const reader = await openZip(file, innerName);
    if (reader.entries.has(kTestTraceEntry)) traces.push({ file, name: innerName, failure: await failureOf(reader, innerName) });
    else others.push(innerName);
  }
  return { traces, others };
}

async function classify(file: string, name: string, scratch: string): Promise<ZipKind> {
  const zip = await openZip(file, name);
  if (zip.entries.has(kTestTraceEntry)) return { kind: 'test', failure: await failureOf(zip, name) };
  if ([...zip.entries].some((entry) => entry.endsWith('.zip'))) return { kind: 'artifact', ...(await artifactTraces(zip, name, scratch)) };
  return { kind: 'other', entries: zip.entries.size };
}

async function zipsUnder(input: string): Promise<string[] | null> {
  const stat = await fs.stat(input).catch(() => null);
  if (!stat) throw new UsageError(`${input} does not exist`, kExpected);
  if (stat.isFile()) return null;
  const entries = await fs.readdir(input, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile() && e.name.endsWith('.zip')).map((e) => path.join(e.parentPath, e.name)).sort();
}

/** The test traces of one input; `scratch` is a folder the caller removes when done with them. */
async function tracesOf(input: string, scratch: string): Promise<TestTrace[]> {
  const zips = await zipsUnder(input);
  if (zips === null) {
    if (!input.endsWith('.zip')) throw new UsageError(`${input} is not a trace zip`, kExpected);
    const zip = await classify(input, input, scratch);
    if (zip.kind === 'test') return [{ file: input, name: input, failure: zip.failure }];
    if (zip.kind === 'artifact' && zip.traces.length) return zip.traces;
    const holds = zip.kind === 'artifact' ? `only zips that are not test traces (${zip.others.slice(0, 3).join(', ')})` : `${zip.entries} entries, none of them ${kTestTraceEntry}`;
    throw new UsageError(`${input} holds no test trace: ${holds}`, kExpected);
  }
  if (!zips.length) throw new UsageError(`no trace zip in ${input}`, "the generated playwright config keeps a failing test's trace (trace: 'retain-on-failure') in test-results/");
  const traces: TestTrace[] = [];
  const others: string[] = [];
  for (const file of zips) {
    const zip = await classify(file, file, scratch);
    if (zip.kind === 'test') traces.push({ file, name: file, failure: zip.failure });
    else if (zip.kind === 'artifact') {
      traces.push(...zip.traces);
      others.push(...zip.others);
    } else others.push(file);
  }
  if (!traces.length) throw new UsageError(`no trace zip in ${input} is a test's trace (${others.length} other zip(s), e.g. ${others[0]})`, kExpected);
  return traces;
}

/** Every test trace of `inputs`, in order; bad input (a missing path, a zip or folder without a test trace) is a UsageError. */
export async function testTraces(inputs: string[], scratch: string): Promise<TestTrace[]> {
  const traces: TestTrace[] = [];
  for (const input of inputs) traces.push(...(await tracesOf(input, scratch)));
  return traces;
}
