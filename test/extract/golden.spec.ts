import fs from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '../support/fixtures.ts';
import type { z } from 'zod';
import { ActionRecord, AriaRecord, ConsoleRecord, EdgeRecord, ExtractManifest, NetworkRecord, StepRecord } from '../../core/schema/extract.ts';
import { extractInto, tempDir, kExpected, kFixtures, kSessionId, kUpdateGolden, readTree } from './support/helpers.ts';

/** Fixture traces -> expected files, byte for byte. Screenshots are compared by name and bytes across runs. */

const kLineSchemas: Record<string, z.ZodType> = {
  'actions.jsonl': ActionRecord, 'steps.jsonl': StepRecord, 'aria.jsonl': AriaRecord,
  'edges.jsonl': EdgeRecord, 'network.jsonl': NetworkRecord, 'console.jsonl': ConsoleRecord,
};

interface Case {
  name: string;
  /** Prepares the output root and returns the extract target. */
  setup(root: string): Promise<string>;
}

const kCases: Case[] = [
  {
    name: 'session-v10',
    async setup(root) {
      await fs.cp(path.join(kFixtures, 'session'), root, { recursive: true });
      return kSessionId;
    },
  },
  ...[6, 7, 8, 9].map((v) => ({ name: `v${v}`, setup: async () => path.join(kFixtures, `v${v}.zip`) })),
  { name: 'testrunner-v10', setup: async () => path.join(kFixtures, 'testrunner-v10.zip') },
];

for (const c of kCases) {
  test(`golden: ${c.name}`, async () => {
    const root = await tempDir();
    await fs.mkdir(root, { recursive: true });
    const target = await c.setup(root);
    const first = await extractInto(root, target);
    const tree = await readTree(first.dir);
    const expectedDir = path.join(kExpected, c.name);
    const textFiles = [...tree.keys()].filter((n) => !n.startsWith('screenshots/'));
    if (kUpdateGolden) {
      await fs.rm(expectedDir, { recursive: true, force: true });
      await fs.mkdir(expectedDir, { recursive: true });
      for (const name of textFiles) await fs.writeFile(path.join(expectedDir, name), tree.get(name)!);
    }
    const expectedNames = (await fs.readdir(expectedDir)).sort();
    expect(textFiles.sort()).toEqual(expectedNames);
    for (const name of textFiles) {
      const expected = await fs.readFile(path.join(expectedDir, name));
      expect(tree.get(name)!.equals(expected), `${c.name}/${name} differs from ${expectedDir}/${name} (UPDATE_GOLDEN=1 rewrites)`).toBe(true);
    }
    // Every line parses with its schema; the manifest lists exactly the files written.
    const manifest = ExtractManifest.parse(JSON.parse(tree.get('manifest.json')!.toString('utf8')));
    expect([...manifest.files].sort()).toEqual([...tree.keys()].filter((n) => n !== 'manifest.json').sort());
    for (const [name, schema] of Object.entries(kLineSchemas)) {
      const lines = tree.get(name)!.toString('utf8').split('\n').filter(Boolean);
      for (const line of lines) schema.parse(JSON.parse(line));
    }
    // A second run gives identical bytes, screenshots included.
    const second = await extractInto(root, target);
    const again = await readTree(second.dir);
    expect([...again.keys()]).toEqual([...tree.keys()]);
    for (const [name, bytes] of tree) expect(again.get(name)!.equals(bytes), `${name} changed between runs`).toBe(true);
  });
}

test('older versions derived from one v10 trace give the same actions', async () => {
  const root = await tempDir();
  const actions: string[] = [];
  for (const v of [7, 8, 9]) {
    const result = await extractInto(root, path.join(kFixtures, `v${v}.zip`));
    actions.push(await fs.readFile(path.join(result.dir, 'actions.jsonl'), 'utf8'));
  }
  expect(actions[0]).toBe(actions[1]);
  expect(actions[1]).toBe(actions[2]);
  // v6 has no monotonic clock origin, so only its times differ.
  const v6 = await extractInto(root, path.join(kFixtures, 'v6.zip'));
  const strip = (text: string) => text.split('\n').filter(Boolean).map((l) => {
    const { startMs: _s, endMs: _e, ...rest } = JSON.parse(l) as Record<string, unknown>;
    return rest;
  });
  expect(strip(await fs.readFile(path.join(v6.dir, 'actions.jsonl'), 'utf8'))).toEqual(strip(actions[2]!));
});

test('the session extract joins sidecars and redacts the password everywhere', async () => {
  const root = await tempDir();
  await fs.cp(path.join(kFixtures, 'session'), root, { recursive: true });
  const result = await extractInto(root, kSessionId);
  const tree = await readTree(result.dir);
  for (const [name, bytes] of tree) expect(bytes.includes('hunter2-secret'), `${name} leaks the password`).toBe(false);
  const steps = tree.get('steps.jsonl')!.toString('utf8').split('\n').filter(Boolean).map((l) => StepRecord.parse(JSON.parse(l)));
  expect(steps.map((s) => s.step)).toEqual([1, 2, 3, 4, 5, 6]);
  expect(steps[1]!.intent).toBe('enter the credentials');
  expect(steps[4]!.error).toContain('Timeout');
  expect(steps[2]!.ariaLog?.title).toBe('Sign in');
  const actions = tree.get('actions.jsonl')!.toString('utf8').split('\n').filter(Boolean).map((l) => ActionRecord.parse(JSON.parse(l)));
  const pw = actions.find((a) => a.locator?.selector === '#pw')!;
  expect(pw.params.value).toBe('{{secret:password}}');
  expect(pw.redacted[0]!.param).toBe('value');
  const email = actions.find((a) => a.locator?.code === "getByLabel('Email')")!;
  expect(email.params.value).toBe('ann@example.com');
  expect(result.manifest.sidecars).toEqual({ reasoning: true, ariaLog: true, history: false });
});
