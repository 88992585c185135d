import { test } from '@playwright/test';

/**
 * A real app the test needs is not installed here (`reason` says what is missing, or is null when
 * it is). Locally the test is skipped with that reason; where `BU_REQUIRE_REAL_APPS=1` (`.ci/run`
 * sets it) a missing app fails the test instead, so a broken install never passes as green.
 */
export function needRealApp(reason: string | null): void {
  if (reason === null) return;
  if (process.env.BU_REQUIRE_REAL_APPS === '1') {
    throw new Error(`${reason}: this run requires every real app; install them with \`make test-deps\` (npm ci and apt-get)`);
  }
  test.skip(true, reason);
}
