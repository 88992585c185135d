import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/**
 * Prints one closing line `N passed, N failed, N skipped` that CI tooling can read, after how
 * many worker processes the run started (each starts Node, Playwright and the modules of its files
 * again: the suite keeps to its configured workers unless a test fails, test/support/fixtures.ts).
 */
export default class SummaryReporter implements Reporter {
  private passed = 0;
  private failed = 0;
  private skipped = 0;
  /** Playwright numbers worker processes from 0 in the order they start. */
  private workers = new Set<number>();

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.workerIndex >= 0) this.workers.add(result.workerIndex);
    if (result.retry < test.retries && result.status !== 'passed' && result.status !== 'skipped') return;
    if (result.status === 'skipped') this.skipped++;
    else if (result.status === 'passed' || test.outcome() === 'flaky') this.passed++;
    else this.failed++;
  }

  onEnd(_result: FullResult): void {
    process.stdout.write(`\n${this.workers.size} worker processes\n${this.passed} passed, ${this.failed} failed, ${this.skipped} skipped\n`);
  }

  printsToStdio(): boolean {
    return false;
  }
}
