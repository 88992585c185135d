import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '../support/fixtures.ts';
import { resolveBrowser } from '../../core/browser.ts';
import { UsageError } from '../../core/errors.ts';
import { runCli } from '../../harness/cli.ts';

test('with no Chromium anywhere, resolution says what to install', () => {
  const resolve = () => resolveBrowser({}, { playwrightPath: null, systemCandidates: ['/nonexistent/chromium'] });
  expect(resolve).toThrow(UsageError);
  expect(resolve).toThrow('no Chromium found');
  try {
    resolve();
  } catch (err) {
    expect((err as UsageError).hint).toContain('make setup');
    expect((err as UsageError).hint).toContain('BU_BROWSER');
  }
});

test('BU_BROWSER wins, and a wrong one is refused rather than silently replaced', () => {
  expect(resolveBrowser({ BU_BROWSER: process.execPath }).executablePath).toBe(process.execPath);
  expect(() => resolveBrowser({ BU_BROWSER: '/nonexistent/chromium' })).toThrow('is not an executable file');
});

test('a headless launch takes a system headless shell; a headed one, an override or Playwright\'s own browser never does', async () => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bu-shell-'));
  const [shell, full] = [path.join(dir, 'chromium-headless-shell'), path.join(dir, 'chromium')];
  for (const file of [shell, full]) await fs.writeFile(file, '#!/bin/sh\n', { mode: 0o755 });
  const system = { playwrightPath: null, systemCandidates: [full], shellCandidates: [path.join(dir, 'missing'), shell] };
  expect(resolveBrowser({}, { ...system, headless: true })).toEqual({ executablePath: shell, source: 'system', shell: true });
  expect(resolveBrowser({}, { ...system, headless: false })).toEqual({ executablePath: full, source: 'system', shell: false });
  expect(resolveBrowser({}, system).executablePath).toBe(full);
  expect(resolveBrowser({}, { ...system, headless: true, shellCandidates: [path.join(dir, 'missing')] }).executablePath).toBe(full);
  expect(resolveBrowser({ BU_BROWSER: full }, { ...system, headless: true }).executablePath).toBe(full);
  expect(resolveBrowser({}, { ...system, headless: true, playwrightPath: full })).toEqual({ executablePath: full, source: 'playwright', shell: false });
  await fs.rm(dir, { recursive: true, force: true });
});

test('a capture with a missing browser exits 2 with the way out, before recording anything', async () => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bu-nobrowser-'));
  const plan = path.join(dir, 'plan.json');
  await fs.writeFile(plan, JSON.stringify({ version: 1, steps: [{ done: { text: 'ok', success: true } }] }));
  const result = await runCli(['capture', 'script', '--url', 'http://127.0.0.1:9/', '--plan', plan], {
    cwd: dir,
    env: { BU_BROWSER: path.join(dir, 'no-such-chromium'), BU_OUTPUT: path.join(dir, 'output') },
  });
  expect(result.code).toBe(2);
  expect(result.stderr).toContain('BU_BROWSER');
  expect(result.stderr).not.toMatch(/\n\s+at /);
  await expect(fs.access(path.join(dir, '.brow-use', 'runs.json'))).rejects.toThrow();
});
