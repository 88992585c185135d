import fs from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '../support/fixtures.ts';
import { ActionRecord, EdgeRecord, ExtractManifest, StepRecord } from '../../core/schema/extract.ts';
import { runPlaywrightTest } from './support/pw-run.ts';
import { readTree, runCli, tempDir } from './support/helpers.ts';

/** Extracts the trace of a real `@playwright/test --trace on` run (spawned, with its own page). */

test('extracts a trace written by a real @playwright/test run', async () => {
  test.setTimeout(180_000);
  const dir = await tempDir('bu-extract-pwrun-');
  const zip = await runPlaywrightTest(path.join(dir, 'project'));
  const output = path.join(dir, 'output');
  const result = runCli(['extract', zip, '--json'], output);
  expect(result.code, result.stderr).toBe(0);
  const summary = JSON.parse(result.stdout.trim().split('\n').pop()!) as { dir: string };
  const tree = await readTree(summary.dir);
  const manifest = ExtractManifest.parse(JSON.parse(tree.get('manifest.json')!.toString('utf8')));
  expect(manifest.trace.origin).toBe('mixed');
  expect(manifest.trace.traceFiles).toContain('test.trace');
  const lines = (name: string) => tree.get(name)!.toString('utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as unknown);
  const actions = lines('actions.jsonl').map((l) => ActionRecord.parse(l));
  // Merged by callId: each API call appears once, test-runner steps are not actions.
  expect(new Set(actions.map((a) => a.callId)).size).toBe(actions.length);
  expect(actions.map((a) => a.apiName)).toEqual(expect.arrayContaining(['page.goto', 'locator.fill', 'locator.click']));
  const fill = actions.find((a) => a.apiName === 'locator.fill')!;
  expect(fill.locator?.code).toBe("getByLabel('Password')");
  expect(fill.params.value).toBe('{{secret:password}}');
  const click = actions.find((a) => a.apiName === 'locator.click')!;
  expect(click.locator?.code).toBe("getByRole('button', { name: 'Continue' })");
  expect(click.urlAfter).toMatch(/\/home$/);
  expect(click.screenshot).not.toBeNull();
  // The test.step becomes a step holding the fill and the click.
  const steps = lines('steps.jsonl').map((l) => StepRecord.parse(l));
  expect(steps).toHaveLength(1);
  expect(steps[0]!.title).toBe('sign in');
  expect(steps[0]!.actions).toEqual([fill.callId, click.callId]);
  const edges = lines('edges.jsonl').map((l) => EdgeRecord.parse(l));
  expect(edges.find((e) => e.callId === click.callId)).toMatchObject({ confidence: 'high', inferredBy: 'navigation-in-action' });
  for (const [name, bytes] of tree) expect(bytes.includes('pw-in-clear-text'), `${name} leaks the password`).toBe(false);
  await fs.rm(dir, { recursive: true, force: true });
});
