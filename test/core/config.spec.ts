import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '../support/fixtures.ts';
import { z } from 'zod';
import { loadAllCommands } from '../../cli/command-table.ts';
import { applyConfigDefaults } from '../../commands/config-defaults.ts';
import { loadConfig } from '../../core/config/load-config.ts';
import { Plan } from '../../core/schema/plan.ts';
import { runCli } from '../../harness/cli.ts';

/** brow-use.config.ts: `bu init` writes it once, every command reads it, flags > environment > file > defaults. */

function project(files: Record<string, string> = {}): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bu-config-'));
  fs.writeFileSync(path.join(dir, 'package.json'), '{"name":"app","private":true}\n');
  for (const [file, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, file), text);
  return dir;
}

const kConfig = `import { defineConfig } from 'brow-use';
export default defineConfig({ baseURL: 'http://127.0.0.1:4000/', outputDir: 'from-config', generatedDir: 'e2e', secrets: ['password', 'token'], model: 'model-from-config' });
`;

test('the command table matches every command module (bu --help lists the table without loading them)', async () => {
  // Loads every command module (ts-morph, the MCP SDK, the model client) through the runner's transform.
  test.setTimeout(180_000);
  const defs = await loadAllCommands();
  expect(defs.map((d) => d.name)).toContain('init');
  const help = await runCli(['--help']);
  for (const def of defs) expect(help.stdout).toContain(def.summary.slice(0, 40));
});

test('bu init writes the config and the tests folder once, and never touches a file that is there', async () => {
  const dir = project({ '.gitignore': 'node_modules/\n' });
  try {
    const first = await runCli(['init', dir, '--base-url', 'http://127.0.0.1:4000/', '--json']);
    expect(first.code, first.stderr).toBe(0);
    expect(first.json).toMatchObject({ created: ['brow-use.config.ts', 'e2e/playwright.config.ts', 'plans/example.json', 'e2e/tsconfig.json'], kept: [] });
    expect(fs.readFileSync(path.join(dir, '.gitignore'), 'utf8')).toContain('/output/');
    expect((await loadConfig(dir))?.config).toMatchObject({ baseURL: 'http://127.0.0.1:4000/', outputDir: 'output', generatedDir: 'e2e' });
    const edited = fs.readFileSync(path.join(dir, 'brow-use.config.ts'), 'utf8').replace('outputDir: "output"', 'outputDir: "my-output"');
    expect(edited).toContain('"my-output"');
    fs.writeFileSync(path.join(dir, 'brow-use.config.ts'), edited);
    const gitignore = fs.readFileSync(path.join(dir, '.gitignore'), 'utf8');
    const second = await runCli(['init', '--json'], { cwd: dir });
    expect(second.code, second.stderr).toBe(0);
    expect(second.json).toMatchObject({ created: [], kept: ['brow-use.config.ts', 'e2e/playwright.config.ts', 'plans/example.json', 'e2e/tsconfig.json'] });
    expect(fs.readFileSync(path.join(dir, 'brow-use.config.ts'), 'utf8')).toBe(edited);
    // The edited output folder is now the one to ignore: added, the old lines left as they were.
    expect(fs.readFileSync(path.join(dir, '.gitignore'), 'utf8')).toBe(`${gitignore}# brow-use: outputs (traces hold typed values) and run state\n/my-output/\n`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('bu init creates .gitignore when absent, a tsconfig for the generated code only when the project has none, and a plan naming the shipped schema', async () => {
  const bare = project();
  const typed = project({ 'tsconfig.json': '{}\n', '.gitignore': '/output/\n' });
  try {
    const first = await runCli(['init', '--json'], { cwd: bare });
    expect(first.code, first.stderr).toBe(0);
    expect(first.json).toMatchObject({ created: ['brow-use.config.ts', 'e2e/playwright.config.ts', 'plans/example.json', 'e2e/tsconfig.json'], gitignore: ['/output/', '/.brow-use/', '/e2e/test-results/'] });
    expect(fs.readFileSync(path.join(bare, '.gitignore'), 'utf8')).toBe('# brow-use: outputs (traces hold typed values) and run state\n/output/\n/.brow-use/\n/e2e/test-results/\n');
    expect(JSON.parse(fs.readFileSync(path.join(bare, 'e2e', 'tsconfig.json'), 'utf8'))).toMatchObject({ compilerOptions: { strict: true }, include: ['**/*.ts'] });
    const plan = JSON.parse(fs.readFileSync(path.join(bare, 'plans', 'example.json'), 'utf8')) as { $schema: string };
    // From plans/, the schema where npm installs the package.
    expect(path.resolve(bare, 'plans', plan.$schema)).toBe(path.join(bare, 'node_modules', 'brow-use', 'core', 'schema', 'plan.schema.json'));
    expect(Plan.safeParse(plan).success).toBe(true);

    const text = await runCli(['init', typed]);
    expect(text.code, text.stderr).toBe(0);
    expect(fs.existsSync(path.join(typed, 'e2e', 'tsconfig.json'))).toBe(false);
    expect(fs.readFileSync(path.join(typed, '.gitignore'), 'utf8')).toBe('/output/\n# brow-use: outputs (traces hold typed values) and run state\n/.brow-use/\n/e2e/test-results/\n');
    // The next steps, as a user would copy them: into the project, the missing packages, the plan that was written.
    expect(text.stdout).toContain(`cd ${typed} `);
    expect(text.stdout).toMatch(/npm install --save-dev @playwright\/test typescript @types\/node +#/);
    expect(text.stdout).toMatch(/npx bu capture script --plan plans\/example\.json --check +#/);
    expect(text.stdout).toMatch(/npx playwright test -c e2e +#/);
  } finally {
    fs.rmSync(bare, { recursive: true, force: true });
    fs.rmSync(typed, { recursive: true, force: true });
  }
});

test('every command reads the config; the environment beats it', async () => {
  const dir = project({ 'brow-use.config.ts': kConfig });
  try {
    const env = { BU_OUTPUT: '', BU_MODEL: '', OPENAI_API_KEY: '', OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' };
    const fromFile = await runCli(['doctor', '--json'], { cwd: dir, env });
    expect(fromFile.json).toMatchObject({ output: path.join(dir, 'from-config'), model: 'model-from-config', config: path.join(dir, 'brow-use.config.ts') });
    expect(fromFile.json?.playwright).toMatchObject({ supported: true, range: expect.stringMatching(/^>=1\.\d+\.\d+ <2$/) });
    const fromEnv = await runCli(['doctor', '--json'], { cwd: path.join(dir), env: { ...env, BU_OUTPUT: path.join(dir, 'env-out'), BU_MODEL: 'model-from-env' } });
    expect(fromEnv.json).toMatchObject({ output: path.join(dir, 'env-out'), model: 'model-from-env' });
    const none = await runCli(['doctor', '--json'], { cwd: os.tmpdir(), env });
    expect(none.json?.output).toBe(path.join(os.tmpdir(), 'output'));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('flags beat the config; options not given take its values; secrets only when their value is set', async () => {
  const dir = project({ 'brow-use.config.ts': kConfig });
  try {
    const loaded = await loadConfig(dir);
    const def = { name: 'explore', summary: '', input: z.object({ url: z.string().optional(), secrets: z.array(z.string()).optional(), out: z.string().optional() }) };
    const env = { BU_SECRET_PASSWORD: 'x' };
    expect(applyConfigDefaults(def, {}, loaded, env)).toEqual({ url: 'http://127.0.0.1:4000/', secrets: ['password'], out: path.join(dir, 'e2e') });
    expect(applyConfigDefaults(def, { url: 'http://other/', secrets: ['token'] }, loaded, env)).toMatchObject({ url: 'http://other/', secrets: ['token'] });
    expect(applyConfigDefaults(def, {}, null, env)).toEqual({});
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a config file that does not load or does not fit the schema is a usage error naming the file', async () => {
  const dir = project({ 'brow-use.config.ts': "import { defineConfig } from 'brow-use';\nexport default defineConfig({ baseURL: 'ftp://x' });\n" });
  try {
    const bad = await runCli(['doctor'], { cwd: dir });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain(path.join(dir, 'brow-use.config.ts'));
    expect(bad.stderr).toContain('baseURL');
    fs.writeFileSync(path.join(dir, 'brow-use.config.ts'), 'export default {{;\n');
    const broken = await runCli(['doctor'], { cwd: dir });
    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(/cannot be loaded \(Expected .+, line 1:\d+\)/);
    expect(fs.readdirSync(dir).filter((f) => f.endsWith('.mjs'))).toEqual([]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('one process reads the config of each project it works in, one made after another (the library API, a test runner)', async () => {
  const cwd = process.cwd();
  for (const name of ['first', 'second', 'third']) {
    const dir = project({ 'brow-use.config.ts': `import { defineConfig } from 'brow-use';\nexport default defineConfig({ outputDir: '${name}' });\n` });
    try {
      process.chdir(dir);
      expect((await loadConfig(dir))?.config.outputDir).toBe(name);
    } finally {
      process.chdir(cwd);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
});
