import { Worker } from 'node:worker_threads';
import { UsageError } from '../../core/errors.ts';
import type { TraceReader } from './zip.ts';

/**
 * Screenshot copies on a thread of their own, while the main thread computes the records.
 * Creating files is most of what writing an extract costs (the kernel creates the files of one
 * directory one at a time, each in tens of microseconds, far more on a disk busy deleting), and
 * async writes only move on while the main thread is idle, which it is not while the core runs.
 * The thread inflates each entry straight from the zip in shared memory (no copy of it) and
 * writes it with plain synchronous calls. One thread serves the whole process, runs one after
 * the other; it does not keep the process alive while it has nothing to do.
 */

/** One file to write: the entry's stored bytes in the zip, and the path to write them inflated to. */
export interface CopyJob {
  start: number;
  end: number;
  deflated: boolean;
  /** The size the entry declares: anything else fails the job. */
  declared: number;
  file: string;
}

/** How a run ended: every file written, stopped when asked, or the first job that failed and why. */
export type CopyOutcome =
  | { ok: true }
  | { ok: false; kind: 'cancelled' }
  | { ok: false; index: number; kind: 'entry' }
  | { ok: false; index: number; kind: 'write'; error: Error };

/**
 * The thread's code: plain JavaScript, so that it runs the same under tsx, the test runner and the
 * built package (it loads no module of ours, and no loader is passed on to it). A run stops before
 * its next file once its `cancel` flag is set. An entry that does not inflate to its declared size
 * is reported, not explained: the main thread reads it again to word the error.
 */
const kSource = `
const { parentPort } = require('node:worker_threads');
const { writeFileSync } = require('node:fs');
const { inflateRawSync } = require('node:zlib');
parentPort.on('message', ({ id, zip, jobs, cancel }) => {
  const bytes = Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength);
  for (let index = 0; index < jobs.length; index++) {
    if (Atomics.load(cancel, 0) !== 0) return parentPort.postMessage({ id, ok: false, kind: 'cancelled' });
    const job = jobs[index];
    let data = null;
    try {
      const raw = bytes.subarray(job.start, job.end);
      data = job.deflated ? inflateRawSync(raw, { maxOutputLength: job.declared + 1 }) : raw;
    } catch {}
    if (data === null || data.length !== job.declared) return parentPort.postMessage({ id, ok: false, index, kind: 'entry' });
    try {
      writeFileSync(job.file, data);
    } catch (err) {
      return parentPort.postMessage({ id, ok: false, index, kind: 'write', message: err.message, code: err.code });
    }
  }
  parentPort.postMessage({ id, ok: true });
});
`;

type Reply =
  | { id: number; ok: true }
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
  if (reply.ok) return { ok: true };
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

/** A zip entry to write to a file. */
export interface Copy {
  from: string;
  file: string;
}

/** The jobs for `copies`: each entry checked and located in the zip (a bad one throws here). */
export async function copyJobs(reader: TraceReader, copies: Copy[]): Promise<CopyJob[]> {
  const jobs: CopyJob[] = [];
  for (const copy of copies) jobs.push({ ...(await reader.span(copy.from)), file: copy.file });
  return jobs;
}

/** Throws what went wrong in a run of `copies`: the entry's own error, or the write's. */
export async function checkCopies(run: CopyRun, reader: TraceReader, copies: Copy[]): Promise<void> {
  const result = await run.outcome;
  if (result.ok) return;
  if (result.kind === 'cancelled') throw new Error('the screenshot copies were cancelled');
  if (result.kind === 'write') throw result.error;
  // The thread only knows the entry does not inflate to its size; reading it here says how.
  const from = copies[result.index]!.from;
  await reader.data(from);
  throw new UsageError(`${reader.name}!${from} cannot be read (truncated or corrupt zip)`, 'record or copy the trace again');
}
