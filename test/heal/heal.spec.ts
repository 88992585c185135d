import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '../support/fixtures.ts';
import type { Browser } from '@playwright/test';
import { locatorFromCode } from '../../core/locator/build.ts';
import { healAndRerun } from '../../heal/rerun.ts';
import { runCli } from '../../harness/cli.ts';
import { freshProject, generatedSpecsEnv, recordAndGenerate, kFlowSpecs, runGeneratedSpecs } from '../../harness/generate/pipeline.ts';
import { tempWorkspace } from '../../harness/generate/on-disk.ts';
import { startPagesSite, type PagesSite } from '../../harness/sites/pages-site.ts';
import { renderTasks, tasksPlan, type TasksRelease } from '../../harness/sites/tasks-app.ts';

/**
 * `bu heal` end to end: a flow recorded on the task app, specs generated from it, run against a
 * release that breaks them (Playwright keeps the failing test's trace), healed with `--write`,
 * run again. A healed page object must pass and its new locator must find the right element; a
 * refused one must be left as it was, with its reason.
 */

let release: TasksRelease = 'baseline';
/** The baseline release, but for its submit button, rendered late under a new name (see kLateButton). */
let lateButton = false;

/**
 * How long after the title is typed the late button appears: long after a test that typed it has
 * begun its click (a few ms), well inside the click's wait (the specs' 3 s action timeout).
 * Counted from the typing, not the page load, so a slow machine cannot type after it.
 */
const kLateButtonMs = 1_500;
const kLateButton = `<span id="actions"></span><script>document.getElementById('title').addEventListener('input', () => setTimeout(() => { document.getElementById('actions').innerHTML = '<button type="submit">Create task</button>'; }, ${kLateButtonMs}), { once: true });</script>`;

function render(url: URL): string {
  if (!lateButton) return renderTasks(release, url);
  return renderTasks('baseline', url).replace('<button type="submit">Add task</button>', kLateButton);
}
let site: PagesSite;
let ws: ReturnType<typeof tempWorkspace>;
let pristine: string;

test.describe.configure({ mode: 'serial' });

/** A test's timeout in the generated specs: a flow takes about a second, on a loaded machine a few. */
const kSpecTimeoutMs = 10_000;

/**
 * The test's timeout that cuts short a click on a covered element: it waits for as long as it is
 * given, so any time proves the point once the page is open and the click started (well under a
 * second here, a few seconds on a loaded machine).
 */
const kCoveredTimeoutMs = 5_000;

/**
 * The generated flow specs (not the replay spec) against the site, failing fast; `noTrace` for a
 * run no heal reads (it must pass).
 */
function runSpecs(out: string, { testTimeoutMs = kSpecTimeoutMs, noTrace = false } = {}) {
  return runGeneratedSpecs(out, site.url, kFlowSpecs, {}, { testTimeoutMs, noTrace });
}

function project(testTimeout = false): string {
  return freshProject(pristine, ws.root, { testTimeout });
}

function heal(out: string, ...extra: string[]) {
  return runCli(['heal', 'test-results', '--dir', out, '--json', ...extra], { cwd: out, timeoutMs: 60_000 });
}

/** What a page object getter returns, relative to the page. */
function getterCode(out: string, file: string, member: string): string {
  const text = fs.readFileSync(path.join(out, file), 'utf8');
  const match = new RegExp(`get ${member}\\(\\): Locator \\{\\s*return this\\.page\\.(.+);`).exec(text);
  if (!match) throw new Error(`no getter ${member} in ${file}`);
  return match[1]!;
}

/** The elements `code` resolves to on `pathname` of the current release: their outer HTML. */
async function resolve(browser: Browser, code: string, pathname: string): Promise<string[]> {
  const page = await browser.newPage();
  try {
    await page.goto(new URL(pathname, site.url).href);
    return await locatorFromCode(page, code).evaluateAll((els) => els.map((el) => el.outerHTML));
  } finally {
    await page.close();
  }
}

/** Runs, heals with --write and reruns until green (a flow may break at several places), at most three rounds. */
async function healUntilGreen(out: string): Promise<{ rounds: number; changes: { member: string; after: string; signals: string[]; margin: number | null }[] }> {
  const changes = [];
  for (let round = 1; round <= 3; round++) {
    const run = await runSpecs(out);
    if (run.status === 0) return { rounds: round - 1, changes };
    const healed = await heal(out, '--write');
    expect(healed.code, `${healed.stderr}\n${run.output}`).toBe(0);
    changes.push(...(healed.json!.changes as { member: string; after: string; signals: string[]; margin: number | null }[]));
  }
  const last = await runSpecs(out);
  expect(last.status, last.output).toBe(0);
  return { rounds: 3, changes };
}

test.beforeAll(async () => {
  test.setTimeout(240_000);
  site = await startPagesSite(render);
  ws = tempWorkspace('heal');
  await recordAndGenerate(ws, site.url, tasksPlan(site.url));
  pristine = ws.out;
  expect(fs.existsSync(path.join(pristine, 'pom', '.fingerprints.json'))).toBe(true);
  const baseline = await runSpecs(project(), { noTrace: true });
  expect(baseline.status, baseline.output).toBe(0);
});

test.afterAll(async () => {
  await site?.close();
  ws?.remove();
});

test.afterEach(() => {
  release = 'baseline';
  lateButton = false;
});

test('a reworded link in a list is found by where it leads', async ({ browser }) => {
  test.setTimeout(120_000);
  const out = project();
  release = 'reworded-row';
  const { changes } = await healUntilGreen(out);
  expect(changes.map((c) => c.member)).toEqual(['DonePage.archiveLink']);
  expect(changes[0]!.signals).toContain('link target /archive');
  const code = getterCode(out, 'pom/DonePage.ts', 'archiveLink');
  expect(code).toBe("getByRole('link', { name: 'Past tasks' })");
  expect(await resolve(browser, code, '/done?title=x')).toEqual(['<a href="/archive">Past tasks</a>']);
});

test('a button rendered late under a new name is healed from the page as it was when the click failed, not before it waited', async ({ browser }) => {
  test.setTimeout(120_000);
  const out = project();
  lateButton = true;
  const { changes } = await healUntilGreen(out);
  expect(changes.map((c) => c.member)).toEqual(['TasksPage.addTaskButton']);
  const code = getterCode(out, 'pom/TasksPage.ts', 'addTaskButton');
  expect(code).toBe("getByRole('button', { name: 'Create task' })");
  const page = await browser.newPage();
  try {
    await page.goto(site.url);
    await page.getByRole('textbox', { name: 'Title' }).fill('x');
    await expect(locatorFromCode(page, code)).toHaveCount(1);
  } finally {
    await page.close();
  }
});

test('a flow broken at two members (a field moved under another caption, then a renamed button) is green after one `bu heal --rerun --write`', async ({ browser }) => {
  test.setTimeout(180_000);
  const out = project();
  release = 'reworded-form';
  const run = await runSpecs(out);
  expect(run.status).not.toBe(0);
  // The failed run's traces start both heals below, each from the page objects as generated.
  const traces = path.join(out, 'first-run');
  fs.renameSync(path.join(out, 'test-results'), traces);
  const env = generatedSpecsEnv(site.url);
  // Bounded: one round heals the first member only, and reruns nothing. That the test still fails
  // with the first member healed, the full rounds below show: their first rerun is of these very
  // page objects, and it fails at the second member (two rounds).
  const one = await runCli(['heal', traces, '--dir', out, '--json', '--rerun', '--rounds', '1'], { cwd: out, env, timeoutMs: 60_000 });
  expect((one.json!.changes as { member: string }[]).map((c) => c.member)).toEqual(['TasksPage.titleInput']);
  expect(one.json!.rounds).toBe(1);
  expect(one.json!.green).toEqual([]);

  // A rerun that fails without a failing test's trace (no browser, a file that does not load,
  // traces off) proves nothing green: the rounds stop and say why, with the end of its output.
  fs.cpSync(path.join(pristine, 'pom'), path.join(out, 'pom'), { recursive: true });
  const unrun = await healAndRerun({ root: out, inputs: [traces], env, rounds: 3, runTests: async () => ({ passed: false, output: "Error: browserType.launch: Executable doesn't exist" }) });
  expect(unrun.changes.map((c) => c.member)).toEqual(['TasksPage.titleInput']);
  expect(unrun.green).toEqual([]);
  expect(unrun.rerunProblem).toMatch(/^the rerun of .+ failed and left no failing test's trace to heal from[\s\S]*Executable doesn't exist/);

  // --rerun writes each round itself; --write beside it must not read that write as someone else's edit.
  fs.cpSync(path.join(pristine, 'pom'), path.join(out, 'pom'), { recursive: true });
  const healed = await runCli(['heal', traces, '--dir', out, '--json', '--rerun', '--write'], { cwd: out, env, timeoutMs: 150_000 });
  expect(healed.code, healed.stderr).toBe(0);
  expect(healed.stderr).not.toContain('changed while healing');
  expect(healed.json).toMatchObject({ healed: 1, written: true, rounds: 2, rerunProblem: null, files: ['pom/TasksPage.ts'], stillFailing: [] });
  // Green is the last rerun's word: Playwright's exit status running the healed test with this
  // project's config, against this release, as a run of the specs here would.
  expect(healed.json!.green).toHaveLength(1);
  const changes = healed.json!.changes as { member: string; signals: string[] }[];
  expect(changes.map((c) => c.member)).toEqual(['TasksPage.titleInput', 'TasksPage.addTaskButton']);
  // The field is found by what did not move with its caption, the button by its new name.
  expect(changes[0]!.signals).toEqual(expect.arrayContaining(['id title', 'form name title']));
  expect(changes[1]!.signals).toContain('name "Add task" -> "Create task"');
  expect(healed.json!.diff).toContain("+    return this.page.getByRole('button', { name: 'Create task' });");
  expect(healed.json!.diff).toContain("+    return this.page.getByRole('textbox', { name: 'Task name' });");
  const field = getterCode(out, 'pom/TasksPage.ts', 'titleInput');
  const button = getterCode(out, 'pom/TasksPage.ts', 'addTaskButton');
  expect([field, button]).toEqual(["getByRole('textbox', { name: 'Task name' })", "getByRole('button', { name: 'Create task' })"]);
  expect(await resolve(browser, field, '/')).toEqual(['<input id="title" name="title">']);
  expect(await resolve(browser, button, '/')).toEqual(['<button type="submit">Create task</button>']);
});

test('a click the test\'s timeout cut short on an element its locator still finds alone (a banner over it) is reported as a timeout, not healed', async () => {
  test.setTimeout(120_000);
  const out = project(true);
  release = 'covered';
  const before = fs.readFileSync(path.join(out, 'pom', 'TasksPage.ts'), 'utf8');
  expect((await runSpecs(out, { testTimeoutMs: kCoveredTimeoutMs })).status).not.toBe(0);
  const healed = await heal(out, '--write');
  expect(healed.code, healed.stderr).toBe(1);
  expect(healed.json!.notHealed).toEqual([expect.objectContaining({ reason: expect.stringMatching(/^the test timed out while TasksPage\.\w+ \((click|fill)\) was still waiting on its element, which its locator still finds alone/) })]);
  expect(fs.readFileSync(path.join(out, 'pom', 'TasksPage.ts'), 'utf8')).toBe(before);
});

test('a button replaced by two look-alikes is refused, and nothing is written', async () => {
  test.setTimeout(120_000);
  const out = project();
  release = 'decoy';
  const before = fs.readFileSync(path.join(out, 'pom', 'TasksPage.ts'), 'utf8');
  const run = await runSpecs(out);
  expect(run.status).not.toBe(0);
  const healed = await heal(out, '--write');
  expect(healed.code, healed.stderr).toBe(1);
  const refused = healed.json!.notHealed as { reason: string }[];
  expect(refused).toHaveLength(1);
  expect(refused[0]!.reason).toMatch(/ambiguous|refused|no element/);
  expect(healed.json!.changes).toEqual([]);
  expect(healed.stdout.trim().split('\n').slice(0, -1).join('\n')).toBe('');
  expect(fs.readFileSync(path.join(out, 'pom', 'TasksPage.ts'), 'utf8')).toBe(before);
});

test('an assertion whose expected heading changed is not healed on its own: shown for review, written only when accepted', async () => {
  test.setTimeout(120_000);
  const out = project();
  release = 'heading';
  const pomFiles = () => fs.readdirSync(path.join(out, 'pom')).sort().map((f) => fs.readFileSync(path.join(out, 'pom', f), 'utf8'));
  const before = pomFiles();
  const run = await runSpecs(out);
  expect(run.status).not.toBe(0);
  const healed = await heal(out, '--write');
  expect(healed.code, healed.stderr).toBe(1);
  const refused = healed.json!.notHealed as { reason: string }[];
  expect(refused).toHaveLength(1);
  expect(refused[0]!.reason).toContain('not healable: expectation changed');
  expect(refused[0]!.reason).toContain("name: 'Saved'");
  expect(pomFiles()).toEqual(before);
  // Shown for review: the old and the new heading of the page the submit opened, and the page's other members re-found.
  expect(healed.json!.expectations).toEqual([expect.objectContaining({ file: expect.stringMatching(/^pom\/\w+\.ts$/), matcher: 'toBeVisible', before: "'Saved'", now: 'Task saved', after: "'Task saved'", missing: [], accepted: false })]);
  const file = (healed.json!.expectations as { file: string }[])[0]!.file;
  expect((healed.json!.expectations as { refound: string[] }[])[0]!.refound.length).toBeGreaterThan(0);
  // Accepted, round by round (the heading, then the title the release renamed too), the specs pass.
  const accepted = await heal(out, '--rerun', '--accept-expectations');
  expect(accepted.code, accepted.stderr).toBe(0);
  const written = fs.readFileSync(path.join(out, file), 'utf8');
  expect(written).toContain("name: 'Task saved'");
  expect((await runSpecs(out)).status).toBe(0);
});

test('bad input exits 2: a missing path, a folder without traces, a folder not generated by bu', async () => {
  const out = project();
  const missing = await runCli(['heal', path.join(out, 'nope.zip'), '--dir', out], { cwd: out });
  expect(missing.code).toBe(2);
  fs.mkdirSync(path.join(out, 'empty'));
  const empty = await runCli(['heal', 'empty', '--dir', out], { cwd: out });
  expect(empty.code).toBe(2);
  expect(empty.stderr).toContain('no trace zip');
  const notGenerated = await runCli(['heal', 'empty', '--dir', path.join(out, 'empty')], { cwd: out });
  expect(notGenerated.code).toBe(2);
  expect(notGenerated.stderr).toContain('.fingerprints.json');
});
