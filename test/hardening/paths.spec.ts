import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '../support/fixtures.ts';
import fc from 'fast-check';
import { sessionFile } from '../../capture/actions/files.ts';
import { insideDir, outputPaths } from '../../core/paths.ts';
import { extractTrace } from '../../extract/extract.ts';
import { confinedPath } from '../../mcp/page-files.ts';
import { kRepoRoot } from '../../harness/cli.ts';
import { runMain } from './support/run-main.ts';

/**
 * Paths: every file-writing command and tool refuses a path outside its output dir, whatever the
 * spelling (`..`, absolute, mixed separators, NUL), and an id taken from input never names a
 * folder outside the one it belongs in.
 */

const kFixtureZip = path.join(kRepoRoot, 'test', 'extract', 'fixtures', 'testrunner-v10.zip');

let dir: string;
test.beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bu-hard-paths-'));
});
test.afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

const segment = fc.oneof(fc.constantFrom('..', '.', '', 'a', 'pom', '..a', 'a..', '...', '\u0000', '~', 'C:', '%2e%2e'), fc.string({ maxLength: 6 }));
const hostilePath = fc.tuple(fc.boolean(), fc.array(segment, { minLength: 1, maxLength: 6 }), fc.constantFrom('/', '\\'))
  .map(([absolute, parts, sep]) => (absolute ? sep : '') + parts.join(sep));

test('write_file/read_file/replace_file, mcp write tools and generate resolve inside their dir or refuse', () => {
  const root = path.join(dir, 'root');
  const resolvers: [string, (p: string) => string][] = [
    ['insideDir', (p) => insideDir(root, p)],
    ['session files', (p) => sessionFile(root, p)],
    ['mcp confinedPath', (p) => confinedPath(root, p)],
  ];
  let refused = 0;
  fc.assert(fc.property(hostilePath, (wanted) => {
    for (const [name, resolve] of resolvers) {
      let resolved: string | null = null;
      try {
        resolved = resolve(wanted);
      } catch (err) {
        refused++;
        expect((err as Error).message, name).toContain(wanted);
        continue;
      }
      const rel = path.relative(root, resolved);
      expect(rel === '' || (!rel.startsWith(`..${path.sep}`) && rel !== '..' && !path.isAbsolute(rel)), `${name}: ${wanted} -> ${resolved}`).toBe(true);
    }
  }), { numRuns: 500 });
  expect(refused).toBeGreaterThan(100);
});

test('extract ids from zip names never leave extract/ and never replace it', async () => {
  const root = path.join(dir, 'extract-ids');
  const paths = outputPaths(path.join(root, 'out'));
  const nested = path.join(root, 'a', 'b');
  await fs.mkdir(nested, { recursive: true });
  // An earlier extract that a hostile name must not remove.
  await fs.copyFile(kFixtureZip, path.join(root, 'keep.zip'));
  await extractTrace(path.join(root, 'keep.zip'), { paths, cwd: root });
  for (const name of ['..zip', '...zip', '.zip', '.ZIP', 'x.zip']) await fs.copyFile(kFixtureZip, path.join(root, name));
  const results = [];
  for (const target of ['../../..zip', '../../...zip', '../../.zip', '../../.ZIP', '../../x.zip']) {
    results.push(await extractTrace(target, { paths, cwd: nested }));
  }
  for (const result of results) {
    const rel = path.relative(path.join(paths.root, 'extract'), result.dir);
    expect(rel, result.dir).toMatch(/^[^./\\][^/\\]*$/);
  }
  expect((await fs.readdir(path.join(paths.root, 'extract'))).sort()).toEqual(['keep', 'trace', 'x']);
  expect(await fs.readdir(path.join(paths.root, 'extract', 'keep'))).toContain('manifest.json');
  expect((await fs.readdir(root)).sort()).toEqual(['..zip', '...zip', '.ZIP', '.zip', 'a', 'keep.zip', 'out', 'x.zip'].sort());
});

test('replay and generate refuse ids that would climb out of their folders, before any browser', async () => {
  const cwd = process.cwd();
  const root = path.join(dir, 'ids');
  await fs.mkdir(root, { recursive: true });
  const history = JSON.parse(await fs.readFile(path.join(kRepoRoot, 'test', 'hardening', 'fixtures', 'history-v1.json'), 'utf8')) as Record<string, unknown>;
  const saved = process.env.BU_OUTPUT;
  process.chdir(root);
  process.env.BU_OUTPUT = path.join(root, 'out');
  try {
    for (const sessionId of ['../../../escaped', '..', '/tmp/escaped', 'a/b', 'a\\b', '']) {
      await fs.writeFile(path.join(root, 'h.json'), JSON.stringify({ ...history, sessionId }));
      const run = await runMain(['replay', 'h.json']);
      expect(run.code, `${sessionId}: ${run.stderr}`).toBe(2);
      expect(run.stderr).toMatch(/^bu: .*(sessionId|Too small)/);
    }
    for (const args of [['generate', '../../x'], ['generate', '..', '--out', '../../elsewhere'], ['generate', 'a/b']]) {
      const run = await runMain(args);
      expect(run.code, `${args.join(' ')}: ${run.stderr}`).toBe(2);
    }
  } finally {
    process.chdir(cwd);
    if (saved === undefined) delete process.env.BU_OUTPUT;
    else process.env.BU_OUTPUT = saved;
  }
  expect((await fs.readdir(root)).sort()).toEqual(['h.json']);
  expect(await fs.readdir(dir)).not.toContain('escaped');
  await expect(fs.access(path.join(dir, 'elsewhere'))).rejects.toThrow();
});
