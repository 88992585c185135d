import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '../support/fixtures.ts';
import { History } from '../../core/schema/history.ts';
import { ReplayReport } from '../../core/schema/replay-report.ts';
import { runCli } from '../../harness/cli.ts';
import { dokuwiki } from '../../harness/apps/dokuwiki.ts';
import type { RunningApp } from '../../harness/apps/types.ts';
import { needRealApp } from '../support/real-app-required.ts';
import { runGeneratedSpecs, typecheckGenerated } from '../../harness/generate/pipeline.ts';
import { tempWorkspace } from '../../harness/generate/on-disk.ts';

/**
 * Expect steps on a real app nobody here wrote (Debian's DokuWiki): a plan creates a page and
 * checks its heading, text, address and title. The checks are recorded, replayed on a fresh wiki,
 * fail the replay as an expectation when one no longer holds, and run in the generated specs. A
 * check that does not hold when recording fails the capture, naming the step.
 */

const unavailable = dokuwiki.unavailable();
needRealApp(unavailable && `DokuWiki cannot run here: ${unavailable}`);
// The suite proves expect steps on the demo app (test/demo/expect-steps.spec.ts): these run in make bench.
test.describe.configure({ mode: 'serial', timeout: 300_000 });

/** The wiki's address for a page id and action, from its start page `…/doku.php?id=start`. */
function wikiUrl(start: string, query: string): string {
  return new URL(`doku.php?${query}`, start).href;
}

function plan(start: string, heading: string) {
  return {
    version: 1, url: start,
    steps: [
      { navigate: { url: wikiUrl(start, 'id=checked&do=edit') } },
      { input: { target: 'css=#wiki__text', text: '====== Checked page ======\n\nWritten by a plan that checks.\n' } },
      { click: { target: { role: 'button', name: 'Save' } } },
      { expect_url: { url: 'id=checked' } },
      { expect_title: { title: 'checked' } },
      { expect_text: { target: 'css=#dokuwiki__content h1', text: heading, exact: true } },
      { expect_text: { text: 'Written by a plan that checks.' } },
      { expect_count: { target: 'css=#dokuwiki__content h1', count: 1 } },
    ],
  };
}

let ws: ReturnType<typeof tempWorkspace>;
const env = () => ({ BU_OUTPUT: ws.paths.root, OPENAI_API_KEY: '', OPENAI_BASE_URL: '' });
let sessionId: string;
let wiki: RunningApp | undefined;

/**
 * The file's one wiki as it started: its data and users copied back over whatever the last run
 * wrote. Starting a wiki builds its search index and compiled styles and scripts, seconds of CPU
 * each time; a reset keeps them.
 */
async function fresh(): Promise<RunningApp> {
  if (!wiki) wiki = await dokuwiki.start();
  else await wiki.reset();
  return wiki;
}

test.beforeAll(() => {
  ws = tempWorkspace('dokuwiki-expect');
});

test.afterAll(async () => {
  await wiki?.stop();
  ws?.remove();
});

function reportOf(json: Record<string, unknown> | null | undefined): ReplayReport {
  return ReplayReport.parse(JSON.parse(fs.readFileSync(String(json!.reportPath), 'utf8')));
}

test('a plan that creates a wiki page records its checks; one that does not hold fails the capture and names its step', { tag: '@bench' }, async () => {
  const wrong = path.join(ws.root, 'wrong.json');
  fs.writeFileSync(wrong, JSON.stringify(plan((await fresh()).url, 'Another heading')));
  const failed = await runCli(['capture', 'script', '--plan', wrong, '--json'], { env: env(), timeoutMs: 120_000 });
  expect(failed.code).not.toBe(0);
  expect(failed.stderr).toMatch(/plan step 6 \(expect_text css=#dokuwiki__content h1 text="Another heading" exact=true\): expected css=#dokuwiki__content h1 to have the text "Another heading"; got "Checked page" after \d+ ms/);

  // Recorded on a reset wiki: the failed capture above saved the page.
  const app = await fresh();
  const planFile = path.join(ws.root, 'plan.json');
  fs.writeFileSync(planFile, JSON.stringify(plan(app.url, 'Checked page')));
  const capture = await runCli(['capture', 'script', '--plan', planFile, '--json'], { env: env(), timeoutMs: 120_000 });
  expect(capture.code, capture.stderr).toBe(0);
  sessionId = String(capture.json!.sessionId);
  const history = History.parse(JSON.parse(fs.readFileSync(ws.paths.history(sessionId), 'utf8')));
  expect(history.steps.map((s) => [s.action, s.ok])).toEqual(plan(app.url, '').steps.map((s) => [Object.keys(s)[0], true]));
  const heading = history.steps[5]!;
  expect(heading.fingerprint?.role).toBe('heading');
  expect(heading.result).toBe('held: expected css=#dokuwiki__content h1 to have the text "Checked page"');
});

test('the checks replay on a fresh wiki; a broken one fails as an expectation', { tag: '@bench' }, async () => {
  const passed = await runCli(['replay', sessionId, '--base-url', (await fresh()).url, '--json'], { env: env() });
  expect(passed.code, passed.stderr).toBe(0);
  const report = reportOf(passed.json);
  expect(report.steps.filter((s) => s.action.startsWith('expect_')).map((s) => s.status)).toEqual(['passed', 'passed', 'passed', 'passed', 'passed']);

  const history = JSON.parse(fs.readFileSync(ws.paths.history(sessionId), 'utf8')) as { steps: { action: string; params: Record<string, unknown> }[] };
  history.steps[4]!.params.title = 'unchecked';
  const broken = path.join(ws.root, 'broken.json');
  fs.writeFileSync(broken, JSON.stringify(history));
  const failed = await runCli(['replay', broken, '--base-url', (await fresh()).url, '--json'], { env: env() });
  expect(failed.code).toBe(1);
  const failedReport = reportOf(failed.json);
  expect(failedReport.summary.failedStep).toBe(4);
  expect(failedReport.summary.failureCategory).toBe('expectation');
  expect(failedReport.steps[4]!.message).toMatch(/^expected a title containing "unchecked"; got ".*checked.*" after \d+ ms$/);
});

test('the generated specs assert the checks and pass on a fresh wiki', { tag: '@bench' }, async () => {
  const generated = await runCli(['generate', sessionId, '--out', ws.out, '--llm', 'off', '--json'], { env: env(), timeoutMs: 120_000 });
  expect(generated.code, generated.stderr).toBe(0);
  const workflow = fs.readdirSync(path.join(ws.out, 'workflows')).map((f) => fs.readFileSync(path.join(ws.out, 'workflows', f), 'utf8')).join('\n');
  expect(workflow).toContain("await expect(page).toHaveURL(/id=checked/);");
  expect(workflow).toContain("await expect(page).toHaveTitle(/checked/);");
  expect(workflow).toMatch(/await expect\(checkedPage\d*\.\w+\)\.toHaveText\('Checked page'\);/);
  expect(workflow).toContain("await expect(page.getByText('Written by a plan that checks.').filter({ visible: true }).first()).toBeVisible();");
  expect(workflow).toContain("await expect(page.locator('#dokuwiki__content h1')).toHaveCount(1);");
  // The strict type check beside the runs: it reads the generated files, the runs write only their results.
  const tsc = typecheckGenerated(ws.out);
  for (const filter of ['tests/(?!replay-)', 'tests/replay-']) {
    const app = await fresh();
    // Untraced: the project is removed after the file, and a failed test's trace with it.
    const run = await runGeneratedSpecs(ws.out, new URL('.', app.url).href, filter, {}, { noTrace: true });
    expect(run.status, run.output).toBe(0);
    expect(run.output).toMatch(/1 passed/);
  }
  const typecheck = await tsc;
  expect(typecheck.status, typecheck.output).toBe(0);
});
