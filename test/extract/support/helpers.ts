import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { outputPaths } from '../../../core/paths.ts';
import { extractTrace, type ExtractResult } from '../../../extract/extract.ts';
import { kBuBin } from '../../../harness/cli.ts';

export const kRepo = path.resolve(import.meta.dirname, '../../..');
export const kFixtures = path.join(kRepo, 'test/extract/fixtures');
export const kExpected = path.join(kRepo, 'test/extract/expected');
export const kSessionId = 'explore-1700000000000';
/** Rewrite golden files instead of comparing (`UPDATE_GOLDEN=1 npx playwright test test/extract`). */
export const kUpdateGolden = process.env.UPDATE_GOLDEN === '1';

/** Extracts `target` (a session id or a zip path) with `root` as the output dir. */
export async function extractInto(root: string, target: string): Promise<ExtractResult> {
  return extractTrace(target, { paths: outputPaths(root), cwd: root });
}

/** Every file under `dir`, relative, sorted, with its bytes. */
export async function readTree(dir: string): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  const names = (await fs.readdir(dir, { recursive: true })).map(String).sort();
  for (const name of names) {
    const file = path.join(dir, name);
    if ((await fs.stat(file)).isFile()) out.set(name.split(path.sep).join('/'), await fs.readFile(file));
  }
  return out;
}

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `bu ...args` with `BU_OUTPUT=output`. */
export function runCli(args: string[], output: string): CliResult {
  const result = spawnSync(process.execPath, [kBuBin, ...args], {
    cwd: kRepo,
    env: { ...process.env, BU_OUTPUT: output },
    encoding: 'utf8',
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/**
 * A fresh temp dir outside the repo: `test-results/` is wiped whenever any Playwright run starts
 * in this checkout, so files a test keeps across steps live in the system temp dir.
 */
export async function tempDir(prefix = 'bu-extract-'): Promise<string> {
  return fs.mkdtemp(path.join(os.tmpdir(), prefix));
}
