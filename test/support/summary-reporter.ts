import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** Prints one closing line `N passed, N failed, N skipped` that CI tooling can read. */
export default class SummaryReporter implements Reporter {
  private passed = 0;
  private failed = 0;
  private skipped = 0;

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.retry < test.retries && result.status !== 'passed' && result.status !== 'skipped') return;
    if (result.status === 'skipped') this.skipped++;
    else if (result.status === 'passed' || test.outcome() === 'flaky') this.passed++;
    else this.failed++;
  }

  onEnd(_result: FullResult): void {
    process.stdout.write(`\n${this.passed} passed, ${this.failed} failed, ${this.skipped} skipped\n`);
  }

  printsToStdio(): boolean {
    return false;
  }
}
