import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '../support/fixtures.ts';
import fc from 'fast-check';
import { outputPaths } from '../../core/paths.ts';
import { extractTrace } from '../../extract/extract.ts';
import { kRepoRoot } from '../../harness/cli.ts';
import { outcomeOf } from '../../harness/hardening/clean-failure.ts';
import { mutatedBytes } from '../../harness/hardening/mutate.ts';

/**
 * Trace zips as hostile input: random bytes, truncations and byte flips of a real trace go
 * through the whole extract. Each one extracts or fails with a sentence; a failure leaves no
 * extract dir and no temp dir behind.
 */

const kValid = path.join(kRepoRoot, 'test', 'extract', 'fixtures', 'testrunner-v10.zip');
/** An extract of the 30 KB fixture takes tens of milliseconds; 150 of each kind stay under ~20 s. */
const kRuns = 150;

let dir: string;
test.beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bu-hard-zip-'));
});
test.afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

let counter = 0;
async function extractBytes(data: Buffer): Promise<{ outcome: 'ok' | 'usage'; left: string[] }> {
  const root = path.join(dir, `case-${counter++}`);
  const paths = outputPaths(path.join(root, 'out'));
  const zip = path.join(root, 'input.zip');
  await fs.mkdir(root, { recursive: true });
  await fs.writeFile(zip, data);
  const outcome = await outcomeOf(`zip of ${data.length} bytes`, () => extractTrace(zip, { paths, cwd: root }), 30_000);
  const left = await fs.readdir(path.join(paths.root, 'extract')).catch(() => []);
  await fs.rm(root, { recursive: true, force: true });
  return { outcome, left };
}

test('random bytes, with and without a zip signature', async () => {
  await fc.assert(fc.asyncProperty(fc.uint8Array({ maxLength: 4096 }), fc.boolean(), async (bytes, signed) => {
    const data = Buffer.concat([signed ? Buffer.from('PK\x03\x04') : Buffer.alloc(0), Buffer.from(bytes)]);
    const { outcome, left } = await extractBytes(data);
    expect(outcome).toBe('usage');
    expect(left).toEqual([]);
  }), { numRuns: kRuns });
});

test('truncated and bit-flipped real traces extract or fail cleanly, never half-written', async () => {
  test.setTimeout(120_000);
  const valid = await fs.readFile(kValid);
  const counts = { ok: 0, usage: 0 };
  await fc.assert(fc.asyncProperty(mutatedBytes(valid), async (data) => {
    const { outcome, left } = await extractBytes(data);
    counts[outcome]++;
    // A success leaves exactly the extract dir; a failure leaves nothing (no temp dir either).
    expect(left).toEqual(outcome === 'ok' ? ['input'] : []);
  }), { numRuns: kRuns * 2 });
  expect(counts.usage).toBeGreaterThan(kRuns / 2);
});
