import { spawn } from 'node:child_process';
import path from 'node:path';
import { resolveBrowser } from '../../../core/browser.ts';
import { generatedCodeEnv, kSourceCondition } from '../../../core/package.ts';
import { kRepoRoot } from '../../support/cli.ts';

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

export function typecheckGenerated(out: string) {
  // `brow-use/test` resolves to this checkout's sources (the package itself is checked by the install test).
  return runNode([path.join(kRepoRoot, 'node_modules', 'typescript', 'bin', 'tsc'), '--noEmit', '--strict', '--customConditions', kSourceCondition, '-p', path.join(out, 'tsconfig.json')], { cwd: out });
}

export function runGeneratedSpecs(out: string, baseUrl: string, filter: string, env: NodeJS.ProcessEnv = {}) {
  const cli = path.join(kRepoRoot, 'node_modules', '@playwright', 'test', 'cli.js');
  return runNode([cli, 'test', '--config', path.join(out, 'playwright.config.ts'), '--workers=1', '--reporter=line', filter], {
    cwd: out,
    env: { BASE_URL: baseUrl, BU_BROWSER: resolveBrowser(process.env, { headless: true }).executablePath, ...generatedCodeEnv(process.env), ...env },
  });
}
