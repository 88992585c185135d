import { describeIssues, UsageError } from '../../core/errors.ts';
import { kEventSchemas, type ContextOptionsEvent, type TraceEvent } from './events.ts';
import { compileAccept, type Accept } from './fast-accept.ts';
import { isRaw, kMaxTraceVersion, kMinTraceVersion, Modernizer } from './modernize.ts';

/** What is kept of one `*.trace` file once its events went to the model. */
export interface ParsedTraceFile {
  name: string;
  /** The format version the file was written with. */
  version: number;
  /** The file's first event when it is its `context-options`. */
  context: ContextOptionsEvent | null;
}

/** Where parsed events go, one at a time, in file order. */
export type EventSink = (event: TraceEvent) => void;

/** Per event type, the quick check compiled from its schema; the schema runs only when it says no. */
const kEventAccepts = new Map<string, Accept>(Object.entries(kEventSchemas).map(([type, schema]) => [type, compileAccept(schema)]));

export class TraceVersionError extends UsageError {}

export function checkVersion(version: number, where: string): void {
  if (version > kMaxTraceVersion) {
    throw new TraceVersionError(
      `${where}: trace format version ${version} is newer than this brow-use supports (max ${kMaxTraceVersion}): upgrade brow-use`,
    );
  }
  if (version < kMinTraceVersion) {
    throw new TraceVersionError(
      `${where}: trace format version ${version} is older than this brow-use reads (min ${kMinTraceVersion}): record the trace again with a recent Playwright`,
    );
  }
}

/** Reads the version from the first non-empty line (`context-options`), or null when it is not there. */
export function sniffVersion(text: string): number | null {
  const end = text.indexOf('\n');
  const first = (end < 0 ? text : text.slice(0, end)).trim();
  if (!first) return null;
  try {
    const value: unknown = JSON.parse(first);
    if (isRaw(value) && value.type === 'context-options' && typeof value.version === 'number') return value.version;
  } catch {
    return null;
  }
  return null;
}

/**
 * Parses JSONL trace events into `sink`. `version` is the file's format version (a `.network` file
 * takes the version of its `.trace` file). Errors name `source:line`. Returns the first event.
 */
export function parseEvents(text: string, source: string, version: number, sink: EventSink): TraceEvent | null {
  checkVersion(version, source);
  const modernizer = new Modernizer(version);
  let first: TraceEvent | null = null;
  let lineNo = 0;
  let start = 0;
  while (start <= text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    lineNo++;
    const line = text.slice(start, end);
    start = end + 1;
    if (!line.trim()) continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (err) {
      throw new UsageError(`${source}:${lineNo}: not valid JSON (${err instanceof Error ? err.message : String(err)})`);
    }
    if (!isRaw(value) || typeof value.type !== 'string') {
      throw new UsageError(`${source}:${lineNo}: not a trace event (expected an object with a "type")`);
    }
    if (value.type === 'context-options' && typeof value.version === 'number') checkVersion(value.version, `${source}:${lineNo}`);
    // A Map, not the schema object: a type such as `constructor` is not an own key and is skipped.
    const accept = kEventAccepts.get(value.type);
    if (!accept) continue;
    const migrated = modernizer.migrate(value);
    let event: TraceEvent;
    if (accept(migrated)) {
      event = migrated as TraceEvent;
    } else {
      const parsed = kEventSchemas[value.type]!.safeParse(migrated);
      if (!parsed.success) throw new UsageError(`${source}:${lineNo}: ${value.type} event: ${describeIssues(parsed.error)}`);
      event = parsed.data;
    }
    first ??= event;
    sink(event);
  }
  return first;
}

/** Parses a `.trace` file and its optional `.network` companion into `sink`. */
export function parseTraceFile(name: string, text: string, network: string | null, zipName: string, sink: EventSink): ParsedTraceFile {
  const source = `${zipName}!${name}`;
  const version = sniffVersion(text);
  if (version === null) throw new UsageError(`${source}:1: not a Playwright trace (the first line is not a context-options event with a version)`);
  const first = parseEvents(text, source, version, sink);
  if (network !== null) parseEvents(network, `${zipName}!${name.replace(/\.trace$/, '.network')}`, version, sink);
  return { name, version, context: first?.type === 'context-options' ? first : null };
}
