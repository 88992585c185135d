import { kExtractVersion, type ActionRecord, type EdgeRecord, type ExtractManifest } from '../../core/schema/extract.ts';
import type { AriaLogLine, ReasoningLine } from '../../core/schema/logs.ts';
import { UsageError } from '../../core/errors.ts';
import { buildAction, isAction, pickScreenshot, screenshotTarget, type ScreenshotPick } from './actions.ts';
import { ModelBuilder, type Call, type TraceModel } from './model.ts';
import { trackNavigation, type NavigationResult } from './navigation.ts';
import { parseTraceFile, type ParsedTraceFile } from './parse.ts';
import { buildAria, buildConsole, buildNetwork } from './records.ts';
import { SecretScrubber, type Redaction } from './redact.ts';
import { buildSteps, planSteps, stepOfAction, type StepPlan } from './steps.ts';

/**
 * The pure core of extract: trace texts and sidecars in, file contents out. No file system, no
 * zip library, no clock: the same input always gives the same bytes. It runs in two stages so
 * that the shell can start copying screenshots as soon as they are known: `planExtract` (the
 * trace's model, and which zip entries become which screenshots) and `finishExtract` (the aria
 * files, then every record and file).
 */

export interface TraceFileText {
  /** Entry name, e.g. `trace.trace`, `test.trace`, `0-trace.trace`. */
  name: string;
  text: string;
  /** The `.network` companion, when present. */
  network: string | null;
}

export interface ExtractInput {
  /** Shown in messages and the manifest (the zip's base name). */
  zipName: string;
  sha256: string;
  bytes: number;
  sessionId: string | null;
  traceFiles: TraceFileText[];
  /** Every entry name in the zip. */
  entries: ReadonlySet<string>;
  /** Text of the `aria/*.json` entries. */
  ariaTexts: ReadonlyMap<string, string>;
  reasoning: ReasoningLine[] | null;
  ariaLog: AriaLogLine[] | null;
  hasHistory: boolean;
}

/** What `planExtract` reads: everything but the aria files. */
export type PlanInput = Omit<ExtractInput, 'ariaTexts'>;

/** The model of the trace and what is decided before the aria files are read. */
export interface ExtractPlan {
  input: PlanInput;
  files: ParsedTraceFile[];
  model: TraceModel;
  steps: StepPlan;
  calls: Call[];
  scrubber: SecretScrubber;
  redactions: Map<string, Redaction>;
  navigation: NavigationResult;
  /** Per action (by index), its screenshot, if any. */
  picks: (ScreenshotPick | null)[];
  /** Zip entries to copy into the extract dir, in action order. */
  copies: ExtractOutput['copies'];
}

export interface ExtractOutput {
  manifest: ExtractManifest;
  /** Relative path -> content, in a fixed order. */
  files: { path: string; text: string }[];
  /** Zip entries to copy into the extract dir. */
  copies: { from: string; to: string }[];
}

export function toJsonl(records: readonly unknown[]): string {
  let out = '';
  for (const record of records) out += JSON.stringify(record) + '\n';
  return out;
}

function traceOrigin(files: ParsedTraceFile[]): ExtractManifest['trace']['origin'] {
  const origins = new Set(files.map((f) => f.context?.origin ?? 'library'));
  return origins.size > 1 ? 'mixed' : origins.has('testRunner') ? 'testRunner' : 'library';
}

function browserNameOf(files: ParsedTraceFile[]): string | null {
  for (const f of files) if (f.context?.browserName) return f.context.browserName;
  return null;
}

/** Stage one: parses the trace into its model; picks each action's page, redactions and screenshot. */
export function planExtract(input: PlanInput): ExtractPlan {
  if (!input.traceFiles.length) throw new UsageError(`${input.zipName} holds no Playwright trace (no *.trace file)`);
  const builder = new ModelBuilder();
  const files = [...input.traceFiles]
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map((f) => {
      builder.startFile();
      return parseTraceFile(f.name, f.text, f.network, input.zipName, (event) => builder.add(event));
    });
  const model = builder.finish();
  const steps = planSteps(model);
  const calls: Call[] = model.calls.filter(isAction);
  const scrubber = new SecretScrubber();
  const redactions = new Map<string, Redaction>();
  for (const call of calls) redactions.set(call.callId, scrubber.redactCall(call, model));
  const navigation = trackNavigation(calls, model);
  const picks = calls.map((call) => pickScreenshot(call, navigation.byCall.get(call.callId)!.pageId, model, input.entries));
  const copies: ExtractOutput['copies'] = [];
  picks.forEach((pick, index) => {
    if (pick) copies.push({ from: pick.from, to: screenshotTarget(index, pick.from) });
  });
  return { input, files, model, steps, calls, scrubber, redactions, navigation, picks, copies };
}

/** Stage two: the aria files, then every record and the text of every file. */
export function finishExtract(planned: ExtractPlan, ariaTexts: ReadonlyMap<string, string>): ExtractOutput {
  const { input, files, model, steps: plan, calls, scrubber, redactions, navigation, copies } = planned;
  const aria = buildAria(model, ariaTexts, input.zipName, scrubber);
  const ariaIds = new Set(aria.map((a) => a.id));
  const ctx = {
    model, navigation, scrubber, redactions, ariaIds,
    stepOf: (call: Call) => (plan.source === 'action' ? null : stepOfAction(call, plan, model)),
  };
  const actions: ActionRecord[] = calls.map((call, index) => {
    const record = buildAction(call, index, planned.picks[index] ?? null, ctx);
    if (plan.source === 'action') record.step = index + 1;
    return record;
  });
  const steps = buildSteps(plan, actions, model, { reasoning: input.reasoning, ariaLog: input.ariaLog }, scrubber);
  const byCall = new Map(actions.map((a) => [a.callId, a]));
  const edges: EdgeRecord[] = navigation.edges.map((e) => ({
    from: e.from,
    to: e.to,
    fromUrl: scrubber.scrub(e.fromUrl),
    toUrl: scrubber.scrub(e.toUrl),
    callId: e.callId,
    apiName: byCall.get(e.callId)!.apiName,
    step: byCall.get(e.callId)!.step,
    confidence: e.confidence,
    inferredBy: e.inferredBy,
  }));
  const pages = new Map(actions.map((a) => [a.callId, a.pageId]));
  const network = buildNetwork(model, scrubber);
  const consoleRecords = buildConsole(model, calls, pages, scrubber);
  const jsonl: [string, readonly unknown[]][] = [
    ['actions.jsonl', actions], ['steps.jsonl', steps], ['aria.jsonl', aria], ['edges.jsonl', edges],
    ['network.jsonl', network], ['console.jsonl', consoleRecords],
  ];
  const first = files.find((f) => f.context && f.context.origin !== 'testRunner') ?? files[0]!;
  const context = first.context ?? undefined;
  const manifest: ExtractManifest = {
    version: kExtractVersion,
    sessionId: input.sessionId,
    source: { file: input.zipName, sha256: input.sha256, bytes: input.bytes },
    trace: {
      version: Math.max(...files.map((f) => f.version)),
      playwrightVersion: context?.playwrightVersion ?? null,
      origin: traceOrigin(files),
      browserName: browserNameOf(files),
      traceFiles: files.map((f) => f.name),
      startWallTime: model.startWallTime,
    },
    sidecars: { reasoning: input.reasoning !== null, ariaLog: input.ariaLog !== null, history: input.hasHistory },
    counts: {
      actions: actions.length, steps: steps.length, aria: aria.length, edges: edges.length,
      network: network.length, console: consoleRecords.length, screenshots: copies.length, redactions: actions.reduce((n, a) => n + a.redacted.length, 0),
    },
    files: [...jsonl.map(([name]) => name), ...copies.map((c) => c.to)],
  };
  return {
    manifest,
    files: [{ path: 'manifest.json', text: JSON.stringify(manifest, null, 2) + '\n' }, ...jsonl.map(([path, records]) => ({ path, text: toJsonl(records) }))],
    copies,
  };
}

export function extractRecords(input: ExtractInput): ExtractOutput {
  return finishExtract(planExtract(input), input.ariaTexts);
}
