/**
 * Set when the suite's workers read Playwright's compile cache from the runner's folder
 * (global-setup.ts): a worker forgets the folder once it has read it (playwright.config.ts).
 */
export const kRunnerTransformCache = 'BU_RUNNER_TRANSFORM_CACHE';

/**
 * In a worker, which has read its compile cache folder by the time it loads the config: the
 * processes it starts go back to the run's temporary folder, as they would without the setting.
 */
export function forgetRunnerTransformCache(): void {
  if (process.env.TEST_WORKER_INDEX === undefined || process.env[kRunnerTransformCache] !== '1') return;
  delete process.env.PLAYWRIGHT_TRANSFORM_CACHE_DIR;
  delete process.env[kRunnerTransformCache];
}
