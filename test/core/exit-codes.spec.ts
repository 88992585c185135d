import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '../support/fixtures.ts';
import { kExitCodes } from '../../cli/main.ts';
import { kRepoRoot } from '../../harness/cli.ts';

/** README.md documents every code `bu` exits with, and no other. */

test('the README exit code table lists exactly the codes the CLI returns', () => {
  const readme = fs.readFileSync(path.join(kRepoRoot, 'README.md'), 'utf8');
  const at = readme.indexOf('Exit codes');
  expect(at, 'README.md has an "Exit codes" section').toBeGreaterThan(0);
  const table = readme.slice(at).split('\n\n')[1] ?? '';
  const documented = [...table.matchAll(/^\| (\d+) \|/gm)].map((m) => Number(m[1]));
  expect(documented.sort((a, b) => a - b)).toEqual(Object.values(kExitCodes).sort((a, b) => a - b));
});
