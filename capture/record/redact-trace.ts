import { writeFileAtomic } from '../../core/io/atomic.ts';
import { entryData, readStoredEntries, withData, zipOf } from '../../core/io/zip-entries.ts';
import type { Provenance } from '../../core/secret-provenance.ts';
import type { Secrets } from './secrets.ts';

/**
 * Playwright stores fill values, POST bodies, input values and echoed text in clear in the trace
 * events, the network log, `resources/` and DOM and aria snapshots. After tracing stops, the zip
 * is rewritten by provenance (see core/secret-provenance.ts), read in time order: a secret counts as typed
 * from the first call that typed it (`fill`, `type`, ...); everything recorded before that is the
 * app's own and is kept, and teaches which surroundings of the secret belong to the app. After it,
 * typed positions (call values, `__playwright_value_`, field text in aria snapshots, request bodies)
 * lose every spelling of the secret, and other text loses it as `Provenance.redact` says.
 */

/** Calls whose params carry text typed into the page. */
const kTypingMethods = new Set(['fill', 'type', 'press', 'pressSequentially', 'insertText', 'keyboardType', 'keyboardInsertText']);
/** Aria roles whose `text` is a field's value. */
const kValueRoles = new Set(['textbox', 'searchbox', 'spinbutton', 'combobox', 'slider']);
/** Binary entries: a screenshot holds no secret bytes, and rewriting one could break it. */
const kImage = /\.(?:jpe?g|png|webp|gif)$/i;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

interface Line {
  raw: string;
  json: Json | null;
  /** Monotonic time of the event when it has one. */
  time: number | null;
}

function parseLines(text: string): Line[] {
  return text.split('\n').map((raw) => {
    let json: Json | null = null;
    try {
      json = raw ? (JSON.parse(raw) as Json) : null;
    } catch {
      json = null;
    }
    const record = json && typeof json === 'object' && !Array.isArray(json) ? json : null;
    const snapshot = record?.snapshot && typeof record.snapshot === 'object' && !Array.isArray(record.snapshot) ? record.snapshot : null;
    const time = [record?.startTime, record?.time, record?.timestamp, snapshot?._monotonicTime].find((value) => typeof value === 'number');
    return { raw, json, time: typeof time === 'number' ? time : null };
  });
}

function field(value: Json | undefined, key: string): Json | undefined {
  return value && typeof value === 'object' && !Array.isArray(value) ? value[key] : undefined;
}

/** Every string of a JSON value, each with whether it is a typed position. */
function walk(value: Json, typed: boolean, visit: (text: string, typed: boolean) => string): Json {
  if (typeof value === 'string') return visit(value, typed);
  if (Array.isArray(value)) return value.map((item) => walk(item, typed, visit));
  if (value && typeof value === 'object') {
    const valueRole = typeof value.role === 'string' && kValueRoles.has(value.role);
    const out: Record<string, Json> = {};
    for (const [key, item] of Object.entries(value)) {
      const typedHere = typed || key === '__playwright_value_' || key === 'postData' || (valueRole && key === 'text') || key === 'cookies';
      out[key] = walk(item, typedHere, visit);
    }
    return out;
  }
  return value;
}

interface Timeline {
  /** Per secret: index in trace.trace and monotonic time of the first call that typed it. */
  typedAt: Map<string, { line: number; time: number }>;
  /** Call ids of typing calls (their logs name the typed value). */
  typingCalls: Set<string>;
  /** Start time of each call, for `aria/<callId>-<phase>.json`. */
  callTimes: Map<string, number>;
}

function timeline(lines: Line[], provenance: Provenance, typedLive: readonly string[]): Timeline {
  const typedAt = new Map<string, { line: number; time: number }>();
  const typingCalls = new Set<string>();
  const callTimes = new Map<string, number>();
  lines.forEach((line, index) => {
    if (field(line.json ?? undefined, 'type') !== 'before') return;
    const callId = field(line.json!, 'callId');
    if (typeof callId === 'string' && line.time !== null) callTimes.set(callId, line.time);
    const method = field(line.json!, 'method');
    if (typeof method !== 'string' || !kTypingMethods.has(method)) return;
    if (typeof callId === 'string') typingCalls.add(callId);
    const params = field(line.json!, 'params');
    const typedText = [field(params, 'value'), field(params, 'text')].filter((value) => typeof value === 'string').join('\n');
    for (const name of provenance.namesIn(typedText)) if (!typedAt.has(name)) typedAt.set(name, { line: index, time: line.time ?? 0 });
  });
  // Typed during this part according to capture, yet no typing call shows it: from the start, to be safe.
  for (const name of typedLive) if (!typedAt.has(name)) typedAt.set(name, { line: -1, time: -Infinity });
  return { typedAt, typingCalls, callTimes };
}

export async function redactTraceZip(file: string, secrets: Secrets): Promise<{ entries: number; hits: number }> {
  if (secrets.isEmpty) return { entries: 0, hits: 0 };
  const stored = await readStoredEntries(file);
  // Screenshots are never rewritten, so they are never inflated either.
  const plain = new Map(stored.filter((entry) => !kImage.test(entry.name)).map((entry) => [entry.name, entryData(entry)]));
  const { redacted, hits } = redactTraceEntries(plain, secrets.provenance);
  if (!hits) return { entries: stored.length, hits };
  // Only what the redaction changed is compressed again; every other entry is copied as stored.
  const out = stored.map((entry) => {
    const before = plain.get(entry.name);
    const after = redacted.get(entry.name);
    return before && after && after !== before && !after.equals(before) ? withData(entry, after) : entry;
  });
  await writeFileAtomic(file, zipOf(out));
  return { entries: stored.length, hits };
}

/** The redaction itself, pure over the zip's entries (name -> bytes). */
export function redactTraceEntries(entries: ReadonlyMap<string, Buffer>, live: Provenance): { redacted: Map<string, Buffer>; hits: number } {
  // Read from its start: what capture learned of the app's text is kept, nothing counts as typed yet.
  const provenance = live.fork();
  const traceNames = [...entries.keys()].filter((name) => name.endsWith('.trace'));
  const networkNames = [...entries.keys()].filter((name) => name.endsWith('.network'));
  const traces = new Map(traceNames.map((name) => [name, parseLines(entries.get(name)!.toString('utf8'))]));
  const networks = new Map(networkNames.map((name) => [name, parseLines(entries.get(name)!.toString('utf8'))]));
  const allTrace = [...traces.values()].flat();
  const { typedAt, typingCalls, callTimes } = timeline(allTrace, provenance, live.typedNames);
  const typedBy = (time: number | null, line?: number) =>
    [...typedAt].filter(([, at]) => (line !== undefined ? line >= at.line : time === null || time >= at.time)).map(([name]) => name);
  const before = (time: number | null) => typedBy(time).length === 0;

  // Which resources and aria files were recorded before any typing, and which are request bodies.
  const resourceTimes = new Map<string, number | null>();
  const bodies = new Set<string>();
  for (const lines of networks.values()) {
    for (const line of lines) {
      const request = field(field(line.json ?? undefined, 'snapshot'), 'request');
      const body = field(field(request, 'postData'), '_file');
      if (typeof body === 'string') bodies.add(body);
      for (const match of line.raw.matchAll(/"_file":"([^"]+)"/g)) {
        const seen = resourceTimes.get(match[1]!);
        resourceTimes.set(match[1]!, seen === undefined || (seen !== null && line.time !== null && line.time < seen) ? line.time : seen);
      }
    }
  }
  const ariaTime = (name: string) => {
    const callId = /^aria\/(.+)-[a-z]+\.json$/.exec(name)?.[1];
    return callId ? (callTimes.get(callId) ?? null) : null;
  };

  // Pass 1: learn the app's own contexts from everything recorded before the secret was typed.
  const learnJson = (json: Json | null, raw: string) => {
    if (json === null) provenance.learn(raw);
    else walk(json, false, (text) => (provenance.learn(text), text));
  };
  const learnFor = (names: string[], fn: () => void) => {
    // Learning only touches secrets not typed yet; the typed ones are set for the duration.
    for (const name of names) provenance.markTyped(name);
    fn();
    provenance.clearTyped();
  };
  for (const lines of traces.values()) lines.forEach((line, index) => line.raw && provenance.mayContain(line.raw) && learnFor(typedBy(null, index), () => learnJson(line.json, line.raw)));
  for (const lines of networks.values()) for (const line of lines) if (line.raw && provenance.mayContain(line.raw)) learnFor(typedBy(line.time), () => learnJson(line.json, line.raw));
  for (const [name, data] of entries) {
    if (kImage.test(name) || bodies.has(name) || traces.has(name) || networks.has(name)) continue;
    const time = name.startsWith('aria/') ? ariaTime(name) : (resourceTimes.get(name) ?? null);
    if (time === null || !before(time)) continue;
    const text = data.toString('utf8');
    if (provenance.mayContain(text)) learnFor([], () => learnJson(name.endsWith('.json') ? safeParse(text) : null, text));
  }

  // Pass 2: redact what was recorded once a secret was typed.
  let hits = 0;
  const redactString = (text: string, typed: boolean) => {
    const result = provenance.redact(text, typed ? 'typed' : 'shown');
    hits += result.hits;
    return result.text;
  };
  const redactLine = (line: Line, typedNames: string[], typedPosition: boolean): string => {
    if (!typedNames.length || !line.raw || !provenance.mayContain(line.raw)) return line.raw;
    return withTyped(provenance, typedNames, () => {
      if (line.json === null) return redactString(line.raw, typedPosition);
      const callId = field(line.json, 'callId');
      const typedLog = field(line.json, 'type') === 'log' && typeof callId === 'string' && typingCalls.has(callId);
      const before = hits;
      const out = isTypingCall(line.json) ? redactTypingCall(line.json, redactString) : walk(line.json, typedPosition || typedLog, redactString);
      return hits === before ? line.raw : JSON.stringify(out);
    });
  };
  const redacted = new Map<string, Buffer>();
  for (const [name, lines] of traces) redacted.set(name, Buffer.from(lines.map((line, index) => redactLine(line, typedBy(null, index), false)).join('\n'), 'utf8'));
  for (const [name, lines] of networks) redacted.set(name, Buffer.from(lines.map((line) => redactLine(line, typedBy(line.time), false)).join('\n'), 'utf8'));
  for (const [name, data] of entries) {
    if (redacted.has(name)) continue;
    if (kImage.test(name)) {
      redacted.set(name, data);
      continue;
    }
    const time = name.startsWith('aria/') ? ariaTime(name) : bodies.has(name) ? null : (resourceTimes.get(name) ?? null);
    // A body sent after typing, or a file with no time: redacted as typed so far (bodies as typed positions).
    const names = bodies.has(name) || time === null ? provenance.names.filter((secret) => typedAt.has(secret)) : typedBy(time);
    const text = data.toString('utf8');
    if (!names.length || !provenance.mayContain(text)) {
      redacted.set(name, data);
      continue;
    }
    const json = name.endsWith('.json') ? safeParse(text) : null;
    const out = withTyped(provenance, names, () => (json !== null ? JSON.stringify(walk(json, bodies.has(name), redactString)) : redactString(text, bodies.has(name))));
    redacted.set(name, out === text ? data : Buffer.from(out, 'utf8'));
  }
  return { redacted, hits };
}

/** A typing call: what it typed (`params.value`, `params.text`) is a typed position, the rest is not. */
function redactTypingCall(json: Json, redactString: (text: string, typed: boolean) => string): Json {
  const out = walk(json, false, redactString) as Record<string, Json>;
  const params = field(json, 'params');
  if (params && typeof params === 'object' && !Array.isArray(params)) {
    const typed = { ...(out.params as Record<string, Json>) };
    for (const key of ['value', 'text']) if (typeof params[key] === 'string') typed[key] = redactString(params[key], true);
    out.params = typed;
  }
  return out;
}

function isTypingCall(json: Json): boolean {
  const method = field(json, 'method');
  return field(json, 'type') === 'before' && typeof method === 'string' && kTypingMethods.has(method);
}

function safeParse(text: string): Json | null {
  try {
    return JSON.parse(text) as Json;
  } catch {
    return null;
  }
}

function withTyped<T>(provenance: Provenance, names: readonly string[], fn: () => T): T {
  for (const name of names) provenance.markTyped(name);
  try {
    return fn();
  } finally {
    provenance.clearTyped();
  }
}
