import fs from 'node:fs';
import path from 'node:path';
import { UsageError } from '../core/errors.ts';
import { readJsonLines } from '../core/io/read.ts';
import { kSessionIdPattern, type OutputPaths } from '../core/paths.ts';
import type { ExtractManifest } from '../core/schema/extract.ts';
import { AriaLogLine, ReasoningLine } from '../core/schema/logs.ts';
import { finishExtract, planExtract, type TraceFileText } from './records/extract-records.ts';
import { copyThread, entryJobs, runResult, startCopies, type CopyRun } from './io/copy-thread.ts';
import { VersionDir } from './io/write.ts';
import { openTraceZip, type TraceReader, type ZipLimits } from '../core/io/trace-zip.ts';

/** Orchestration: find the trace and sidecars, read them, run the pure core, write the dir. */

export interface ExtractOptions {
  paths: OutputPaths;
  cwd: string;
  limits?: ZipLimits;
}

export interface ExtractResult {
  id: string;
  dir: string;
  manifest: ExtractManifest;
}

interface Located {
  id: string;
  zip: string;
  /** The session whose sidecars to join, or null for a plain zip. */
  sessionId: string | null;
}

/** A session id (looked up in the output dir) or a path to any trace zip. */
export function locateTrace(target: string, options: ExtractOptions): Located {
  const asPath = path.resolve(options.cwd, target);
  const looksLikePath = target.endsWith('.zip') || target.includes('/') || target.includes(path.sep);
  if (looksLikePath || (!kSessionIdPattern.test(target) && fs.existsSync(asPath))) {
    // The id names the extract dir: a zip called `..zip` or `.zip` must not name `extract/..` or `extract/.`.
    const stem = path.basename(asPath).replace(/\.zip$/i, '');
    const id = /^\.*$/.test(stem) ? 'trace' : stem;
    const sessionId = kSessionIdPattern.test(id) && path.resolve(options.paths.trace(id)) === asPath ? id : null;
    return { id, zip: asPath, sessionId };
  }
  const zip = options.paths.trace(target);
  if (!fs.existsSync(zip)) {
    throw new UsageError(`no trace for session ${target}: ${zip} does not exist`, 'run `bu capture` first, see `bu runs list`, or pass a path to a trace zip');
  }
  return { id: target, zip, sessionId: target };
}

async function readOptionalLines<T>(read: () => Promise<T[]>, file: string): Promise<T[] | null> {
  return fs.existsSync(file) ? read() : null;
}

/** Reads every `*.trace` entry with its `.network` companion. */
export async function readTraceFiles(reader: TraceReader): Promise<TraceFileText[]> {
  const names = [...reader.entries].sort();
  const traceNames = names.filter((n) => n.endsWith('.trace') && !n.includes('/'));
  if (!traceNames.length) throw new UsageError(`${reader.name} holds no Playwright trace (no *.trace file)`, 'pass a zip written by Playwright tracing');
  const traceFiles: TraceFileText[] = [];
  for (const name of traceNames) {
    const networkName = name.replace(/\.trace$/, '.network');
    traceFiles.push({
      name,
      text: await reader.text(name),
      network: reader.entries.has(networkName) ? await reader.text(networkName) : null,
    });
  }
  return traceFiles;
}

/** The `aria/*.json` entries, in name order. */
export function ariaEntryNames(reader: TraceReader): string[] {
  return [...reader.entries].filter((name) => name.startsWith('aria/') && name.endsWith('.json')).sort();
}

/**
 * Extracts one trace into `extract/<id>/` and returns its manifest. The order is for overlap: a
 * thread inflates the aria files while this one parses the trace, then copies the screenshots
 * (named by the plan) while this one builds the records.
 */
export async function extractTrace(target: string, options: ExtractOptions): Promise<ExtractResult> {
  const located = locateTrace(target, options);
  // Booted first, if not yet running: it starts while the zip is opened.
  copyThread();
  let version: VersionDir | null = null;
  const runs: CopyRun[] = [];
  try {
    const reader = await openTraceZip(located.zip, options.limits);
    const traceFiles = await readTraceFiles(reader);
    const ariaNames = ariaEntryNames(reader);
    const ariaRun = startCopies(reader.zip, await entryJobs(reader, ariaNames));
    runs.push(ariaRun);
    const { paths } = options;
    const sid = located.sessionId;
    const reasoning = sid ? await readOptionalLines(() => readJsonLines(ReasoningLine, paths.reasoning(sid)), paths.reasoning(sid)) : null;
    const ariaLog = sid ? await readOptionalLines(() => readJsonLines(AriaLogLine, paths.ariaLog(sid)), paths.ariaLog(sid)) : null;
    const plan = planExtract({
      zipName: reader.name,
      sha256: reader.sha256,
      bytes: reader.bytes,
      sessionId: sid,
      traceFiles,
      entries: reader.entries,
      reasoning,
      ariaLog,
      hasHistory: sid ? fs.existsSync(paths.history(sid)) : false,
    });
    const dir = paths.extractDir(located.id);
    version = await VersionDir.open(dir);
    const shots = plan.copies.map((copy) => copy.from);
    const files = plan.copies.map((copy) => version!.file(copy.to));
    const copyRun = startCopies(reader.zip, await entryJobs(reader, shots, (i) => files[i]!));
    runs.push(copyRun);
    const ariaTexts = await runResult(ariaRun, reader, ariaNames);
    const output = finishExtract(plan, new Map(ariaNames.map((name, i) => [name, ariaTexts[i]!])));
    await version.commit(output.files, runResult(copyRun, reader, shots).then(() => undefined));
    return { id: located.id, dir, manifest: output.manifest };
  } finally {
    // Nothing may write into the version folder once it is removed (a no-op once a run is over).
    for (const run of runs) await run.cancel();
    await version?.discard();
  }
}
