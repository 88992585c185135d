import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '../support/fixtures.ts';
import { startDemoServer, type DemoServer } from '../../demo/server.ts';
import { kUser } from '../../demo/store.ts';
import { History } from '../../core/schema/history.ts';
import { ReplayReport } from '../../core/schema/replay-report.ts';
import { runCli } from '../../harness/cli.ts';
import { runGeneratedSpecs, typecheckGenerated } from '../../harness/generate/pipeline.ts';
import { tempWorkspace } from '../../harness/generate/on-disk.ts';

/**
 * Expect steps on the demo app, through the whole pipeline: a plan that checks what it did records
 * the checks (they ran and held), replays them, fails a replay whose check no longer holds with
 * their own category, and generates specs that assert them with Playwright's web-first matchers.
 */

// In one worker, in order: every test reads the one capture beforeAll records, which a test run
// in a second worker would record again.
test.describe.configure({ mode: 'default', timeout: 480_000 });

function plan(url: string) {
  return {
    version: 1, url: `${url}login`,
    steps: [
      { input: { target: { role: 'textbox', name: 'Email' }, text: kUser.email } },
      { input: { target: { role: 'textbox', name: 'Password' }, text: '{{secret:password}}' } },
      { click: { target: { role: 'button', name: 'Sign in' } } },
      { click: { target: { role: 'link', name: 'New item', exact: true, nth: 0 } } },
      { input: { target: { role: 'textbox', name: 'Title' }, text: 'Checked kettle' } },
      { select_dropdown: { target: { role: 'combobox', name: 'Category' }, text: 'Books' } },
      { input: { target: { role: 'spinbutton', name: 'Price' }, text: '12.50' } },
      { expect_value: { target: { role: 'spinbutton', name: 'Price' }, value: '12.50' } },
      { click: { target: { role: 'button', name: 'Create item' } } },
      { expect_url: { url: '/items/' } },
      { expect_title: { title: 'Checked kettle' } },
      { expect_text: { target: 'css=h1', text: 'Checked kettle', exact: true } },
      { expect_text: { text: 'Item created' } },
      { click: { target: { role: 'link', name: 'Back to items' } } },
      { expect_url: { url: '/items', exact: true } },
      { navigate: { url: `${url}items?q=Checked+kettle` } },
      { expect_count: { target: "getByRole('link', { name: 'Checked kettle' })", count: 1 } },
      { navigate: { url: `${url}settings` } },
      { expect_checked: { target: { role: 'checkbox', name: 'Send me the newsletter' }, checked: false } },
      { click: { target: { role: 'checkbox', name: 'Send me the newsletter' } } },
      { expect_checked: { target: { role: 'checkbox', name: 'Send me the newsletter' } } },
    ],
  };
}

const kExpects = ['expect_value', 'expect_url', 'expect_title', 'expect_text', 'expect_text', 'expect_url', 'expect_count', 'expect_checked', 'expect_checked'];

let ws: ReturnType<typeof tempWorkspace>;
let env: NodeJS.ProcessEnv;
let sessionId: string;
const servers: DemoServer[] = [];

async function fresh(): Promise<DemoServer> {
  const server = await startDemoServer({ port: 0 });
  servers.push(server);
  return server;
}

test.beforeAll(async () => {
  test.setTimeout(240_000);
  ws = tempWorkspace('expect-steps');
  env = { BU_OUTPUT: ws.paths.root, BU_SECRET_password: kUser.password, OPENAI_API_KEY: '', OPENAI_BASE_URL: '' };
  const app = await fresh();
  const planFile = path.join(ws.root, 'plan.json');
  fs.writeFileSync(planFile, JSON.stringify(plan(app.url)));
  const capture = await runCli(['capture', 'script', '--plan', planFile, '--secret', 'password', '--json'], { env, timeoutMs: 180_000 });
  expect(capture.code, capture.stderr).toBe(0);
  sessionId = String(capture.json!.sessionId);
});

test.afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  ws?.remove();
});

function historyFile(): string {
  return ws.paths.history(sessionId);
}

function reportOf(json: Record<string, unknown> | null | undefined): ReplayReport {
  return ReplayReport.parse(JSON.parse(fs.readFileSync(String(json!.reportPath), 'utf8')));
}

test('the expect steps ran at record time and are in the history, with their targets', () => {
  const history = History.parse(JSON.parse(fs.readFileSync(historyFile(), 'utf8')));
  const expects = history.steps.filter((s) => s.action.startsWith('expect_'));
  expect(expects.map((s) => s.action)).toEqual(kExpects);
  for (const step of expects) expect(step.ok, `${step.action} ${step.error}`).toBe(true);
  expect(expects[0]!.fingerprint?.role).toBe('spinbutton');
  expect(expects[0]!.result).toContain('"12.50"');
  expect(expects.find((s) => s.action === 'expect_title')!.fingerprint).toBeNull();
  const count = expects.find((s) => s.action === 'expect_count')!;
  expect(count.fingerprint).toBeNull();
  expect(count.locator).toEqual({ code: "getByRole('link', { name: 'Checked kettle' })", matches: 1 });
});

test('replay verifies the expect steps, and a check that no longer holds fails as an expectation, never healed', async () => {
  const passed = await runCli(['replay', sessionId, '--base-url', (await fresh()).url, '--json'], { env });
  expect(passed.code, passed.stderr).toBe(0);
  const report = reportOf(passed.json);
  const expects = report.steps.filter((s) => s.action.startsWith('expect_'));
  expect(expects.map((s) => [s.action, s.status])).toEqual(kExpects.map((action) => [action, 'passed']));
  expect(expects.every((s) => s.checks.includes(s.action))).toBe(true);

  // The recorded heading text changed into one the app never shows: the step fails with its category.
  const history = JSON.parse(fs.readFileSync(historyFile(), 'utf8')) as { steps: { action: string; params: Record<string, unknown> }[] };
  const heading = history.steps.find((s) => s.action === 'expect_text' && s.params.exact === true)!;
  heading.params.text = 'Checked teapot';
  const broken = path.join(ws.root, 'broken.json');
  fs.writeFileSync(broken, JSON.stringify(history));
  const failed = await runCli(['replay', broken, '--base-url', (await fresh()).url, '--json'], { env });
  expect(failed.code).toBe(1);
  const failedReport = reportOf(failed.json);
  expect(failedReport.summary.failureCategory).toBe('expectation');
  const step = failedReport.steps.find((s) => s.status === 'failed')!;
  expect(step.action).toBe('expect_text');
  expect(step.message).toContain('"Checked teapot"');
  expect(step.message).toContain('"Checked kettle"');
  expect(failedReport.steps.slice(failedReport.steps.indexOf(step) + 1).every((s) => s.status === 'skipped')).toBe(true);
});

test('a replay whose expect target is found by another locator says so', async () => {
  // The recorded locator of the checkbox no longer finds it: the cascade finds it by its fingerprint.
  const history = JSON.parse(fs.readFileSync(historyFile(), 'utf8')) as { steps: { action: string; locator: { code: string } | null }[] };
  const checked = history.steps.filter((s) => s.action === 'expect_checked').at(-1)!;
  checked.locator!.code = "locator('#no-such-checkbox')";
  const moved = path.join(ws.root, 'moved.json');
  fs.writeFileSync(moved, JSON.stringify(history));
  const run = await runCli(['replay', moved, '--base-url', (await fresh()).url, '--json'], { env });
  expect(run.code, run.stderr).toBe(0);
  const step = reportOf(run.json).steps.filter((s) => s.action === 'expect_checked').at(-1)!;
  expect(step.status).toBe('healed');
  expect(step.level).not.toBe('recorded');
  expect(step.notes.join('\n')).toContain("the expectation's target was found by");
});

test('generate emits the expect steps as web-first assertions, and the generated specs pass', async () => {
  const generated = await runCli(['generate', sessionId, '--out', ws.out, '--llm', 'off', '--json'], { env, timeoutMs: 120_000 });
  expect(generated.code, generated.stderr).toBe(0);
  const workflows = fs.readdirSync(path.join(ws.out, 'workflows')).filter((f) => f !== 'secrets.ts');
  const workflow = fs.readFileSync(path.join(ws.out, 'workflows', workflows[0]!), 'utf8');
  expect(workflow).toMatch(/await expect\(\w+Page\.\w+\)\.toHaveValue\('12\.50'\);/);
  expect(workflow).toMatch(/await expect\(page\)\.toHaveURL\(\/\\\/items\\\/\/\);/);
  expect(workflow).toContain('await expect(page).toHaveTitle(new RegExp(vars.title.replace(');
  expect(workflow).toMatch(/await expect\(\w+Page\.\w+\)\.toHaveText\((vars\.\w+|'Checked kettle')\);/);
  expect(workflow).toContain(".getByText('Item created').filter({ visible: true }).first()).toBeVisible();");
  expect(workflow).toContain("await expect(page).toHaveURL('./items');");
  expect(workflow).toContain("await expect(page.getByRole('link', { name: 'Checked kettle' })).toHaveCount(1);");
  expect(workflow).toMatch(/await expect\(\w+Page\.\w+\)\.not\.toBeChecked\(\);/);
  expect(workflow).toMatch(/await expect\(\w+Page\.\w+\)\.toBeChecked\(\);/);
  // The strict type check beside the run: it reads the generated files, the run writes only its results.
  const tsc = typecheckGenerated(ws.out);
  // Both specs (the flow and its replay) in one run on one app: each creates the same item and
  // turns the newsletter on, so the project's reset command (BU_RESET_COMMAND, run by brow-use/test
  // before a test that changes data) puts the app back before each; without it the second one fails
  // (its expect_count finds the item twice).
  const app = await fresh();
  const reset = `node -e "fetch('${app.url}__reset', { method: 'POST' }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"`;
  const run = await runGeneratedSpecs(ws.out, app.url, 'tests/', { BU_SECRET_password: kUser.password, BU_RESET_COMMAND: reset }, { noTrace: true });
  expect(run.status, run.output).toBe(0);
  expect(run.output).toMatch(/2 passed/);
  const typecheck = await tsc;
  expect(typecheck.status, typecheck.output).toBe(0);
});
