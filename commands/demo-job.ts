import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { z } from 'zod';
import { resolveBrowser } from '../core/browser.ts';
import { JobFailedError } from '../core/errors.ts';
import { buEntry, generatedCodeEnv, kPackageRoot } from '../core/package.ts';
import { startDemoServer, type DemoServer } from '../demo/server.ts';
import { CaptureResult } from './capture-options.ts';
import type { CommandContext, Outcome } from './command.ts';
import { ReportResult } from './report.ts';

/**
 * `bu demo`: the whole pipeline on the bundled demo app, stage by stage, each through the same
 * `bu` commands a user would type: plan capture and crawler explore, extract, generate, the
 * generated Playwright tests, replays on the baseline and on the most changed variant, a report.
 */

const kBu = buEntry();
const kPlan = path.join(kPackageRoot, 'demo', 'plans', 'create-item.json');
/** The Playwright Test that brow-use itself resolves (a peer dependency: the user's own when installed). */
const kPlaywrightCli = createRequire(import.meta.url).resolve('@playwright/test/cli');
/** The variant that combines every kind of release change (see demo/variants.ts). */
const kHardestVariant = 8;
/** Enough crawler steps to sign in and reach every page of the demo app (it takes about 15). */
const kExploreSteps = 25;
const kDemoPassword = 'correct-horse';

const StageResult = z.object({ name: z.string(), ok: z.boolean(), ms: z.number(), detail: z.string() });
type StageResult = z.infer<typeof StageResult>;

/** `bu demo --json`: each stage and how many failed. */
export const DemoResult = z.object({ stages: z.array(StageResult), failed: z.number().int() });

export interface DemoJobOptions {
  ctx: CommandContext;
  port: number;
}

/** Runs one stage as a child process; resolves with its exit code and the last line of its stdout (`--json`'s result). */
function runStage(ctx: CommandContext, command: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; last: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ctx.cwd, env: { ...ctx.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let last = '';
    child.stdout.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      const lines = text.split('\n').filter((l) => l.trim());
      if (lines.length) last = lines[lines.length - 1]!;
      for (const line of lines) if (!line.startsWith('{')) ctx.log(`    ${line}`);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) if (line.trim()) ctx.log(`    ${line}`);
    });
    const abort = () => child.kill('SIGTERM');
    ctx.signal.addEventListener('abort', abort, { once: true });
    child.on('error', reject);
    child.on('close', (code) => {
      ctx.signal.removeEventListener('abort', abort);
      resolve({ code: code ?? 1, last });
    });
  });
}

/** A `--json` line read with its schema; null when the stage printed none (it failed before its result). */
function jsonLine<R extends z.ZodType>(schema: R, line: string): z.output<R> | null {
  try {
    const parsed = schema.safeParse(JSON.parse(line));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Runs each generated spec file against its own fresh demo app (the flows create and edit records). */
async function runGeneratedTests(ctx: CommandContext, env: NodeJS.ProcessEnv, results: StageResult[], fresh: () => Promise<DemoServer>): Promise<void> {
  const config = path.join(ctx.paths.root, 'playwright.config.ts');
  const specs = (await fs.readdir(path.join(ctx.paths.root, 'tests'))).filter((f) => f.endsWith('.spec.ts')).sort();
  for (const spec of specs) {
    const app = await fresh();
    ctx.log(`\n== generated test ${spec}: npx playwright test --config ${path.relative(ctx.cwd, config)} ${spec}`);
    const started = Date.now();
    const run = await runStage(ctx, process.execPath, [kPlaywrightCli, 'test', '--config', config, '--reporter', 'line', spec], {
      ...env,
      BASE_URL: app.url,
      // The generated specs run headless here: the headless shell, where installed, runs them.
      BU_BROWSER: resolveBrowser(ctx.env, { headless: true }).executablePath,
      // Lets the generated config find @playwright/test when the output dir is outside the project.
      NODE_PATH: path.resolve(kPlaywrightCli, '../../..'),
      ...generatedCodeEnv(ctx.env),
    });
    results.push({ name: `generated ${spec}`, ok: run.code === 0, ms: Date.now() - started, detail: run.code === 0 ? 'ok' : `exit ${run.code}` });
  }
}

export async function runDemoJob({ ctx, port }: DemoJobOptions): Promise<Outcome<z.input<typeof DemoResult>>> {
  const servers: DemoServer[] = [];
  const results: StageResult[] = [];
  const env = { BU_SECRET_PASSWORD: ctx.env.BU_SECRET_PASSWORD ?? kDemoPassword, BU_OUTPUT: ctx.paths.root };
  /** One `bu` stage; with `result`, its `--json` line read with the command's result schema (null when it printed none). */
  const bu = async <R extends z.ZodType = z.ZodNever>(name: string, args: string[], result?: R) => {
    ctx.log(`\n== ${name}: bu ${args.join(' ')}`);
    const started = Date.now();
    const { code, last } = await runStage(ctx, process.execPath, [kBu, ...args], env);
    const ms = Date.now() - started;
    results.push({ name, ok: code === 0, ms, detail: code === 0 ? 'ok' : `exit ${code}` });
    if (ctx.signal.aborted) throw new JobFailedError('interrupted');
    return { ok: code === 0, json: result ? jsonLine(result, last) : null };
  };
  /** Every stage that records or replays gets an app in its initial state, so runs never depend on each other. */
  const fresh = async (variant = 0, at = 0) => {
    const server = await startDemoServer({ port: at, variant });
    servers.push(server);
    return server;
  };
  try {
    const app = await fresh(0, port);
    ctx.log(`demo app at ${app.url}; outputs under ${ctx.paths.root}`);

    const script = await bu('plan capture', ['capture', 'script', '--url', `${app.url}login`, '--plan', kPlan, '--secret', 'password', '--json'], CaptureResult);
    const scriptId = script.json?.sessionId;
    const exploreApp = await fresh();
    const explore = await bu('crawler explore', ['capture', 'explore', '--url', exploreApp.url, '--policy', 'crawler', '--max-steps', String(kExploreSteps), '--fill', 'email=ann@example.com', '--secret', 'password', '--json'], CaptureResult);
    const exploreId = explore.json?.sessionId;
    const sessions = [scriptId, exploreId].filter((id): id is string => Boolean(id));
    for (const id of sessions) await bu(`extract ${id}`, ['extract', id]);
    if (sessions.length) {
      const generated = await bu('generate', ['generate', ...sessions, '--llm', 'off', '--json']);
      if (generated.ok) await runGeneratedTests(ctx, env, results, fresh);
    }
    if (scriptId) {
      await bu('replay on variant 0', ['replay', scriptId, '--base-url', (await fresh()).url, '--json']);
      await bu(`replay on variant ${kHardestVariant}`, ['replay', scriptId, '--base-url', (await fresh(kHardestVariant)).url, '--json']);
      const report = await bu('report', ['report', scriptId, '--json'], ReportResult);
      if (report.json) ctx.log(`\nreport: ${report.json.reportPath}`);
    }
  } finally {
    await Promise.all(servers.map((s) => s.close()));
  }
  ctx.log('\n== summary');
  const width = Math.max(0, ...results.map((r) => r.name.length));
  for (const r of results) ctx.log(`  ${r.ok ? 'ok  ' : 'FAIL'} ${r.name.padEnd(width)} ${(r.ms / 1000).toFixed(1).padStart(6)} s  ${r.ok ? '' : r.detail}`);
  const failed = results.filter((r) => !r.ok);
  return { code: failed.length ? 1 : 0, result: { stages: results, failed: failed.length } };
}
