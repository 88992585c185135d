/**
 * Start-up: `bu --help` and `bu extract <trace>` from the installed package (compiled JavaScript)
 * next to the checkout's way (TypeScript through tsx), measured side by side in one run.
 * Run: `npx tsx bench/startup.bench.ts` (packs and installs the package into a temp project
 * first, from npm's cache; about a minute). Prints figures; never fails on timing.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { kRepoRoot } from '../harness/cli.ts';
import { packTarball, projectDependencies } from '../harness/package.ts';

/** Runs per command and side, alternating sides; the median is reported (noise on a shared machine). */
const kRuns = 7;
const kTrace = path.join(kRepoRoot, 'test', 'extract', 'fixtures', 'testrunner-v10.zip');

function timeOnce(entry: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): number {
  const started = process.hrtime.bigint();
  const run = spawnSync(process.execPath, [entry, ...args], { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (run.status !== 0) throw new Error(`${entry} ${args.join(' ')} exited ${run.status}: ${run.stderr.toString().slice(0, 500)}`);
  return ms;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const base = fs.mkdtempSync(path.join(os.tmpdir(), 'bu-startup-'));
try {
  const project = path.join(base, 'app');
  fs.mkdirSync(project);
  fs.writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'app', private: true }));
  const tarball = await packTarball(base);
  const install = spawnSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', tarball, ...projectDependencies().filter((d) => d.startsWith('@playwright/test'))], { cwd: project, stdio: ['ignore', 'ignore', 'inherit'] });
  if (install.status !== 0) throw new Error('npm install of the packed package failed');
  const installed = path.join(project, 'node_modules', 'brow-use', 'dist', 'cli', 'bu.js');
  const checkout = path.join(kRepoRoot, 'bin', 'bu.js');
  const commands: { label: string; args: string[] }[] = [
    { label: 'bu --help', args: ['--help'] },
    { label: 'bu extract <trace>', args: ['extract', kTrace] },
  ];
  console.log(`start-up, median of ${kRuns} runs each (ms)`);
  console.log(`${'command'.padEnd(22)} ${'installed'.padStart(10)} ${'tsx'.padStart(10)} ${'tsx/installed'.padStart(14)}`);
  for (const { label, args } of commands) {
    const times = { installed: [] as number[], tsx: [] as number[] };
    for (let i = 0; i < kRuns; i++) {
      const order = i % 2 ? (['tsx', 'installed'] as const) : (['installed', 'tsx'] as const);
      for (const side of order) {
        const output = path.join(base, `out-${side}-${i}`);
        times[side].push(timeOnce(side === 'installed' ? installed : checkout, args, project, { BU_OUTPUT: output }));
      }
    }
    const a = median(times.installed);
    const b = median(times.tsx);
    console.log(`${label.padEnd(22)} ${a.toFixed(0).padStart(10)} ${b.toFixed(0).padStart(10)} ${(b / a).toFixed(2).padStart(13)}x`);
  }
} finally {
  fs.rmSync(base, { recursive: true, force: true });
}
