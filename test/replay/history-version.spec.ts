import fs from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { History, kHistoryVersion } from '../../core/schema/history.ts';

const kFixture = path.join(import.meta.dirname, '..', 'hardening', 'fixtures', 'history-v1.json');

test('a version 1 history migrates forward: fingerprints gain an unknown container', async () => {
  const raw = JSON.parse(await fs.readFile(kFixture, 'utf8')) as { version: number; steps: { action: string; fingerprint: unknown }[] };
  expect(raw.version).toBe(1);
  const history = History.parse(raw);
  expect(history.version).toBe(kHistoryVersion);
  const withTargets = history.steps.filter((s) => s.fingerprint);
  expect(withTargets.length).toBeGreaterThan(0);
  for (const step of withTargets) expect(step.fingerprint!.container).toBeNull();
  expect(history.steps.map((s) => s.action)).toEqual(raw.steps.map((s) => s.action));
});

test('a history newer than this build, or a current one without containers, does not parse', async () => {
  const raw = JSON.parse(await fs.readFile(kFixture, 'utf8')) as Record<string, unknown>;
  expect(History.safeParse({ ...raw, version: kHistoryVersion + 1 }).success).toBe(false);
  expect(History.safeParse({ ...raw, version: kHistoryVersion }).success).toBe(false);
});
