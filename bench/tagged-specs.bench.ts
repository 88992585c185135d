/**
 * The suite's tests tagged @bench: `npx tsx bench/tagged-specs.bench.ts`. Each proves on one more
 * real app what another test of the suite proves already, so `make test` leaves them out to stay
 * within its time (playwright.config.ts) and this runs them, with the suite's config. Unlike the
 * other benchmarks it fails when one of them fails: they are tests, not measurements.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { kRepoRoot } from '../harness/cli.ts';

const run = spawnSync(process.execPath, [path.join(kRepoRoot, 'node_modules', '@playwright', 'test', 'cli.js'), 'test', ...process.argv.slice(2)], {
  cwd: kRepoRoot, stdio: 'inherit', env: { ...process.env, BU_BENCH_SPECS: '1' },
});
process.exit(run.status ?? 1);
