import fs from 'node:fs/promises';
import path from 'node:path';
import { UsageError } from '../core/errors.ts';
import { writeFileAtomic } from '../core/io/atomic.ts';
import { insideDir, type OutputPaths } from '../core/paths.ts';
import type { PageModel } from '../core/schema/page-model.ts';
import { emitAll, resolveWrite, type GeneratedFile } from './emit/emit.ts';
import { OpenAINamer, modelConfigured } from './llm/openai-namer.ts';
import { kNoNamer, type Namer } from './llm/namer.ts';
import { loadRun, type LoadedRun } from './load.ts';
import { typedValues } from './model/flows.ts';
import { withHeldOutcomes } from './model/held-outcomes.ts';
import { DomCheck } from './verify/dom-check.ts';
import { appTestIdAttribute, buildPageModel, type PageModelOptions } from './model/build.ts';
import type { RunInput } from './model/inputs.ts';
import { assignNames, type Names } from './names/assign.ts';

/**
 * `bu generate`: extracted runs -> page model -> names (derived, or improved by a cached model
 * answer) -> page objects, workflows, specs, docs under `--out`, merged with what is there.
 */

export type LlmMode = 'off' | 'auto' | 'on';

/** Session ids name files under --out (histories, replay specs): no separators, no `..`. */
const kSafeSessionId = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;


export interface GenerateOptions {
  sessions: string[];
  outDir: string;
  paths: OutputPaths;
  cwd: string;
  env: NodeJS.ProcessEnv;
  llm: LlmMode;
  log(message: string): void;
  /** Replaces the model-backed namer (tests). */
  namer?: Namer;
  /** Check locators against the recorded DOM snapshots in a browser (default true). */
  verify?: boolean;
  /** The project's brow-use.config.ts and its `baseURL`: the generated Playwright config reads it. */
  project?: { file: string; baseURL: string | null } | null;
}

export interface GenerateResult {
  outDir: string;
  model: string;
  pages: number;
  flows: number;
  written: string[];
  unchanged: string[];
  /** Files left alone because they already exist (playwright.config.ts, tsconfig.json). */
  skipped: string[];
  diagnostics: number;
  /** Element locators checked against the recorded DOM snapshots (see PageModel.locatorCheck). */
  locators: PageModel['locatorCheck'];
  llmCalls: number;
}

export function chooseNamer(options: GenerateOptions): Namer {
  if (options.namer) return options.namer;
  const wanted = options.llm === 'on' || (options.llm === 'auto' && modelConfigured(options.env));
  if (!wanted) return kNoNamer;
  return new OpenAINamer({
    env: options.env,
    cacheDir: path.join(options.paths.stateDir, 'cache', 'generate'),
    logFile: options.sessions[0] ? options.paths.llmLog(options.sessions[0]) : null,
  });
}

/** `file` as an import from a module in `dir`: `../brow-use.config.ts`. */
function moduleSpecifier(dir: string, file: string): string {
  const relative = path.relative(dir, file).split(path.sep).join('/');
  return relative.startsWith('.') ? relative : `./${relative}`;
}

/**
 * The pure part: model and names for loaded runs. `settle` may check the model against what was
 * recorded (the flows' outcomes against their last DOM snapshots) before anything is named.
 */
export async function modelAndNames(runs: RunInput[], namer: Namer, modelOptions: PageModelOptions = {}, settle?: (model: PageModel) => Promise<PageModel>): Promise<{ model: PageModel; names: Names }> {
  let model = buildPageModel(runs, modelOptions);
  if (settle) model = await settle(model);
  const derived = assignNames(model, null);
  const proposals = await namer.propose(model, derived);
  return { model, names: proposals ? assignNames(model, proposals) : derived };
}

export async function generate(options: GenerateOptions): Promise<GenerateResult> {
  if (!options.sessions.length) throw new UsageError('bu generate needs at least one session id', 'see `bu runs list`');
  for (const sessionId of options.sessions) {
    if (!kSafeSessionId.test(sessionId)) {
      throw new UsageError(`${JSON.stringify(sessionId)} is not a session id`, 'pass ids like explore-1714062110123 (see `bu runs list`)');
    }
  }
  const outDir = path.resolve(options.cwd, options.outDir);
  const runs = [];
  for (const sessionId of options.sessions) {
    options.log(`reading ${sessionId}`);
    const run = await loadRun(sessionId, { paths: options.paths, cwd: options.cwd, log: options.log });
    // Generated code opens pages relative to a base URL: a run must start on a page an origin serves.
    const start = URL.canParse(run.input.history.startUrl) ? new URL(run.input.history.startUrl) : null;
    if (start?.protocol !== 'http:' && start?.protocol !== 'https:') {
      throw new UsageError(`${sessionId} starts at ${run.input.history.startUrl}, not at an http(s) address: generated code could not open it`, 'serve the app over http (a local static server will do for files) and capture it again');
    }
    runs.push(run);
  }
  const check = options.verify === false ? null : await openDomCheck(runs, options);
  const namer = chooseNamer(options);
  let built: { model: PageModel; names: Names };
  try {
    if (check) await addEvidence(runs, check);
    if (namer.kind === 'llm') options.log('asking the model for names (cached answers are reused)');
    built = await modelAndNames(runs.map((r) => r.input), namer, { baseURL: options.project?.baseURL ?? null }, check ? (model) => heldOutcomes(model, check) : undefined);
  } finally {
    await check?.close();
  }
  const { model, names } = built;
  options.log(`page model: ${model.pages.length} pages, ${model.edges.length} edges, ${model.flows.length} flows, ${model.diagnostics.length} notes`);
  const counts = model.locatorCheck;
  options.log(`locators: ${counts.found} found only the recorded element in its DOM snapshots, ${counts.positional} did so by position alone, ${counts.failed} did not (see model.json diagnostics), ${counts.unchecked} unchecked`);
  const files = emitAll(model, names, {
    histories: new Map(runs.map((r) => [r.input.sessionId, { text: r.historyText, steps: r.input.history.steps }])),
    projectConfig: options.project ? moduleSpecifier(outDir, options.project.file) : null,
  });
  const result: GenerateResult = {
    outDir, model: path.join(outDir, 'model.json'), pages: model.pages.length, flows: model.flows.length,
    written: [], unchanged: [], skipped: [], diagnostics: model.diagnostics.length, locators: model.locatorCheck, llmCalls: 0,
  };
  for (const file of files) await writeOne(outDir, file, result);
  if (namer instanceof OpenAINamer) result.llmCalls = namer.calls;
  options.log(`wrote ${result.written.length} files, ${result.unchanged.length} unchanged, under ${outDir}`);
  return result;
}

/** A browser to check the runs against their recorded DOM snapshots (see verify/), or null. */
function openDomCheck(runs: LoadedRun[], options: GenerateOptions): Promise<DomCheck | null> {
  const inputs = runs.map((r) => r.input);
  return DomCheck.open(runs.map((r) => ({
    sessionId: r.input.sessionId,
    history: r.input.history,
    actions: r.actions,
    tracePath: r.tracePath,
    typed: typedValues(r.input.history.steps, r.input.history.variables),
  })), { testIdAttribute: appTestIdAttribute(inputs), env: options.env, log: options.log });
}

/** Every way to find each step's element, checked in the step's recorded DOM snapshot. */
async function addEvidence(runs: LoadedRun[], check: DomCheck): Promise<void> {
  const evidence = await check.steps();
  for (const { input } of runs) {
    const found = evidence.get(input.sessionId);
    if (found) input.evidence = found;
  }
}

/** The flows' outcomes that hold in their last recorded DOM snapshots (see model/held-outcomes.ts). */
async function heldOutcomes(model: PageModel, check: DomCheck): Promise<PageModel> {
  const held = new Map<string, boolean[]>();
  for (const flow of model.flows) {
    const verdicts = await check.outcomes(flow.sessionId, flow.outcomes);
    if (verdicts) held.set(flow.sessionId, verdicts);
  }
  return withHeldOutcomes(model, held);
}

async function writeOne(outDir: string, file: GeneratedFile, result: GenerateResult): Promise<void> {
  let target: string;
  try {
    target = insideDir(outDir, file.file);
  } catch {
    throw new UsageError(`refusing to write ${file.file}: it would land outside ${outDir}`);
  }
  const existing = await fs.readFile(target, 'utf8').catch(() => null);
  const text = resolveWrite(file, existing);
  if (text === null) result.skipped.push(file.file);
  else if (text === existing) result.unchanged.push(file.file);
  else {
    await writeFileAtomic(target, text);
    result.written.push(file.file);
  }
}
