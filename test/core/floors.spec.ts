import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '../support/fixtures.ts';
import { kRepoRoot } from '../../harness/cli.ts';

/**
 * Imports only go down a floor (core <- locate, demo <- capture, extract, replay <- extension <-
 * generate, report <- heal <- commands <- mcp, api <- cli), and only test/ and bench/ import from test/ and bench/: `make check` runs
 * oxlint with .oxlintrc.json, so a file that climbs a floor fails it. Each probe is one import in
 * a scratch tree laid out like the repository, linted with a copy of the project's config.
 */

const kOxlint = path.join(kRepoRoot, 'node_modules', '.bin', 'oxlint');
const kFloor = 'imports only go down a floor';
const kTestCode = 'only test/, bench/ and harness/ import from test/, bench/ and harness/';
const kBenchTest = 'never the tests themselves';
const kHarness = 'imports neither';
const kNoModel = 'stay free of LLM code';

interface Probe {
  /** Where the importing file sits. */
  file: string;
  from: string;
  /** Words of the lint message, or null when the import is allowed. */
  refused: string | null;
}

const kProbes: Probe[] = [
  { file: 'core/probe.ts', from: '../capture/session.ts', refused: kFloor },
  { file: 'core/llm/probe.ts', from: '../../cli/main.ts', refused: kFloor },
  { file: 'capture/actions/probe.ts', from: '../../generate/generate.ts', refused: kFloor },
  { file: 'capture/probe.ts', from: '../extract/extract.ts', refused: 'folders on one floor never import each other' },
  { file: 'replay/probe.ts', from: '../report/report.ts', refused: kFloor },
  { file: 'locate/probe.ts', from: '../core/llm/client.ts', refused: kNoModel },
  { file: 'locate/probe-replay.ts', from: '../replay/replay.ts', refused: kFloor },
  { file: 'core/probe-locate.ts', from: '../locate/locate.ts', refused: kFloor },
  { file: 'generate/probe-heal.ts', from: '../heal/heal.ts', refused: kFloor },
  { file: 'capture/probe-extension.ts', from: '../extension/build.ts', refused: kFloor },
  { file: 'extract/records/probe.ts', from: 'openai', refused: 'never call a model' },
  { file: 'generate/probe.ts', from: '../commands/command.ts', refused: kFloor },
  { file: 'report/probe.ts', from: '../cli/main.ts', refused: kFloor },
  { file: 'commands/probe.ts', from: '../mcp/server.ts', refused: kFloor },
  { file: 'demo/probe.ts', from: '../api/index.ts', refused: kFloor },
  { file: 'mcp/tools/probe.ts', from: '../../cli/command-table.ts', refused: kFloor },
  { file: 'demo/probe-up.ts', from: '../commands/command.ts', refused: kFloor },
  { file: 'demo/pages/probe.ts', from: '../../capture/session.ts', refused: kFloor },
  { file: 'api/probe.ts', from: '../cli/main.ts', refused: kFloor },
  { file: 'cli/probe.ts', from: '../api/index.ts', refused: 'never imports the API' },
  { file: 'extension/src/probe.ts', from: '../../replay/replay.ts', refused: kFloor },
  { file: 'core/probe-test.ts', from: '../test/support/fixtures.ts', refused: kTestCode },
  { file: 'capture/probe-harness.ts', from: '../harness/cli.ts', refused: kTestCode },
  { file: 'generate/probe-bench.ts', from: '../bench/process-cpu.ts', refused: kTestCode },
  { file: 'scripts/probe.ts', from: '../harness/apps/index.ts', refused: kTestCode },
  { file: 'bench/probe-test.ts', from: '../test/support/fixtures.ts', refused: kBenchTest },
  { file: 'harness/probe.ts', from: '../test/support/fixtures.ts', refused: kHarness },
  { file: 'harness/sites/probe.ts', from: '../../bench/process-cpu.ts', refused: kHarness },
  // Down a floor, or within one: allowed.
  { file: 'capture/agent/probe.ts', from: '../../core/llm/client.ts', refused: null },
  { file: 'generate/verify/probe.ts', from: '../../locate/snapshot/snapshot-page.ts', refused: null },
  { file: 'replay/probe-locate.ts', from: '../locate/locate.ts', refused: null },
  { file: 'heal/probe.ts', from: '../generate/model/candidates.ts', refused: null },
  { file: 'cli/probe-mcp.ts', from: '../mcp/server.ts', refused: null },
  { file: 'commands/probe-down.ts', from: '../generate/generate.ts', refused: null },
  { file: 'commands/probe-demo.ts', from: '../demo/server.ts', refused: null },
  { file: 'demo/probe-core.ts', from: '../core/errors.ts', refused: null },
  { file: 'cli/probe-down.ts', from: '../commands/command.ts', refused: null },
  { file: 'mcp/probe.ts', from: '../commands/extract.ts', refused: null },
  { file: 'api/probe-down.ts', from: '../commands/run-command.ts', refused: null },
  { file: 'test/probe.ts', from: '../cli/main.ts', refused: null },
  { file: 'bench/probe.ts', from: '../harness/apps/index.ts', refused: null },
  { file: 'test/probe-harness.ts', from: '../harness/cli.ts', refused: null },
  { file: 'test/probe-bench.ts', from: '../bench/heal/run.ts', refused: null },
];

interface Diagnostic {
  filename: string;
  code: string;
  help?: string;
  message: string;
}

function lint(root: string): { status: number | null; diagnostics: Diagnostic[] } {
  const run = spawnSync(kOxlint, ['--deny-warnings', '-c', '.oxlintrc.json', '--format', 'json', '.'], { cwd: root, encoding: 'utf8' });
  if (run.error) throw run.error;
  const report = JSON.parse(run.stdout) as { diagnostics: Diagnostic[] };
  return { status: run.status, diagnostics: report.diagnostics };
}

test('an import that climbs a floor, or reaches into test/ or bench/ from shipped code, fails the lint with the floor message', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bu-floors-'));
  try {
    fs.copyFileSync(path.join(kRepoRoot, '.oxlintrc.json'), path.join(root, '.oxlintrc.json'));
    for (const probe of kProbes) {
      const file = path.join(root, probe.file);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, `import * as probe from '${probe.from}';\nexport const value = probe;\n`);
    }
    const { status, diagnostics } = lint(root);
    expect(status, 'oxlint exits non-zero, so `make check` fails').not.toBe(0);
    for (const diagnostic of diagnostics) expect(diagnostic.code, `${diagnostic.filename}: ${diagnostic.message}`).toBe('eslint(no-restricted-imports)');
    for (const probe of kProbes) {
      const found = diagnostics.filter((diagnostic) => diagnostic.filename === probe.file);
      if (probe.refused === null) expect(found, `${probe.file} may import ${probe.from}`).toEqual([]);
      else expect(found.map((diagnostic) => diagnostic.help ?? diagnostic.message).join('\n'), `${probe.file} importing ${probe.from}`).toContain(probe.refused);
    }
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test('the tree itself keeps to the floors', () => {
  const { diagnostics } = lint(kRepoRoot);
  expect(diagnostics.filter((diagnostic) => diagnostic.code === 'eslint(no-restricted-imports)').map((diagnostic) => `${diagnostic.filename}: ${diagnostic.message}`)).toEqual([]);
});

test("README's Layout lists every folder of code, and its floors are the lint rule's", () => {
  const readme = fs.readFileSync(path.join(kRepoRoot, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Layout'), readme.indexOf('\n## ', readme.indexOf('## Layout') + 1));
  const listed = new Set([...section.matchAll(/^([a-z]+)\/ /gm)].map((m) => m[1]));
  const tracked = spawnSync('git', ['ls-files', '*.ts', '*.js'], { cwd: kRepoRoot, encoding: 'utf8' }).stdout.split('\n');
  const folders = new Set(tracked.filter((file) => file.includes('/')).map((file) => file.split('/')[0]!));
  expect([...folders].filter((folder) => !listed.has(folder))).toEqual([]);
  const config = fs.readFileSync(path.join(kRepoRoot, '.oxlintrc.json'), 'utf8');
  const floors = /imports only go down a floor: ([^;"]+)/.exec(config)![1]!;
  expect(section.replace(/\s+/g, ' ')).toContain(floors);
});
