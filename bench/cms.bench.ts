/**
 * A CMS's admin end to end: `npx tsx bench/cms.bench.ts [flow ...]`. MediaWiki (harness/apps/mediawiki.ts)
 * as a CMS: its admin's four flows (kMediaWikiAdminFlows: a setting, a category page, a new user, a
 * page written and published in VisualEditor's rich editor), each through every stage a user runs:
 * `bu capture script --check`, the capture, extract, generate, tsc of the generated project, its
 * specs three runs in a row (the app's data put back before each, and by each spec that changes
 * data through the project's reset command), and `bu replay`. Then each recording on two other
 * releases of the wiki: one whose labels the flows use are reworded (MediaWiki: message pages),
 * where `bu replay` and `bu heal --rerun` should carry the flows through, and one in German, where
 * the flows must fail at the first element whose label changed, never at a check of a title.
 * Prints per flow what passed. Like every benchmark it reports and does not fail.
 */
import fs from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { kResetCommandEnv } from '../core/changes-data.ts';
import { PageModel } from '../core/schema/page-model.ts';
import { ReplayReport } from '../core/schema/replay-report.ts';
import { kMediaWikiAdminFlows, mediawiki, mediawikiGerman, mediawikiReworded, type AdminFlow } from '../harness/apps/mediawiki.ts';
import type { RealApp, RunningApp } from '../harness/apps/index.ts';
import { resetCommand } from '../harness/apps/serve.ts';
import { kRepoRoot, runNode, type CliResult } from '../harness/cli.ts';
import { tempWorkspace } from '../harness/generate/on-disk.ts';
import { failFastActions, generatedSpecsEnv, kFlowSpecs, runGeneratedSpecs, typecheckGenerated } from '../harness/generate/pipeline.ts';

/** `bu` from the checkout's sources, as a user of a checkout runs it. */
const kBu = path.join(kRepoRoot, 'bin', 'bu.js');
const kPlans = path.join(kRepoRoot, 'bench', 'heal', 'plans');
/** A capture or a replay of a dozen steps takes 10-30 s; a busy machine gets far more. */
const kCliTimeoutMs = 240_000;
const kSpecRuns = 3;
/** The rounds `bu heal --rerun` gets: every flow signs in first, so a reworded label breaks each at its first step, then the next. */
const kHealRounds = 8;
/**
 * How long a release's specs wait for an element: the rich editor loads its scripts when opened
 * and draws its document a few seconds later on a busy machine, past the suite's sites' 3 s
 * (kFailFastActionMs): there the reworded release's page flow, its labels healed, still failed
 * waiting for the editor.
 */
const kReleaseActionMs = 15_000;

interface FlowResult {
  flow: string;
  /** Stage -> null (passed) or why it failed. */
  stages: Map<string, string | null>;
}

function bu(args: string[], env: NodeJS.ProcessEnv, cwd = kRepoRoot): Promise<CliResult> {
  return runNode(kBu, args, { env, cwd, timeoutMs: kCliTimeoutMs });
}

function tail(text: string, lines = 12): string {
  return stripVTControlCharacters(text).trim().split('\n').slice(-lines).join('\n');
}

function failure(result: CliResult): string {
  return `exit ${result.code}: ${tail(result.stderr || result.stdout)}`;
}

/** Playwright's summary (`3 passed`), and the first error of a failed test (`Error:`, `TimeoutError:`...). */
function specSummary(output: string): { passed: number; failed: number; firstError: string | null } {
  const plain = stripVTControlCharacters(output);
  const count = (word: string) => Number(new RegExp(`^\\s*(\\d+) ${word}\\b`, 'm').exec(plain)?.[1] ?? 0);
  const error = /^\s*((?:[A-Z]\w*)?Error: .*(?:\n(?!\s*\n).*){0,6})/m.exec(plain)?.[1] ?? null;
  return { passed: count('passed'), failed: count('failed') + count('timed out'), firstError: error };
}

/** What a replay said: its counts, the step it failed at and why, and each step it healed (level, recorded and new locator). */
function replaySaid(result: CliResult): { ok: boolean; line: string } {
  const json = result.json as { ok?: boolean; byStatus?: Record<string, number>; failureCategory?: string | null; reportPath?: string } | null;
  if (typeof json?.ok !== 'boolean' || !json.reportPath) return { ok: false, line: failure(result) };
  const report = ReplayReport.parse(JSON.parse(fs.readFileSync(json.reportPath, 'utf8')));
  const healed = report.steps.filter((s) => s.status === 'healed').map((s) => `step ${s.index + 1} ${s.action} healed (${s.level}: ${s.recordedLocator} -> ${s.locator})`);
  const failed = report.steps.find((s) => s.status === 'failed');
  const counts = Object.entries(report.summary.byStatus).filter(([, n]) => n).map(([k, n]) => `${n} ${k}`).join(', ');
  const failedLine = failed ? `; failed at step ${failed.index + 1} ${failed.action} (${failed.category}): ${failed.message?.split('\n')[0]}` : '';
  return { ok: json.ok, line: `${counts}${failedLine}${healed.length ? `\n      ${healed.join('\n      ')}` : ''}` };
}

interface Recorded {
  flow: AdminFlow;
  sessionId: string;
  out: string;
}

async function recordFlow(flow: AdminFlow, running: RunningApp, ws: ReturnType<typeof tempWorkspace>, env: NodeJS.ProcessEnv, result: FlowResult, log: (line: string) => void): Promise<Recorded | null> {
  const origin = new URL(running.url).origin;
  const start = new URL(flow.start, `${origin}/`).href;
  const plan = path.join(kPlans, flow.plan);
  const stage = async (name: string, run: () => Promise<string | null>): Promise<boolean> => {
    const started = performance.now();
    let why: string | null;
    try {
      why = await run();
    } catch (err) {
      why = err instanceof Error ? err.stack ?? err.message : String(err);
    }
    result.stages.set(name, why);
    log(`${flow.name}: ${name} ${why === null ? 'passed' : 'FAILED'} in ${((performance.now() - started) / 1000).toFixed(1)} s${why === null ? '' : `\n${why}`}`);
    return why === null;
  };
  let sessionId = '';
  const out = path.join(ws.root, flow.name);
  const ok =
    (await stage('check', async () => {
      await running.reset();
      const check = await bu(['capture', 'script', '--plan', plan, '--url', start, '--secret', 'password', '--check'], env);
      log(check.stdout.trim().split('\n').map((line) => `    ${line}`).join('\n'));
      return check.code === 0 ? null : failure(check);
    })) &&
    (await stage('capture', async () => {
      await running.reset();
      const capture = await bu(['capture', 'script', '--plan', plan, '--url', start, '--secret', 'password', '--json'], env);
      sessionId = typeof capture.json?.sessionId === 'string' ? capture.json.sessionId : '';
      return capture.code === 0 && sessionId ? null : failure(capture);
    })) &&
    (await stage('extract', async () => {
      const extract = await bu(['extract', sessionId, '--json'], env);
      return extract.code === 0 ? null : failure(extract);
    })) &&
    (await stage('generate', async () => {
      const generated = await bu(['generate', sessionId, '--out', out, '--llm', 'off', '--json'], env);
      if (generated.code !== 0) return failure(generated);
      const model = PageModel.parse(JSON.parse(fs.readFileSync(path.join(out, 'model.json'), 'utf8')));
      return model.locatorCheck.failed ? `locators: ${JSON.stringify(model.locatorCheck)}` : null;
    })) &&
    (await stage('tsc', async () => {
      const tsc = await typecheckGenerated(out);
      return tsc.status === 0 ? null : tail(tsc.output, 30);
    })) &&
    (await stage(`specs x${kSpecRuns}`, async () => {
      const reset = await resetCommand(() => running.reset());
      try {
        for (let run = 1; run <= kSpecRuns; run++) {
          await running.reset();
          const specs = await runGeneratedSpecs(out, origin, 'tests/', { ...env, [kResetCommandEnv]: reset.command }, { noTrace: true });
          const summary = specSummary(specs.output);
          if (specs.status !== 0 || !summary.passed || summary.failed) return `run ${run}: ${summary.passed} passed, ${summary.failed} failed\n${tail(specs.output, 40)}`;
        }
        return null;
      } finally {
        await reset.close();
      }
    })) &&
    (await stage('replay', async () => {
      await running.reset();
      const replayed = replaySaid(await bu(['replay', sessionId, '--json'], env));
      return replayed.ok ? null : replayed.line;
    }));
  return ok ? { flow, sessionId, out } : null;
}

/** Each recording replayed on another release (`bu replay --base-url`), and its flow spec run there, then healed with `bu heal --rerun`. */
async function onRelease(app: RealApp, recorded: Recorded[], root: string, env: NodeJS.ProcessEnv, results: Map<string, FlowResult>, log: (line: string) => void): Promise<void> {
  const running = await app.start();
  const origin = new URL(running.url).origin;
  const reset = await resetCommand(() => running.reset());
  try {
    for (const { flow, sessionId, out } of recorded) {
      const result = results.get(flow.name)!;
      await running.reset();
      const replayed = replaySaid(await bu(['replay', sessionId, '--base-url', `${origin}/`, '--json'], env));
      result.stages.set(`${app.name} replay`, replayed.ok ? null : replayed.line);
      log(`${flow.name} on ${app.name}: bu replay ${replayed.ok ? 'passed' : 'FAILED'}: ${replayed.line}`);
      // The generated project as it was, its actions failing fast on a locator the release broke.
      const project = path.join(root, `${app.name}-${flow.name}`);
      fs.cpSync(out, project, { recursive: true });
      failFastActions(project, kReleaseActionMs);
      const specEnv = { ...env, ...generatedSpecsEnv(origin), [kResetCommandEnv]: reset.command };
      await running.reset();
      const before = await runGeneratedSpecs(project, origin, kFlowSpecs, specEnv);
      const summary = specSummary(before.output);
      log(`${flow.name} on ${app.name}: flow spec ${summary.failed ? 'failed' : 'passed'} before heal${summary.firstError ? `:\n      ${summary.firstError.replace(/\n/g, '\n      ')}` : ''}`);
      result.stages.set(`${app.name} spec before heal`, summary.failed ? `failed: ${summary.firstError?.split('\n')[0] ?? '?'}` : null);
      if (!summary.failed) continue;
      await running.reset();
      const healed = await runNode(kBu, ['heal', 'test-results', '--dir', project, '--rerun', '--rounds', String(kHealRounds), '--json'], { cwd: project, env: specEnv, timeoutMs: kCliTimeoutMs * 2 });
      const json = healed.json as { changes?: unknown[]; notHealed?: { test: string; reason: string }[]; rerun?: unknown } | null;
      await running.reset();
      const after = specSummary((await runGeneratedSpecs(project, origin, kFlowSpecs, specEnv)).output);
      const why = after.failed ? `still failing: ${after.firstError?.split('\n')[0] ?? '?'}${json?.notHealed?.length ? `; not healed: ${json.notHealed.map((n) => n.reason).join('; ')}` : ''}` : null;
      result.stages.set(`${app.name} bu heal`, json ? why : failure(healed));
      log(`${flow.name} on ${app.name}: bu heal --rerun wrote ${json?.changes?.length ?? '?'} change(s); flow spec after heal ${after.failed ? 'FAILED' : 'passed'}${why ? `: ${why}` : ''}`);
    }
  } finally {
    await reset.close();
    await running.stop();
  }
}

async function main(): Promise<void> {
  const log = (line: string) => process.stderr.write(`${line}\n`);
  const unavailable = mediawiki.unavailable();
  if (unavailable) {
    console.log(`mediawiki: not run (${unavailable})`);
    return;
  }
  const wanted = new Set(process.argv.slice(2));
  const flows = kMediaWikiAdminFlows.filter((f) => !wanted.size || wanted.has(f.name));
  const ws = tempWorkspace('cms');
  const running = await mediawiki.start();
  const env: NodeJS.ProcessEnv = { BU_OUTPUT: ws.paths.root, OPENAI_API_KEY: '', OPENAI_BASE_URL: '', BU_SECRET_PASSWORD: running.login!.password };
  const results = new Map<string, FlowResult>();
  const recorded: Recorded[] = [];
  try {
    try {
      for (const flow of flows) {
        const result: FlowResult = { flow: flow.name, stages: new Map() };
        results.set(flow.name, result);
        const done = await recordFlow(flow, running, ws, env, result, log);
        if (done) recorded.push(done);
      }
    } finally {
      await running.stop();
    }
    for (const release of [mediawikiReworded, mediawikiGerman]) await onRelease(release, recorded, ws.root, env, results, log);
  } finally {
    if (process.env.BENCH_KEEP === '1') log(`kept ${ws.root}`);
    else ws.remove();
  }
  console.log('\nMediaWiki as a CMS: per admin flow, each stage (passed, or why not)');
  for (const flow of flows) {
    const result = results.get(flow.name)!;
    console.log(`\n${flow.name} (${flow.does}):`);
    for (const [stage, why] of result.stages) console.log(`  ${stage}: ${why === null ? 'passed' : why.split('\n')[0]}`);
  }
  const full = [...results.values()].filter((r) => ['check', 'capture', 'extract', 'generate', 'tsc', `specs x${kSpecRuns}`, 'replay'].every((s) => r.stages.get(s) === null)).length;
  console.log(`\n${full} of ${flows.length} admin flows passed every stage on the wiki as shipped`);
}

await main();
