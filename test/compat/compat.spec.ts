import { spawn } from 'node:child_process';
import path from 'node:path';
import { expect, test } from '@playwright/test';

/**
 * The private-API adapter test, the locator read-back test and one run of the whole pipeline at
 * the lowest Playwright in peerDependencies (test/compat/run.mjs, which installs that release once
 * into .tmp-compat/). A test of the suite, so it runs beside the others instead of before them;
 * `make test-compat` runs it alone.
 */

const kRunner = path.join(import.meta.dirname, 'run.mjs');

test.describe.configure({ timeout: 300_000 });

test('the adapter, locator and pipeline tests pass at the lowest supported Playwright', async () => {
  const { code, output } = await new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [kRunner], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
  expect(code, output).toBe(0);
  expect(output).toMatch(/\d+ passed/);
});
