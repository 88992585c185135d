import fs from 'node:fs/promises';
import path from 'node:path';
import { errorMessage } from '../../core/errors.ts';
import { writeFileAtomic } from '../../core/io/atomic.ts';
import { newEntry, readStoredEntries, zipOf, type StoredEntry } from '../../core/io/zip-entries.ts';
import type { Session } from '../session.ts';
import { redactTraceZip } from './redact-trace.ts';
import { withStepShots } from './step-shots.ts';
import type { Secrets } from './secrets.ts';

/**
 * Tracing for a capture: DOM snapshots (which also turn on the network log), and per-action aria
 * snapshots and screenshots (`aria/<callId>-<phase>.json`, `screenshots/...`) that extract links
 * to each step by callId. Every action that changes the page has its own screenshot, so the
 * screencast (a JPEG frame at every repaint, the trace viewer's film strip) is off unless asked for
 * (`--screencast`): it cost about a seventh of a crawl's CPU time and extract only falls back to it
 * for a call without screenshots of its own.
 *
 * Playwright's per-action screenshots are PNGs before, during and after every action (three for a
 * click or a fill), each a page drawn and encoded: on the demo's 13-step plan they were a third of
 * the capture's CPU time (7.8 CPU-s against 5.4 without them). A capture whose browser runs here
 * takes one JPEG itself when a step has settled instead (step-shots.ts), and the trace gets it as
 * the step's `after` screenshot; a remote browser keeps Playwright's.
 */
export const kTraceOptions = {
  screenshots: false,
  snapshots: { dom: true, aria: true, screen: true },
  sources: false,
} as const;

export interface TraceChoices {
  /** Also record the screencast (the trace viewer's film strip). */
  screencast?: boolean;
  /** Capture takes the step screenshots itself (step-shots.ts): Playwright takes none per action. */
  stepShots?: boolean;
}

export async function startTracing(session: Session, name: string, title: string, choices: TraceChoices = {}): Promise<void> {
  const snapshots = { ...kTraceOptions.snapshots, screen: !choices.stepShots };
  await session.context.tracing.start({ ...kTraceOptions, snapshots, screenshots: choices.screencast ?? kTraceOptions.screenshots, name, title });
}

/** Places the step screenshots of trace `name` from `tracesDir` in the zip `file` (see step-shots.ts). */
async function addStepShots(file: string, tracesDir: string, name: string): Promise<void> {
  const stored = await readStoredEntries(file);
  const entries = await withStepShots(stored, tracesDir, name);
  if (entries.length !== stored.length || entries.some((entry, i) => entry !== stored[i])) await writeFileAtomic(file, zipOf(entries));
}

export interface StopTracingOptions {
  session: Session;
  /** Final zip path (`traces/<id>.zip`). */
  file: string;
  /** The launch's raw trace directory and the trace name: used when the browser died before stop. */
  tracesDir: string | null;
  name: string;
  secrets: Secrets;
}

/** Raw trace files Playwright writes while tracing, and their names inside a trace zip. */
function rawEntries(name: string): Record<string, string> {
  return { [`${name}.trace`]: 'trace.trace', [`${name}.network`]: 'trace.network', [`${name}.stacks`]: 'trace.stacks' };
}
const kRawDirs = ['resources', 'aria', 'screenshots', 'screencast'];

async function listFiles(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

/** Builds a trace zip from the raw files when `tracing.stop()` is impossible (the browser is gone). */
async function salvage(tracesDir: string, name: string, file: string): Promise<boolean> {
  const entries: StoredEntry[] = [];
  let found = false;
  for (const [raw, entry] of Object.entries(rawEntries(name))) {
    const data = await fs.readFile(path.join(tracesDir, raw)).catch(() => null);
    if (!data) continue;
    entries.push(newEntry(entry, data));
    found ||= entry === 'trace.trace';
  }
  if (!found) return false;
  for (const dir of kRawDirs) {
    for (const rel of await listFiles(path.join(tracesDir, dir))) {
      entries.push(newEntry(`${dir}/${rel.split(path.sep).join('/')}`, await fs.readFile(path.join(tracesDir, dir, rel))));
    }
  }
  await writeFileAtomic(file, zipOf(await withStepShots(entries, tracesDir, name)));
  return true;
}

/**
 * Stops tracing into `file` (or salvages the raw files), then redacts secrets in it. Returns
 * whether a trace was written, and a sentence when something went wrong.
 */
export async function stopTracing(options: StopTracingOptions): Promise<{ written: boolean; problem: string | null }> {
  const { session, file, tracesDir, name, secrets } = options;
  await fs.mkdir(path.dirname(file), { recursive: true });
  let written = false;
  let problem: string | null = null;
  if (!session.isClosed) {
    try {
      await session.context.tracing.stop({ path: file });
      written = true;
      if (tracesDir) await addStepShots(file, tracesDir, name).catch((err: unknown) => {
        problem = `the step screenshots were not added to the trace: ${errorMessage(err).split('\n')[0]}`;
      });
    } catch (err) {
      problem = `tracing.stop failed: ${errorMessage(err).split('\n')[0]}`;
    }
  }
  if (!written && tracesDir) {
    written = await salvage(tracesDir, name, file).catch(() => false);
    problem = written ? 'the trace was rebuilt from its raw files (the browser was gone)' : (problem ?? 'no trace could be saved (the browser was gone)');
  }
  if (written) await redactTraceZip(file, secrets);
  // The raw files hold secrets in clear text: never leave them behind.
  if (tracesDir) await fs.rm(tracesDir, { recursive: true, force: true }).catch(() => undefined);
  return { written, problem };
}

/**
 * The trace of a capture whose process was killed (no `tracing.stop`, no salvage at the end):
 * rebuilt from the raw files it left, redacted, and the raw files removed. Used by resume.
 */
export async function salvageOrphanTrace(options: { tracesDir: string; name: string; file: string; secrets: Secrets }): Promise<boolean> {
  const { tracesDir, name, file, secrets } = options;
  await fs.mkdir(path.dirname(file), { recursive: true });
  const written = await salvage(tracesDir, name, file).catch(() => false);
  if (written) await redactTraceZip(file, secrets);
  await fs.rm(tracesDir, { recursive: true, force: true }).catch(() => undefined);
  return written;
}
