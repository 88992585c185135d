import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CliContext } from '../cli/command.ts';
import { resolveBrowser } from '../core/browser.ts';
import { JobFailedError } from '../core/errors.ts';
import { startDemoServer, type DemoServer } from './server.ts';

/**
 * `bu demo`: the whole pipeline on the bundled demo app, stage by stage, each through the same
 * `bu` commands a user would type: plan capture and crawler explore, extract, generate, the
 * generated Playwright tests, replays on the baseline and on the most changed variant, a report.
 */

const kRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const kBu = path.join(kRoot, 'bin', 'bu.js');
const kPlan = path.join(kRoot, 'demo', 'plans', 'create-item.json');
/** The variant that combines every kind of release change (see demo/variants.ts). */
const kHardestVariant = 8;
/** Enough crawler steps to sign in and reach every page of the demo app (it takes about 15). */
const kExploreSteps = 25;
const kDemoPassword = 'correct-horse';

interface StageResult {
  name: string;
  ok: boolean;
  ms: number;
  detail: string;
}

export interface DemoJobOptions {
  ctx: CliContext;
  port: number;
}

function runStage(ctx: CliContext, command: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; json: Record<string, unknown> | null }> {
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
      let json: Record<string, unknown> | null = null;
      try {
        const value: unknown = JSON.parse(last);
        if (value && typeof value === 'object') json = value as Record<string, unknown>;
      } catch {
        json = null;
      }
      resolve({ code: code ?? 1, json });
    });
  });
}

export async function runDemoJob({ ctx, port }: DemoJobOptions): Promise<number> {
  const servers: DemoServer[] = [];
  const results: StageResult[] = [];
  const env = { BU_SECRET_PASSWORD: ctx.env.BU_SECRET_PASSWORD ?? kDemoPassword, BU_OUTPUT: ctx.paths.root };
  const bu = async (name: string, args: string[], extraEnv: NodeJS.ProcessEnv = {}) => {
    ctx.log(`\n== ${name}: bu ${args.join(' ')}`);
    const started = Date.now();
    const { code, json } = await runStage(ctx, process.execPath, [kBu, ...args], { ...env, ...extraEnv });
    const ms = Date.now() - started;
    results.push({ name, ok: code === 0, ms, detail: code === 0 ? 'ok' : `exit ${code}` });
    if (ctx.signal.aborted) throw new JobFailedError('interrupted');
    return { ok: code === 0, json };
  };
  try {
    const app = await startDemoServer({ port });
    servers.push(app);
    const changed = await startDemoServer({ port: 0, variant: kHardestVariant });
    servers.push(changed);
    ctx.log(`demo app at ${app.url} (variant 0) and ${changed.url} (variant ${kHardestVariant}); outputs under ${ctx.paths.root}`);

    const script = await bu('plan capture', ['capture', 'script', '--url', `${app.url}login`, '--plan', kPlan, '--secret', 'password', '--json']);
    const scriptId = script.json?.sessionId as string | undefined;
    const explore = await bu('crawler explore', ['capture', 'explore', '--url', app.url, '--policy', 'crawler', '--max-steps', String(kExploreSteps), '--fill', 'email=ann@example.com', '--secret', 'password', '--json']);
    const exploreId = explore.json?.sessionId as string | undefined;
    const sessions = [scriptId, exploreId].filter((id): id is string => Boolean(id));
    for (const id of sessions) await bu(`extract ${id}`, ['extract', id]);
    if (sessions.length) {
      const generated = await bu('generate', ['generate', ...sessions, '--llm', 'off', '--json']);
      const config = path.join(ctx.paths.root, 'playwright.config.ts');
      if (generated.ok) {
        ctx.log(`\n== generated tests: npx playwright test --config ${path.relative(ctx.cwd, config)}`);
        const started = Date.now();
        const run = await runStage(ctx, process.execPath, [path.join(kRoot, 'node_modules', '@playwright', 'test', 'cli.js'), 'test', '--config', config, '--reporter', 'line'],
          // NODE_PATH lets the generated config find @playwright/test when the output dir is outside this package.
          { ...env, BASE_URL: app.url, BU_BROWSER: resolveBrowser(ctx.env).executablePath, NODE_PATH: path.join(kRoot, 'node_modules') });
        results.push({ name: 'generated tests', ok: run.code === 0, ms: Date.now() - started, detail: run.code === 0 ? 'ok' : `exit ${run.code}` });
      }
    }
    if (scriptId) {
      await bu('replay on variant 0', ['replay', scriptId, '--json']);
      await bu(`replay on variant ${kHardestVariant}`, ['replay', scriptId, '--base-url', changed.url, '--json']);
      const report = await bu('report', ['report', scriptId, '--json']);
      if (report.json?.reportPath) ctx.log(`\nreport: ${String(report.json.reportPath)}`);
    }
  } finally {
    await Promise.all(servers.map((s) => s.close()));
  }
  ctx.log('\n== summary');
  for (const r of results) ctx.log(`  ${r.ok ? 'ok  ' : 'FAIL'} ${r.name.padEnd(28)} ${(r.ms / 1000).toFixed(1).padStart(6)} s  ${r.ok ? '' : r.detail}`);
  const failed = results.filter((r) => !r.ok);
  ctx.result({ stages: results, failed: failed.length });
  return failed.length ? 1 : 0;
}
