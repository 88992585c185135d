import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { kBuBin, kRepoRoot } from '../../harness/cli.ts';

/**
 * Before the suite: tests run `bu` as the package ships it (compiled JavaScript in dist/), which
 * starts in about half the time the TypeScript sources take through tsx. The build runs here when
 * any source is newer than the compiled entry, so the suite never runs stale code; `make test`
 * has built it already.
 */

/** What the build compiles (tsconfig.build.json's include), and the files that steer it. */
const kBuildInputs = ['api', 'commands', 'core', 'cli', 'report', 'capture', 'extract', 'generate', 'heal', 'replay', 'locate', 'mcp', 'demo', 'extension', 'tsconfig.json', 'tsconfig.build.json', 'package.json', 'scripts/build.js'];
const kNotInputs = new Set(['dist', 'node_modules']);

/** The newest file under `file` (directories' own times left out: the build itself writes into extension/). */
function newestMtime(file: string): number {
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(file)) if (!kNotInputs.has(entry)) newest = Math.max(newest, newestMtime(path.join(file, entry)));
  return newest;
}

/**
 * Every test, the `bu` processes it starts, their browsers' profiles and nested Playwright runs make
 * their temporary folders under one folder of this run (TMPDIR, which the workers and their children
 * inherit), removed when the run ends: a run leaves nothing in the system's temporary folder. Set
 * BU_KEEP_TMP=1 to keep it for a look after the run.
 */
function runTempDir(): () => void {
  keepTransformCache();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bu-suite-'));
  process.env.TMPDIR = dir;
  return () => {
    if (process.env.BU_KEEP_TMP) console.log(`temporary files of this run kept in ${dir}`);
    else fs.rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  };
}

/**
 * Playwright compiles each TypeScript file once into a cache in the temporary folder, where the
 * runner has compiled every test file and what it imports already, to list the tests. A worker
 * reads the folder from TMPDIR when it starts, so the run's own TMPDIR above would give every run's
 * workers an empty cache, and they would compile the whole import graph again (~10 CPU-s for one
 * worker on test/core/config.spec.ts alone). They read the runner's instead, which Playwright keys
 * by each file's path and text; what they start (nested Playwright runs of generated projects, in
 * folders no later run has) compiles into the run's folder again (playwright.config.ts).
 */
function keepTransformCache(): void {
  if (process.env.PLAYWRIGHT_TRANSFORM_CACHE_DIR) return;
  const name = process.platform === 'win32' ? 'playwright-transform-cache' : `playwright-transform-cache-${process.geteuid!()}`;
  process.env.PLAYWRIGHT_TRANSFORM_CACHE_DIR = path.join(os.tmpdir(), name);
  process.env.BU_RUNNER_TRANSFORM_CACHE = '1';
}

export default function globalSetup(): () => void {
  buildIfStale();
  return runTempDir();
}

function buildIfStale(): void {
  const built = fs.statSync(kBuBin, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  const sources = Math.max(...kBuildInputs.map((input) => newestMtime(path.join(kRepoRoot, input))));
  if (built > sources) return;
  const build = spawnSync(process.execPath, [path.join(kRepoRoot, 'scripts', 'build.js')], { cwd: kRepoRoot, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the build before the suite failed (node scripts/build.js)');
}
