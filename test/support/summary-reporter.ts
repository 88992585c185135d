import path from 'node:path';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** How many of the files that took the longest the closing lines name. */
const kSlowestFiles = 6;

/**
 * Prints one closing line `N passed, N failed, N skipped` that CI tooling can read, after how
 * many worker processes the run started (each starts Node, Playwright and the modules of its files
 * again: the suite keeps to its configured workers unless a test fails, test/support/fixtures.ts)
 * and the files that took the longest: the seconds their tests ran in all and when their last test
 * ended, the run's time being the longest chain of a file's tests, not their sum.
 */
export default class SummaryReporter implements Reporter {
  private passed = 0;
  private failed = 0;
  private skipped = 0;
  /** Playwright numbers worker processes from 0 in the order they start. */
  private workers = new Set<number>();
  private readonly began = Date.now();
  /** By spec file: its tests' summed duration and when the last one ended (ms from the start). */
  private files = new Map<string, { ms: number; endedAt: number }>();

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.workerIndex >= 0) this.workers.add(result.workerIndex);
    const file = this.files.get(test.location.file) ?? { ms: 0, endedAt: 0 };
    this.files.set(test.location.file, { ms: file.ms + result.duration, endedAt: Math.max(file.endedAt, Date.now() - this.began) });
    if (result.retry < test.retries && result.status !== 'passed' && result.status !== 'skipped') return;
    if (result.status === 'skipped') this.skipped++;
    else if (result.status === 'passed' || test.outcome() === 'flaky') this.passed++;
    else this.failed++;
  }

  onEnd(_result: FullResult): void {
    const slowest = [...this.files].sort((a, b) => b[1].ms - a[1].ms).slice(0, kSlowestFiles)
      .map(([file, { ms, endedAt }]) => `  ${path.relative(process.cwd(), file)}: ${(ms / 1000).toFixed(0)} s of tests, last ended at ${(endedAt / 60_000).toFixed(1)} min`);
    process.stdout.write(`\nslowest files:\n${slowest.join('\n')}\n`);
    process.stdout.write(`\n${this.workers.size} worker processes\n${this.passed} passed, ${this.failed} failed, ${this.skipped} skipped\n`);
  }

  printsToStdio(): boolean {
    return false;
  }
}
