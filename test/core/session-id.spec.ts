import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '../support/fixtures.ts';
import { reserveSessionId } from '../../core/session-id.ts';

test('runs started in the same millisecond get different session ids', async () => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bu-ids-'));
  const ids = await Promise.all(Array.from({ length: 20 }, () => reserveSessionId(dir, 'script', 1_714_062_110_123)));
  expect(new Set(ids).size).toBe(20);
  expect(ids).toContain('script-1714062110123');
  for (const id of ids) expect(id).toMatch(/^script-17140621101\d\d$/);
  // Another command's ids are independent.
  expect(await reserveSessionId(dir, 'explore', 1_714_062_110_123)).toBe('explore-1714062110123');
});
