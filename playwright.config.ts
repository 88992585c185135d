import { defineConfig } from '@playwright/test';
import { launchOptions } from './core/browser.ts';

// The suite's workers read Playwright's compile cache from the runner's folder (BU_RUNNER_TRANSFORM_CACHE,
// test/support/global-setup.ts). A worker has read it by the time it loads this config: what it
// starts (nested Playwright runs of generated projects) compiles into the run's temporary folder.
if (process.env.TEST_WORKER_INDEX !== undefined && process.env.BU_RUNNER_TRANSFORM_CACHE === '1') {
  delete process.env.PLAYWRIGHT_TRANSFORM_CACHE_DIR;
  delete process.env.BU_RUNNER_TRANSFORM_CACHE;
}

/**
 * Files whose tests start tracing on their own contexts (a capture records its trace; the adapter
 * test reads one): the runner's tracing would already own each context's tracer, so the runner
 * traces none of theirs. Trace is a worker option, and a worker is reused only for tests with the
 * same worker options: a `test.use({ trace })` in these files made the runner stop a worker and start
 * another at each switch to or from one of them. In a project of their own, first in the queue and
 * one worker at a time, they run one after another in one worker at the start of the run, which
 * then goes on with the rest (one worker started more, not one per switch).
 */
const kOwnTracing = ['**/test/capture/session.spec.ts', '**/test/core/api.spec.ts', '**/test/core/playwright-internals.spec.ts'];

/**
 * The suite's longest chains, queued first in a project of their own so they start at the
 * beginning of the run beside the short tests, not where they fall in the alphabet: the packed
 * install's one test (minutes: npm install, the whole pipeline, a type check and a Playwright run
 * in a fresh project) and the two heal files whose tests run in order on one project (serial: each
 * test heals what the one before left). A fresh clone's run that reached test/heal/suite.spec.ts
 * two thirds of the way through ended on its three-minute chain while the other workers had
 * nothing left to run (8.5 min, 802 tests). A project has workers of its own: one worker more,
 * once. Only these: the heal and generated-project files queued first as well ran their nested
 * Playwright runs all at once, on every worker, and on a loaded machine several of them failed.
 */
const kFirst = ['**/test/package/install.spec.ts', '**/test/heal/suite.spec.ts', '**/test/heal/heal.spec.ts'];

/** The project's own test suite. Every server a test needs is started by the test on 127.0.0.1. */
export default defineConfig({
  testDir: 'test',
  testMatch: '**/*.spec.ts',
  globalSetup: './test/support/global-setup.ts',
  outputDir: 'test-results',
  fullyParallel: true,
  // Three workers a core: many tests wait on servers, page loads, timeouts that must pass and child
  // processes, and more workers use that time. On an idle machine (796 tests, warm install) the run
  // took 7.3 min with four, 6.5 min with six and 7.5 min with eight: past six the two cores are
  // busy all the time and more workers only queue for them. Tests assert no timings (make bench does).
  workers: 6,
  timeout: 60_000,
  forbidOnly: Boolean(process.env.CI),
  // Tests tagged @bench prove on one more real app what another test here proves already: make
  // bench runs them (bench/tagged-specs.bench.ts sets BU_BENCH_SPECS=1), the suite leaves them out
  // to stay within its time.
  ...(process.env.BU_BENCH_SPECS === '1' ? { grep: /@bench/ } : { grepInvert: /@bench/ }),
  reporter: [['list'], ['./test/support/summary-reporter.ts']],
  use: {
    launchOptions: launchOptions(),
    // A failed test keeps its trace: actions with their call logs and errors, console, network
    // and sources. Every test is traced until it passes, so the costly parts are left out: the
    // screencast cost about a sixth of the browser-heavy files' time, and DOM snapshots before and
    // after every call cost 15% of their CPU (82 demo and replay tests: 136 -> 116 CPU-s). For
    // those, run the failed test again with `--trace on`.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false },
  },
  projects: [
    { name: 'own-tracing', testMatch: kOwnTracing, use: { trace: 'off' }, workers: 1 },
    { name: 'first', testMatch: kFirst },
    { testIgnore: [...kOwnTracing, ...kFirst] },
  ],
});
