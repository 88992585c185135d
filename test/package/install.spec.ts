import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '../support/fixtures.ts';
import { generatedImports, lowestPlaywright, packTarball, projectDependencies } from '../../harness/package.ts';

/**
 * brow-use installed the way a user installs it: `npm pack`, the tarball installed into a fresh
 * project outside the checkout (packages from npm's cache, which `npm ci` and test/compat/run.mjs
 * filled), then `bu init`, a plan capture of the bundled demo app, generate (which extracts it),
 * the library API's extract, a strict type check of the generated code and `npx playwright test`
 * on it (the generated flow and replay specs and a spec of the user's own), all inside that
 * project. The crawler, like every other policy, ships in the same compiled files the plan ran.
 *
 * The project has the lowest Playwright of the peer range, what a user on an older Playwright has:
 * this is the whole pipeline at the lowest (test/compat runs the private-API adapter and locator
 * tests there); the suite runs every stage from the checkout at the highest.
 *
 * The commands init prints run through npx, as printed; the others run the bins npm linked into
 * node_modules/.bin, which is what `npx --no-install` finds and runs, without npm starting first
 * (about half a CPU-second and seconds of wall time for each of eight commands).
 */

const kPassword = 'correct-horse';
/** npm install from the cache, the registry only for what is missing. */
const kInstallTimeoutMs = 300_000;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}, timeoutMs = 180_000): Promise<Run> {
  return new Promise((resolve, reject) => {
    // The project's own environment: nothing of this checkout's node_modules leaks in.
    const child = spawn(command, args, { cwd, env: { ...process.env, NODE_PATH: '', NODE_OPTIONS: '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** A bin the install linked into the project, run as `npx --no-install <name>` runs it. */
function bin(project: string, name: string): string {
  return path.join(project, 'node_modules', '.bin', name);
}

/** `bu demo serve` from the installed package (the demo app ships with it), run without npx so signals reach it. */
async function serveDemo(project: string): Promise<{ url: string; stop(): Promise<void> }> {
  const child = spawn(bin(project, 'bu'), ['demo', 'serve'], { cwd: project, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const match = /http:\/\/127\.0\.0\.1:\d+\//.exec(out);
      if (match) resolve(match[0]);
    });
    child.on('exit', (code) => reject(new Error(`bu demo serve exited with ${code}`)));
  });
  return { url, stop: async () => { child.kill('SIGINT'); await exited; } };
}

test('the packed package installs into a fresh project and runs the whole pipeline there', async () => {
  test.setTimeout(900_000);
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'bu-install-'));
  const project = path.join(base, 'app');
  try {
    const tarball = await packTarball(base);
    fs.mkdirSync(project);
    fs.writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'app', version: '1.0.0', private: true }, null, 2));
    fs.writeFileSync(path.join(project, '.gitignore'), 'node_modules/\n');
    const lowest = lowestPlaywright();
    const install = await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--save-dev', tarball, ...projectDependencies(lowest)], project, {}, kInstallTimeoutMs);
    expect(install.code, install.stderr).toBe(0);
    // Every Playwright package the project resolves (brow-use's peers included) is the lowest.
    for (const name of ['@playwright/test', 'playwright', 'playwright-core']) {
      const { version } = JSON.parse(fs.readFileSync(path.join(project, 'node_modules', name, 'package.json'), 'utf8')) as { version: string };
      expect(version, name).toBe(lowest);
    }
    expect(fs.existsSync(path.join(project, 'node_modules', 'brow-use', 'node_modules', 'playwright-core')), 'a second playwright-core under brow-use').toBe(false);
    // No TypeScript loader is there to load: `bu` runs compiled JavaScript.
    expect(fs.existsSync(path.join(project, 'node_modules', 'tsx'))).toBe(false);
    expect(fs.existsSync(path.join(project, 'node_modules', 'brow-use', 'dist', 'cli', 'bu.js'))).toBe(true);
    const [help, scriptHelp] = await Promise.all([run(bin(project, 'bu'), ['--help'], project), run(bin(project, 'bu'), ['capture', 'script', '--help'], project)]);
    expect(help.code, help.stderr).toBe(0);
    expect(help.stdout).toContain('init');
    // The files help names, and every relative link of the shipped docs, are there from the project.
    const named = [...scriptHelp.stdout.matchAll(/node_modules\/brow-use\/[\w./-]+\.(?:md|json)/g)].map((match) => match[0]);
    expect(named).toEqual(expect.arrayContaining(['node_modules/brow-use/docs/plan-format.md', 'node_modules/brow-use/core/schema/plan.schema.json']));
    for (const file of named) expect(fs.existsSync(path.join(project, file)), file).toBe(true);
    const installed = path.join(project, 'node_modules', 'brow-use');
    for (const doc of ['README.md', ...fs.readdirSync(path.join(installed, 'docs')).map((name) => `docs/${name}`)]) {
      for (const [, href] of fs.readFileSync(path.join(installed, doc), 'utf8').matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)) {
        if (/^[a-z]+:/i.test(href!)) continue;
        expect(fs.existsSync(path.resolve(installed, path.dirname(doc), href!)), `${doc} links to ${href}`).toBe(true);
      }
    }

    const app = await serveDemo(project);
    let sessionId: string;
    try {
      const init = await run(bin(project, 'bu'), ['init', '--base-url', `${app.url}login`], project);
      expect(init.code, init.stderr).toBe(0);
      expect(init.stdout).toContain('npx playwright test -c e2e');
      // The first next step init prints, as printed.
      const printed = /^ {2}(npx bu capture script --plan \S+ --check)/m.exec(init.stdout)![1]!.split(' ');
      const checked = await run(printed[0]!, ['--no-install', ...printed.slice(1)], project);
      expect(checked.code, checked.stdout + checked.stderr).toBe(0);
      expect(checked.stdout).toContain('(nothing was acted on)');
      const again = await run(bin(project, 'bu'), ['init', '--json'], project);
      expect(JSON.parse(again.stdout.trim().split('\n').pop()!)).toMatchObject({ created: [], kept: ['brow-use.config.ts', 'e2e/playwright.config.ts', 'plans/example.json', 'e2e/tsconfig.json'] });
      // The plan init wrote names the schema the package ships, where npm put it.
      const first = JSON.parse(fs.readFileSync(path.join(project, 'plans', 'example.json'), 'utf8')) as { $schema: string };
      expect(fs.existsSync(path.resolve(project, 'plans', first.$schema))).toBe(true);

      // The shipped plan's first step and its step on the next page, checked on the login page: each
      // target missing there costs the check its wait for it to appear, and one proves what six do.
      const plan = path.join(project, 'node_modules', 'brow-use', 'demo', 'plans', 'create-item.json');
      const shipped = JSON.parse(fs.readFileSync(plan, 'utf8')) as { steps: unknown[] };
      const checkPlan = path.join(project, 'plans', 'check.json');
      fs.writeFileSync(checkPlan, JSON.stringify({ version: 1, steps: [shipped.steps[0], shipped.steps[3]] }));
      const env = { BU_SECRET_PASSWORD: kPassword, OPENAI_API_KEY: '', OPENAI_BASE_URL: '' };
      const check = await run(bin(project, 'bu'), ['capture', 'script', '--plan', checkPlan, '--check'], project, env);
      // The sign-in's form is not filled without its password step: the page after step 1 is not seen.
      expect(check.code, check.stdout + check.stderr).toBe(0);
      expect(check.stdout).toContain('step 1 input textbox "Email": found 1');
      expect(check.stdout).toContain('step 2 click css=nav >> text=New item: found 0: appears only after step 1 acts: not checked');
      // The plan has no url: the start address is the config's baseURL.
      const capture = await run(bin(project, 'bu'), ['capture', 'script', '--plan', plan, '--secret', 'password', '--json'], project, env);
      expect(capture.code, capture.stderr).toBe(0);
      sessionId = String(JSON.parse(capture.stdout.trim().split('\n').pop()!).sessionId);
      expect(fs.existsSync(path.join(project, 'output', 'history', `${sessionId}.json`))).toBe(true);
    } finally {
      await app.stop();
    }

    // The capture is not extracted yet: generate extracts it.
    const sessions = [sessionId];
    const generate = await run(bin(project, 'bu'), ['generate', ...sessions, '--llm', 'off', '--json'], project);
    expect(generate.code, generate.stderr).toBe(0);
    expect(generate.stderr).toContain(`${sessionId} is not extracted yet: extracting`);

    // The programmatic API does what the command does: the run extracted again, to the same steps.
    const api = await run(process.execPath, ['--input-type=module', '-e', `import { extract } from 'brow-use'; const r = await extract(${JSON.stringify(sessionId)}); console.log(JSON.stringify(r));`], project);
    expect(api.code, api.stderr).toBe(0);
    expect(JSON.parse(api.stdout).counts.steps).toBeGreaterThan(5);
    const e2e = path.join(project, 'e2e');
    expect(fs.readdirSync(path.join(e2e, 'pom'))).toEqual(expect.arrayContaining(['LoginPage.ts', 'DashboardPage.ts', 'NewItemPage.ts', 'ItemDetailPage.ts']));
    expect(fs.readdirSync(path.join(e2e, 'tests')).some((f) => f.startsWith('replay-'))).toBe(true);
    for (const specifier of generatedImports(e2e)) expect(specifier).toMatch(/^(@playwright\/test|brow-use\/test|node:[a-z/]+|\.{1,2}\/.*)$/);

    // A spec of the user's own, on the `brow-use/test` fixture: a recorded history replayed by path.
    fs.writeFileSync(path.join(e2e, 'tests', 'own.spec.ts'), [
      "import { expect, test } from 'brow-use/test';",
      '',
      "test('own replay through the fixture', async ({ replay }) => {",
      `  const report = await replay('../output/history/${sessionId}.json');`,
      '  expect(report.summary.ok).toBe(true);',
      '});',
      '',
    ].join('\n'));

    // The user's strict tsconfig (the generated one, and stricter: library types checked too: brow-use's
    // against the lowest Playwright's), beside the second generate, which must write nothing, and the
    // specs' run: the check writes nothing, and the run only its own results. The three run side by
    // side (the second generate's output is read only after the specs' run, which it must leave as
    // it was): one after another, the generate waited out seconds of the check, and the run all of
    // it. The check runs on one thread: on two cores shared with the rest of the suite, the checker's
    // own threads only contend (as in harness/generate/pipeline.ts).
    const tsc = run(bin(project, 'tsc'), ['--noEmit', '--singleThreaded', '-p', 'e2e/tsconfig.json', '--skipLibCheck', 'false'], project);
    const regenerated = run(bin(project, 'bu'), ['generate', ...sessions, '--llm', 'off', '--json'], project);
    const fresh = await serveDemo(project);
    try {
      const specs = await run('npx', ['--no-install', 'playwright', 'test', '-c', 'e2e', '--reporter=list'], project, { BASE_URL: `${fresh.url}login`, BU_SECRET_PASSWORD: kPassword });
      expect(specs.code, specs.stdout + specs.stderr).toBe(0);
      expect(specs.stdout).toMatch(/✓.*own replay through the fixture/);
      expect(specs.stdout).toMatch(/\d+ passed/);
      expect(specs.stdout).not.toMatch(/skipped|failed/);
    } finally {
      await fresh.stop();
    }
    const again = await regenerated;
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout.trim().split('\n').pop()!).written).toEqual([]);
    const typecheck = await tsc;
    expect(typecheck.code, typecheck.stdout + typecheck.stderr).toBe(0);
  } finally {
    fs.rmSync(base, { recursive: true, force: true });
  }
});
