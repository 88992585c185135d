import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { resolveBrowser } from '../../core/browser.ts';
import { kRepoRoot, runCli } from '../../harness/cli.ts';
import { allCpuMs } from '../process-cpu.ts';
import type { SuiteConfig } from './hand-suites.ts';
import { isSameTest, reportOutcomes } from './run-specs.ts';

/** The heal-suite bench's runs of a suite and of `bu heal` on it: the I/O its cases share. */

export function configText(config: SuiteConfig, baseURL: string | null): string {
  const browser = resolveBrowser(process.env, { headless: true }).executablePath;
  return `import { defineConfig } from '@playwright/test';
// The bench's run of this suite: every test traced (a passing run is a baseline).
export default defineConfig({
  testDir: ${JSON.stringify(config.testDir)},
  testMatch: ${JSON.stringify(config.testMatch)},
  timeout: ${config.timeoutMs},
  expect: { timeout: ${config.expectTimeoutMs} },
  workers: ${config.workers ?? 1},
  reporter: process.env.BENCH_REPORT ? [['json', { outputFile: process.env.BENCH_REPORT }]] : 'line',
  use: {
    ${baseURL ? `baseURL: ${JSON.stringify(baseURL)},` : ''}
    trace: 'on',
    actionTimeout: 5_000,
    ${config.testIdAttribute ? `testIdAttribute: ${JSON.stringify(config.testIdAttribute)},` : ''}
    launchOptions: { executablePath: ${JSON.stringify(browser)}, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] },
  },
});
`;
}

/** Runs the suite (only `tests` when given), its traces in `out`; each test's outcome by `file › title`. */
export async function runSuite(root: string, env: Record<string, string>, out: string, tests: string[] | null): Promise<Map<string, boolean>> {
  fs.rmSync(out, { recursive: true, force: true });
  const report = `${out}.json`;
  fs.rmSync(report, { force: true });
  const cli = path.join(kRepoRoot, 'node_modules', '@playwright', 'test', 'cli.js');
  const grep = tests ? ['--grep', tests.map((t) => t.split(' › ').pop()!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')] : [];
  await new Promise<void>((resolve) => {
    const child = spawn(process.execPath, [cli, 'test', '--output', out, ...grep], { cwd: root, env: { ...process.env, ...env, BENCH_REPORT: report }, stdio: 'ignore' });
    child.on('close', () => resolve());
  });
  return reportOutcomes(report);
}

/** Copies the suite's own files back as they were (heal writes into them). */
export function restore(pristine: string, root: string): void {
  for (const entry of fs.readdirSync(pristine)) fs.cpSync(path.join(pristine, entry), path.join(root, entry), { recursive: true, force: true });
}

export interface Heal {
  changes: number;
  reasons: Map<string, string>;
  ms: number;
  /** CPU of `bu heal` and what it started (the reruns included); null off Linux. */
  cpuMs: number | null;
  problem: string | null;
}

export interface HealRunOptions {
  root: string;
  env: Record<string, string>;
  traces: string;
  baseline: string;
  failing: string[];
  /** `--rerun` (rounds that heal what a heal let the test reach, written); else one round, nothing written. */
  rerun: boolean;
}

/** `bu heal --baseline` on the traces of a failing run, timed. */
export async function healRun(options: HealRunOptions): Promise<Heal> {
  const started = Date.now();
  const cpuBefore = allCpuMs();
  const args = ['heal', options.traces, '--baseline', options.baseline, ...(options.rerun ? ['--rerun'] : []), '--json'];
  const healed = await runCli(args, { cwd: options.root, env: options.env, timeoutMs: 900_000 });
  const ms = Date.now() - started;
  const cpuMs = cpuBefore === null ? null : allCpuMs()! - cpuBefore;
  const reasons = new Map<string, string>();
  if (healed.code === 2 || !healed.json) return { changes: 0, reasons, ms, cpuMs, problem: `bu heal failed: ${healed.stderr.trim().split('\n').pop() ?? ''}` };
  // A test healed but failing again when rerun says how; one refused in a round says why.
  const said = [...((healed.json.stillFailing ?? []) as { test: string; reason: string }[]).map((f) => ({ ...f, reason: `still failing after heal: ${f.reason}` })), ...((healed.json.notHealed ?? []) as { test: string; reason: string }[])];
  for (const refused of said) {
    const title = options.failing.find((t) => isSameTest(t, refused.test));
    if (title) reasons.set(title, refused.reason);
  }
  return { changes: ((healed.json.changes ?? []) as unknown[]).length, reasons, ms, cpuMs, problem: null };
}
