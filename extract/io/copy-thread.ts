import { Worker } from 'node:worker_threads';
import { UsageError } from '../../core/errors.ts';
import type { EntryLocation, TraceReader } from '../../core/io/trace-zip.ts';

/**
 * Zip entries inflated on a thread of their own while the main thread parses the trace and builds
 * the records: the aria files come back as text, the screenshots are written to their files.
 * Creating files is most of what writing an extract costs (the kernel creates the files of one
 * directory one at a time, each in tens of microseconds, far more on a disk busy deleting), and
 * async writes only move on while the main thread is idle, which it is not while the core runs.
 * The thread reads entries straight from the zip in shared memory (no copy of it) and writes with
 * plain synchronous calls. One thread serves the whole process, one run after the other; it does
 * not keep the process alive while it has nothing to do.
 */

/** One entry to inflate, and the file to write it to (none: its text comes back). */
export interface CopyJob extends EntryLocation {
  file?: string;
}

/** How a run ended: done (with the texts asked for), stopped when asked, or the first job that failed and why. */
export type CopyOutcome =
  | { ok: true; texts: string[] }
  | { ok: false; kind: 'cancelled' }
  | { ok: false; index: number; kind: 'entry' }
  | { ok: false; index: number; kind: 'write'; error: Error };

/**
 * The thread's code: plain JavaScript, so that it runs the same under tsx, the test runner and the
 * built package (it loads no module of ours, and no loader is passed on to it). A run stops before
 * its next job once its `cancel` flag is set. An entry whose local header is not one, that ends
 * past the zip, or that does not inflate to its declared size is reported, not explained: the main
 * thread reads it again to word the error.
 */
const kSource = `
const { parentPort } = require('node:worker_threads');
const { writeFileSync } = require('node:fs');
const { inflateRawSync } = require('node:zlib');
const kLocalHeader = 0x04034b50;
function inflate(bytes, job) {
  const at = job.header;
  if (at + 30 > bytes.length || bytes.readUInt32LE(at) !== kLocalHeader) return null;
  const start = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
  const end = start + job.compressedSize;
  if (end > bytes.length) return null;
  try {
    const data = job.deflated ? inflateRawSync(bytes.subarray(start, end), { maxOutputLength: job.declared + 1 }) : bytes.subarray(start, end);
    return data.length === job.declared ? data : null;
  } catch {
    return null;
  }
}
parentPort.on('message', ({ id, zip, jobs, cancel }) => {
  const bytes = Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength);
  const texts = [];
  for (let index = 0; index < jobs.length; index++) {
    if (Atomics.load(cancel, 0) !== 0) return parentPort.postMessage({ id, ok: false, kind: 'cancelled' });
    const job = jobs[index];
    const data = inflate(bytes, job);
    if (data === null) return parentPort.postMessage({ id, ok: false, index, kind: 'entry' });
    if (job.file === undefined) {
      texts.push(data.toString('utf8'));
      continue;
    }
    try {
      writeFileSync(job.file, data);
    } catch (err) {
      return parentPort.postMessage({ id, ok: false, index, kind: 'write', message: err.message, code: err.code });
    }
  }
  parentPort.postMessage({ id, ok: true, texts });
});
`;

type Reply =
  | { id: number; ok: true; texts: string[] }
  | { id: number; ok: false; kind: 'cancelled' }
  | { id: number; ok: false; index: number; kind: 'entry' }
  | { id: number; ok: false; index: number; kind: 'write'; message: string; code?: string };

/** The process's copy thread and the runs it still owes an answer. */
interface Thread {
  worker: Worker;
  pending: Map<number, (outcome: CopyOutcome) => void>;
}

let thread: Thread | null = null;
let nextRun = 0;

function toOutcome(reply: Reply): CopyOutcome {
  if (reply.ok) return { ok: true, texts: reply.texts };
  if (reply.kind !== 'write') return reply;
  return { ok: false, index: reply.index, kind: 'write', error: Object.assign(new Error(reply.message), { code: reply.code }) };
}

/** The thread, started on first use (it takes tens of milliseconds to boot: call this early). */
export function copyThread(): Thread {
  if (thread) return thread;
  const worker = new Worker(kSource, { eval: true, execArgv: [] });
  const started: Thread = { worker, pending: new Map() };
  // A thread that dies answers every run it owed with why; the next run starts a new one.
  const fail = (error: Error) => {
    if (thread === started) thread = null;
    for (const answer of started.pending.values()) answer({ ok: false, index: 0, kind: 'write', error });
    started.pending.clear();
  };
  worker.on('message', (reply: Reply) => {
    const answer = started.pending.get(reply.id);
    started.pending.delete(reply.id);
    if (!started.pending.size) worker.unref();
    answer?.(toOutcome(reply));
  });
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`the copy thread exited (code ${code})`)));
  worker.unref();
  thread = started;
  return started;
}

/** A run of jobs on the thread: its outcome (never a rejection), and a way to stop it early. */
export interface CopyRun {
  outcome: Promise<CopyOutcome>;
  /** Stops the run before its next file and resolves once the thread writes nothing more for it. */
  cancel(): Promise<void>;
}

/** Writes every job on the thread; `zip` must live in shared memory (a SharedArrayBuffer), so the thread reads it in place. */
export function startCopies(zip: Uint8Array, jobs: CopyJob[]): CopyRun {
  if (!(zip.buffer instanceof SharedArrayBuffer)) throw new Error('the copy thread reads the zip from shared memory');
  const { worker, pending } = copyThread();
  const id = nextRun++;
  const cancel = new Int32Array(new SharedArrayBuffer(4));
  const outcome = new Promise<CopyOutcome>((resolve) => pending.set(id, resolve));
  worker.ref();
  worker.postMessage({ id, zip, jobs, cancel });
  return {
    outcome,
    cancel: async () => {
      Atomics.store(cancel, 0, 1);
      await outcome;
    },
  };
}

/** Jobs for `names`: each entry checked and located (a bad one throws here); `file(i)` names the file to write, if any. */
export async function entryJobs(reader: TraceReader, names: string[], file?: (index: number) => string): Promise<CopyJob[]> {
  const jobs: CopyJob[] = [];
  for (let i = 0; i < names.length; i++) jobs.push({ ...(await reader.locate(names[i]!)), ...(file ? { file: file(i) } : {}) });
  return jobs;
}

/** The texts of a run over `names`, or what went wrong: the entry's own error, or the write's. */
export async function runResult(run: CopyRun, reader: TraceReader, names: string[]): Promise<string[]> {
  const result = await run.outcome;
  if (result.ok) return result.texts;
  if (result.kind === 'cancelled') throw new Error('the zip entry thread was stopped');
  if (result.kind === 'write') throw result.error;
  // The thread only knows the entry is unreadable; reading it here says why.
  const name = names[result.index]!;
  await reader.data(name);
  throw new UsageError(`${reader.name}!${name} cannot be read (truncated or corrupt zip)`, 'record or copy the trace again');
}
