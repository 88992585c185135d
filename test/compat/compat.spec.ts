import path from 'node:path';
import { expect, test } from '../support/fixtures.ts';
import { runNode } from '../../harness/cli.ts';

/**
 * The private-API adapter test, the locator read-back test and a type check of the shipped sources
 * at the lowest Playwright in peerDependencies (test/compat/run.mjs, which installs that release
 * once into .tmp-compat/). A test of the suite, so it runs beside the others instead of before them;
 * `make test-compat` runs it alone. The whole pipeline at the lowest runs in the packed install
 * test (test/package/install.spec.ts), whose project has that release.
 */

const kRunner = path.join(import.meta.dirname, 'run.mjs');
const kTimeoutMs = 300_000;

test.describe.configure({ timeout: kTimeoutMs });

test('the adapter and locator tests and the type check pass at the lowest supported Playwright', async () => {
  const { code, stdout, stderr } = await runNode(kRunner, [], { timeoutMs: kTimeoutMs });
  const output = stdout + stderr;
  expect(code, output).toBe(0);
  expect(output).toMatch(/\d+ passed/);
});
