import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '../support/fixtures.ts';
import { generatedTsconfigText } from '../../core/generated-tsconfig.ts';
import { generatedCodeEnv } from '../../core/package.ts';
import { kRepoRoot } from '../../harness/cli.ts';
import { tempWorkspace } from '../../harness/generate/on-disk.ts';
import { runNode, typecheckGenerated } from '../../harness/generate/pipeline.ts';

/**
 * `brow-use/test` runs the project's reset command before each test tagged `@changes-data` (what
 * generated specs of a flow that changes data are tagged), in the Playwright config's folder, and
 * before no other test; a reset that fails fails the test with its exit status and output.
 * The tests here use no page: no browser starts.
 */

const kSpec = `import fs from 'node:fs';
import { expect, test } from 'brow-use/test';

const resets = () => (fs.existsSync('resets.log') ? fs.readFileSync('resets.log', 'utf8').trim().split('\\n').length : 0);

test('creates a page', { tag: '@changes-data' }, async () => {
  expect(resets()).toBe(1);
});
test('reads the start page', async () => {});
test('creates the page again', { tag: '@changes-data' }, async () => {
  expect(resets()).toBe(2);
});
`;

/** A project's Playwright config as generate writes it: typed with brow-use's options, so `resetCommand` type-checks. */
function config(use: string): string {
  return `import { defineConfig } from '@playwright/test';\nimport type { BrowUseOptions } from 'brow-use/test';\n`
    + `export default defineConfig<BrowUseOptions>({ testDir: 'tests', outputDir: 'test-results', workers: 1, use: { ${use} } });\n`;
}

function runProject(dir: string, env: NodeJS.ProcessEnv) {
  const cli = path.join(kRepoRoot, 'node_modules', '@playwright', 'test', 'cli.js');
  return runNode([cli, 'test', '--reporter=line'], { cwd: dir, env: { ...generatedCodeEnv(process.env), BU_RESET_COMMAND: '', ...env } });
}

test('the reset command runs before each test that changes data, from the config folder, and a failing one fails the test with its output', async () => {
  test.setTimeout(120_000);
  const ws = tempWorkspace('reset-command');
  try {
    const dir = ws.root;
    fs.mkdirSync(path.join(dir, 'tests'));
    fs.writeFileSync(path.join(dir, 'tests', 'flows.spec.ts'), kSpec);
    // The script sits in the config's folder and is named relative to it.
    fs.writeFileSync(path.join(dir, 'reset.mjs'), "import fs from 'node:fs';\nfs.appendFileSync('resets.log', 'reset\\n');\n");
    fs.writeFileSync(path.join(dir, 'playwright.config.ts'), config("resetCommand: 'node reset.mjs'"));
    fs.writeFileSync(path.join(dir, 'tsconfig.json'), generatedTsconfigText());
    const typecheck = typecheckGenerated(dir);
    const configured = await runProject(dir, {});
    expect(configured.status, configured.output).toBe(0);
    expect(configured.output).toContain('3 passed');
    // Two tagged tests, two resets: none before the test in between.
    expect(fs.readFileSync(path.join(dir, 'resets.log'), 'utf8')).toBe('reset\nreset\n');
    const checked = await typecheck;
    expect(checked.status, checked.output).toBe(0);

    // From the environment, with no option in the config; a failing reset names itself and shows its output.
    fs.rmSync(path.join(dir, 'resets.log'));
    fs.writeFileSync(path.join(dir, 'playwright.config.ts'), config(''));
    const failing = await runProject(dir, { BU_RESET_COMMAND: 'node -e "console.error(\'the database is locked\'); process.exit(3)"' });
    expect(failing.status).not.toBe(0);
    expect(failing.output).toContain('2 failed');
    expect(failing.output).toContain('1 passed');
    expect(failing.output).toContain('exited 3');
    expect(failing.output).toContain('the database is locked');

    // Unset: nothing runs, and the tagged tests see no reset.
    const unset = await runProject(dir, {});
    expect(unset.output).toContain('2 failed');
    expect(fs.existsSync(path.join(dir, 'resets.log'))).toBe(false);
  } finally {
    ws.remove();
  }
});
