import fs from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { runCli, type CliResult } from './cli.ts';
import { processTreeMeter } from './cpu-time.ts';
import { kResetCommandEnv } from '../core/changes-data.ts';
import { PageModel } from '../core/schema/page-model.ts';
import { ReplayReport } from '../core/schema/replay-report.ts';
import { runGeneratedSpecs, typecheckGenerated } from './generate/pipeline.ts';
import { tempWorkspace } from './generate/on-disk.ts';
import type { ConformanceStage, RealApp } from './apps/index.ts';
import { resetCommand } from './apps/serve.ts';

/**
 * The real-app conformance pipeline, as a new user runs it on an app this project did not write:
 * `bu capture explore` with the crawler (a small step budget) -> `bu extract` -> `bu generate`
 * -> `tsc --strict` on the generated project -> the generated specs under Playwright Test ->
 * `bu replay`, each on the app as it was recorded. Every stage is timed; the first that fails
 * stops the run and is reported with its output.
 */

export const kStages: readonly ConformanceStage[] = ['explore', 'extract', 'generate', 'tsc', 'specs', 'replay'];
export type Stage = ConformanceStage;

export interface StageResult {
  stage: Stage;
  ok: boolean;
  ms: number;
  /** CPU time of the harness and of every process the stage ran, when measured (with `log`, where /proc is). */
  cpuMs: number | null;
  /** The tail of the stage's output when it failed. */
  detail: string | null;
}

export interface ConformanceResult {
  app: string;
  stages: StageResult[];
  /** The first stage that failed, or null when every stage passed. */
  failed: Stage | null;
  sessionId: string | null;
  /** The written plan's session, when the app has a plan. */
  planSessionId: string | null;
  /** Actions the crawler recorded. */
  actions: number | null;
  /** Generated page objects, and specs Playwright ran (passed of total). */
  pages: number | null;
  specs: { passed: number; total: number } | null;
  /** Element locators checked against the recorded DOM snapshots at generate time. */
  locators: PageModel['locatorCheck'] | null;
}

/** Enough of a failing stage's output to see why. */
const kDetailChars = 4_000;
const kDefaultMaxSteps = 8;
/** Each CLI stage gets this long: a crawl of a few steps or a replay takes well under it. */
const kStageTimeoutMs = 240_000;

function tail(text: string): string {
  return text.length > kDetailChars ? `…${text.slice(-kDetailChars)}` : text;
}

function cliDetail(result: CliResult): string {
  return tail(`exit ${result.code}${result.signal ? ` (${result.signal})` : ''}\n${result.stderr}\n${result.stdout}`);
}

export interface ConformanceOptions {
  keep?: boolean;
  log?: (line: string) => void;
  /**
   * The first stage not to run: the run ends, with every stage before it, where the app's known
   * failure begins (the suite's run of such an app; the bench runs every stage).
   */
  stopBefore?: Stage;
}

/** Runs every stage on one app (or those before `stopBefore`) and returns what happened; never throws for a failing stage. */
export async function runConformance(app: RealApp, options: ConformanceOptions = {}): Promise<ConformanceResult> {
  const log = options.log ?? (() => undefined);
  const last = options.stopBefore ? kStages.indexOf(options.stopBefore) : kStages.length;
  const ws = tempWorkspace(`conformance-${app.name}`);
  const result: ConformanceResult = { app: app.name, stages: [], failed: null, sessionId: null, planSessionId: null, actions: null, pages: null, specs: null, locators: null };
  const sessions = () => [result.sessionId!, ...(result.planSessionId ? [result.planSessionId] : [])];
  // Measured for the log only: the meter reads /proc five times a second.
  const meter = options.log ? processTreeMeter() : null;
  const cpuNow = () => meter?.ms() ?? null;
  const cpuSince = (before: number | null) => {
    const now = cpuNow();
    return now === null || before === null ? null : Math.round(now - before);
  };
  const seconds = (ms: number | null) => (ms === null ? '?' : (ms / 1000).toFixed(1));
  const startedAt = performance.now();
  const startCpu = cpuNow();
  let running: Awaited<ReturnType<RealApp['start']>>;
  try {
    running = await app.start();
  } catch (err) {
    meter?.stop();
    throw err;
  }
  log(`${app.name}: started in ${seconds(performance.now() - startedAt)} s (${seconds(cpuSince(startCpu))} CPU-s)`);
  // An app behind a login, or whose plan signs in, gets its password as the secret `password`,
  // which the crawler types into the form.
  const signsIn = app.traits.includes('login') || app.conformance?.signsIn === true;
  const secrets: Record<string, string> = signsIn && running.login ? { password: running.login.password } : {};
  const env: NodeJS.ProcessEnv = {
    BU_OUTPUT: ws.paths.root, OPENAI_API_KEY: '', OPENAI_BASE_URL: '',
    ...Object.fromEntries(Object.entries(secrets).map(([name, value]) => [`BU_SECRET_${name.toUpperCase()}`, value])),
  };
  const stage = async (name: Stage, run: () => Promise<string | null>): Promise<boolean> => {
    if (kStages.indexOf(name) >= last) return false;
    const started = performance.now();
    const cpu = cpuNow();
    let detail: string | null;
    try {
      detail = await run();
    } catch (err) {
      detail = err instanceof Error ? err.stack ?? err.message : String(err);
    }
    const ms = Math.round(performance.now() - started);
    const cpuMs = cpuSince(cpu);
    result.stages.push({ stage: name, ok: detail === null, ms, cpuMs, detail });
    log(`${app.name}: ${name} ${detail === null ? 'passed' : 'FAILED'} in ${seconds(ms)} s (${seconds(cpuMs)} CPU-s)`);
    if (detail !== null) result.failed = name;
    return detail === null;
  };
  try {
    const ok =
      (await stage('explore', async () => {
        const args = ['capture', 'explore', '--url', running.url, '--policy', 'crawler', '--max-steps', String(app.conformance?.maxSteps ?? kDefaultMaxSteps), '--json'];
        const secretArgs = Object.keys(secrets).flatMap((name) => ['--secret', name]);
        // The crawler types the login's user name where a field asks for one (its own made-up name otherwise).
        const fillArgs = signsIn && running.login ? ['--fill', `username=${running.login.user}`] : [];
        const planFile = path.join(ws.root, 'plan.json');
        const plan = app.conformance?.plan;
        if (plan) fs.writeFileSync(planFile, JSON.stringify(plan(running.url)));
        // The crawl and the written plan are recorded side by side, each in its own browser.
        const [explore, script] = await Promise.all([
          runCli([...args, ...fillArgs, ...secretArgs], { env, timeoutMs: kStageTimeoutMs }),
          plan ? runCli(['capture', 'script', '--url', running.url, '--plan', planFile, ...secretArgs, '--json'], { env, timeoutMs: kStageTimeoutMs }) : null,
        ]);
        result.sessionId = typeof explore.json?.sessionId === 'string' ? explore.json.sessionId : null;
        if (explore.code !== 0 || !result.sessionId) return cliDetail(explore);
        if (script) {
          result.planSessionId = typeof script.json?.sessionId === 'string' ? script.json.sessionId : null;
          if (script.code !== 0 || !result.planSessionId) return cliDetail(script);
        }
        const history = JSON.parse(fs.readFileSync(ws.paths.history(result.sessionId), 'utf8')) as { steps: unknown[] };
        result.actions = history.steps.length;
        return null;
      })) &&
      (await stage('extract', async () => {
        // Every run of this fresh output folder (the crawl's, the plan's) in one process.
        const extract = await runCli(['extract', '--all', '--json'], { env, timeoutMs: kStageTimeoutMs });
        const extracted = Array.isArray(extract.json?.extracted) ? (extract.json.extracted as { sessionId?: unknown }[]).map((run) => run.sessionId) : [];
        const missing = sessions().filter((id) => !extracted.includes(id));
        if (extract.code !== 0) return cliDetail(extract);
        return missing.length ? `not extracted: ${missing.join(', ')}\n${cliDetail(extract)}` : null;
      })) &&
      (await stage('generate', async () => {
        const generated = await runCli(['generate', ...sessions(), '--out', ws.out, '--llm', 'off', '--json'], { env, timeoutMs: kStageTimeoutMs });
        if (generated.code !== 0) return cliDetail(generated);
        result.pages = fs.readdirSync(path.join(ws.out, 'pom')).length;
        // Every emitted locator found exactly the recorded element in the recorded DOM snapshots.
        const model = PageModel.parse(JSON.parse(fs.readFileSync(path.join(ws.out, 'model.json'), 'utf8')));
        result.locators = model.locatorCheck;
        if (model.locatorCheck.failed || !model.locatorCheck.found) {
          return `locators: ${JSON.stringify(model.locatorCheck)}\n${model.diagnostics.map((d) => `${d.page} ${d.element ?? ''}: ${d.message}`).join('\n')}`;
        }
        return null;
      })) &&
      (await stage('tsc', async () => {
        const tsc = await typecheckGenerated(ws.out);
        return tsc.status === 0 ? null : tail(tsc.output);
      })) &&
      (await stage('specs', async () => {
        // The app's data as the recordings started from: what they created is not there twice.
        // Each spec that changes data gets it so too, through the generated project's reset
        // command: a page the crawl's flow spec creates is missing again for its replay spec.
        await running.reset();
        const reset = await resetCommand(() => running.reset());
        // BASE_URL without a path: the app where it was recorded, every recorded path kept.
        // Untraced unless the project is kept: a removed project's traces are never read.
        const specs = await runGeneratedSpecs(ws.out, new URL(running.url).origin, 'tests/', { ...env, [kResetCommandEnv]: reset.command }, { noTrace: !options.keep }).finally(() => reset.close());
        // Playwright's summary lines (`  3 passed (17.2s)`), not a failure message (`explore-1795… failed at step 4`).
        // Colours off first: under a test runner the output comes coloured.
        const plain = stripVTControlCharacters(specs.output);
        const count = (word: string) => Number(new RegExp(`^\\s*(\\d+) ${word}\\b`, 'm').exec(plain)?.[1] ?? 0);
        const [passed, failed, skipped] = [count('passed'), count('failed'), count('skipped')];
        result.specs = { passed, total: passed + failed + skipped };
        return specs.status === 0 && passed > 0 && skipped === 0 ? null : tail(specs.output);
      })) &&
      (await stage('replay', async () => {
        // One after the other, each on the app's data as its recording started from: a flow that
        // creates a record would otherwise meet the one its recording (or a spec) made.
        for (const id of sessions()) {
          await running.reset();
          const replayed = await runCli(['replay', id, '--json'], { env, timeoutMs: kStageTimeoutMs });
          if (replayed.code !== 0) return cliDetail(replayed);
          // The app is the one recorded: a step found other than by its recorded locator alone
          // means the recording kept a locator that does not say which element it acted on.
          const healed = unchangedHeals(String(replayed.json?.reportPath ?? ''));
          if (healed) return healed;
        }
        return null;
      }));
    void ok;
  } finally {
    const stopping = performance.now();
    const stopCpu = cpuNow();
    await running.stop();
    log(`${app.name}: stopped in ${seconds(performance.now() - stopping)} s (${seconds(cpuSince(stopCpu))} CPU-s)`);
    meter?.stop();
    if (!options.keep) ws.remove();
    else log(`${app.name}: kept ${ws.root}`);
  }
  return result;
}

/**
 * The steps a replay of the app it was recorded on did not find by the recorded locator alone,
 * each with how it was found; null when there is none.
 */
function unchangedHeals(reportPath: string): string | null {
  const report = ReplayReport.parse(JSON.parse(fs.readFileSync(reportPath, 'utf8')));
  const healed = report.steps.filter((s) => s.status === 'healed');
  if (!healed.length) return null;
  return tail(`replay of the unchanged app healed ${healed.length} of ${report.steps.length} steps:\n${healed.map((s) => `  step ${s.index} ${s.action}: ${s.level ?? '?'} (${s.candidates ?? '?'} candidates), recorded ${s.recordedLocator ?? 'none'}, used ${s.locator ?? 'none'}; ${s.notes.join('; ')}`).join('\n')}`);
}

/** One line per app: the stage that failed (or "all passed"), the time of each stage and their CPU time in all. */
export function formatTable(results: ConformanceResult[]): string {
  const header = ['app', 'result', ...kStages, 'CPU', 'actions', 'pages', 'specs', 'locators found/positional/failed/unchecked'];
  const rows = results.map((r) => {
    const times = kStages.map((name) => {
      const s = r.stages.find((x) => x.stage === name);
      return s ? `${(s.ms / 1000).toFixed(1)}s${s.ok ? '' : ' ✗'}` : '-';
    });
    const cpu = r.stages.some((x) => x.cpuMs === null) ? '-' : `${(r.stages.reduce((sum, x) => sum + x.cpuMs!, 0) / 1000).toFixed(1)}s`;
    return [r.app, r.failed ? `failed at ${r.failed}` : 'all passed', ...times, cpu, String(r.actions ?? '-'), String(r.pages ?? '-'), r.specs ? `${r.specs.passed}/${r.specs.total}` : '-', r.locators ? `${r.locators.found}/${r.locators.positional}/${r.locators.failed}/${r.locators.unchecked}` : '-'];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ').trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}
