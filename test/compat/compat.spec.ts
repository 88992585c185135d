import path from 'node:path';
import { expect, test } from '@playwright/test';
import { runNode } from '../../harness/cli.ts';

/**
 * The private-API adapter test, the locator read-back test and one run of the whole pipeline at
 * the lowest Playwright in peerDependencies (test/compat/run.mjs, which installs that release once
 * into .tmp-compat/). A test of the suite, so it runs beside the others instead of before them;
 * `make test-compat` runs it alone. The pipeline test (pipeline.spec.ts) runs only there: at the
 * highest Playwright the packed install test runs the pipeline.
 */

const kRunner = path.join(import.meta.dirname, 'run.mjs');
const kTimeoutMs = 300_000;

test.describe.configure({ timeout: kTimeoutMs });

test('the adapter, locator and pipeline tests pass at the lowest supported Playwright', async () => {
  const { code, stdout, stderr } = await runNode(kRunner, [], { timeoutMs: kTimeoutMs });
  const output = stdout + stderr;
  expect(code, output).toBe(0);
  expect(output).toMatch(/\d+ passed/);
});
