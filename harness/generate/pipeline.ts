import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { resolveBrowser } from '../../core/browser.ts';
import { generatedCodeEnv, kSourceCondition } from '../../core/package.ts';
import { kRepoRoot, runCli } from '../cli.ts';
import type { tempWorkspace } from './on-disk.ts';

/** Running the generated project: tsc and Playwright in child processes that do not block this one (servers live here). */

/** Generated specs run one at a time: each may change the app's state. */
const kChildTimeoutMs = 240_000;

export function runNode(args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: options.cwd, env: { ...process.env, ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), kChildTimeoutMs);
    child.on('error', reject);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, output });
    });
  });
}

/**
 * One checker thread: a generated project is a few hundred files, and on two cores shared with
 * other tests tsc's own threads only contend. On DokuWiki's project 1.0-1.3 CPU-s and 2.7-5.8 s
 * became 0.7 CPU-s and 2.2-2.9 s.
 */
const kTscThreads = ['--singleThreaded'];

export function typecheckGenerated(out: string) {
  // `brow-use/test` resolves to this checkout's sources (the package itself is checked by the install test).
  return runNode([path.join(kRepoRoot, 'node_modules', 'typescript', 'bin', 'tsc'), '--noEmit', '--strict', ...kTscThreads, '--customConditions', kSourceCondition, '-p', path.join(out, 'tsconfig.json')], { cwd: out });
}

/** The flow specs of a generated project, not its replay spec. */
export const kFlowSpecs = 'tests/(?!replay-)';

export interface SpecRunOptions {
  /** `line` (the default) or `json` (written to PLAYWRIGHT_JSON_OUTPUT_NAME from `env`). */
  reporter?: 'line' | 'json';
  /** Each test's timeout: a broken locator fails fast instead of after the default 30 s. */
  testTimeoutMs?: number;
  /**
   * No trace, whatever the generated config says: for a caller that removes the project after the
   * run, where the trace a failed test keeps is never read. Recording it (screenshots and DOM
   * snapshots of every action) cost a third of the run's CPU: DokuWiki's four specs took ~14.5
   * CPU-s traced and ~9 untraced.
   */
  noTrace?: boolean;
}

/**
 * How long the actions of a project given `failFastActions` wait for their element. The test sites
 * answer from this machine and render at once: an element a release renamed, moved or removed is
 * not found in this time or later either, and the action fails on it, its call, locator and DOM
 * snapshot in the trace as when the test's timeout cuts it short, only sooner.
 */
export const kFailFastActionMs = 3_000;

/**
 * Sets `use.actionTimeout` in a generated project's Playwright config, as a project may: every run
 * of it, `bu heal --rerun`'s included, fails on a broken locator in `actionMs` (kFailFastActionMs
 * unless an app's pages take longer to draw what is acted on) instead of waiting out the test's
 * timeout. Not for a test that proves what heal says of a test timeout.
 */
export function failFastActions(out: string, actionMs = kFailFastActionMs): void {
  const file = path.join(out, 'playwright.config.ts');
  const text = fs.readFileSync(file, 'utf8');
  const edited = text.replace(/^( *)use: \{\n/m, (line, indent: string) => `${line}${indent}  actionTimeout: ${actionMs},\n`);
  if (edited === text) throw new Error(`no \`use: {\` block in ${file}`);
  fs.writeFileSync(file, edited);
}

/**
 * A fresh copy of the generated project `pristine` in `root`/project, in place of the last one,
 * its actions failing fast on a broken locator (failFastActions) unless `testTimeout`: a test that
 * proves what heal says of a test timeout. Always the same folder: Playwright keys its transform
 * cache by a file's path and text, so a run there reuses what earlier runs compiled of every file
 * no heal changed, where a folder per test compiled the whole project again in each of its runs.
 */
export function freshProject(pristine: string, root: string, { testTimeout = false } = {}): string {
  const out = path.join(root, 'project');
  fs.rmSync(out, { recursive: true, force: true });
  fs.cpSync(pristine, out, { recursive: true });
  if (!testTimeout) failFastActions(out);
  return out;
}

/**
 * What a run of a generated project's specs needs in its environment: the app at `baseUrl`, the
 * Chromium `bu` uses, and (from a checkout) `brow-use/test` from the sources. `bu heal --rerun`
 * runs them with it too.
 */
export function generatedSpecsEnv(baseUrl: string): NodeJS.ProcessEnv {
  return { BASE_URL: baseUrl, BU_BROWSER: resolveBrowser(process.env, { headless: true }).executablePath, ...generatedCodeEnv(process.env) };
}

export function runGeneratedSpecs(out: string, baseUrl: string, filter: string, env: NodeJS.ProcessEnv = {}, options: SpecRunOptions = {}) {
  const cli = path.join(kRepoRoot, 'node_modules', '@playwright', 'test', 'cli.js');
  const timeout = options.testTimeoutMs ? [`--timeout=${options.testTimeoutMs}`] : [];
  const trace = options.noTrace ? ['--trace=off'] : [];
  return runNode([cli, 'test', '--config', path.join(out, 'playwright.config.ts'), '--workers=1', `--reporter=${options.reporter ?? 'line'}`, ...timeout, ...trace, filter], {
    cwd: out,
    env: { ...generatedSpecsEnv(baseUrl), ...env },
  });
}

/**
 * `bu capture script` of `plan` at `url`, then `bu generate` of that run into `ws.out`, with no
 * model; both must exit 0. Returns the session id.
 */
export async function recordAndGenerate(ws: ReturnType<typeof tempWorkspace>, url: string, plan: object): Promise<string> {
  const env = { BU_OUTPUT: ws.paths.root, OPENAI_API_KEY: '', OPENAI_BASE_URL: '' };
  const planFile = path.join(ws.root, 'plan.json');
  fs.writeFileSync(planFile, JSON.stringify(plan));
  const script = await runCli(['capture', 'script', '--url', url, '--plan', planFile, '--json'], { env, timeoutMs: 120_000 });
  expect(script.code, script.stderr).toBe(0);
  const sessionId = String(script.json!.sessionId);
  const generated = await runCli(['generate', sessionId, '--out', ws.out, '--llm', 'off', '--json'], { env, timeoutMs: 120_000 });
  expect(generated.code, generated.stderr).toBe(0);
  return sessionId;
}
