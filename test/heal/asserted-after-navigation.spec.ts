import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '../support/fixtures.ts';
import { runCli } from '../../harness/cli.ts';
import { htmlPage, startPagesSite, type PagesSite } from '../../harness/sites/pages-site.ts';
import { runHandSuite, writeHandSuite, type HandSuite } from './support/hand-suite.ts';

/**
 * An assertion made right after a click that navigated has no snapshot before it, and Playwright
 * marks its element in none of its snapshots. `bu baseline` reads it back by its own selector in
 * the snapshot taken as it passed, so a later release that renames the element's class heals there
 * as anywhere else.
 */

let renamed = false;
const render = (url: URL) => url.pathname === '/saved'
  ? htmlPage('Saved', `<main><h1>Saved</h1><p class="${renamed ? 'notice-x3f' : 'notice'}">Your note is saved.</p><p>Other text.</p></main>`)
  : htmlPage('Note', '<main><h1>Note</h1><form action="/saved" method="get"><button>Save</button></form></main>');

const kSpec = `import { expect, test } from '@playwright/test';

test('saves a note', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('p.notice')).toHaveText('Your note is saved.');
});
`;

let site: PagesSite;
let project: HandSuite;
let suite: string;

test.describe.configure({ mode: 'serial' });
test.setTimeout(300_000);

test.beforeAll(async () => {
  site = await startPagesSite(render);
  project = writeHandSuite('heal-asserted-after-navigation', { 'tests/note.spec.ts': kSpec });
  suite = project.root;
});

test.afterAll(async () => {
  await site?.close();
  project?.remove();
});

function runSuite() {
  fs.rmSync(path.join(suite, 'test-results'), { recursive: true, force: true });
  return runHandSuite(suite, site.url);
}

test('the assertion after a navigation is kept in the baseline, and heals when its class is renamed', async () => {
  const green = await runSuite();
  expect(green.code, green.stdout + green.stderr).toBe(0);
  const made = await runCli(['baseline', 'test-results', '--json'], { cwd: suite, timeoutMs: 120_000 });
  expect(made.code, made.stderr).toBe(0);
  expect(made.json).toMatchObject({ passing: 1, missed: [] });
  const baseline = JSON.parse(fs.readFileSync(path.join(suite, '.brow-use', 'baseline.json'), 'utf8')) as { tests: { calls: { method: string; selector: string; url: string }[] }[] };
  const asserted = baseline.tests[0]!.calls.find((c) => c.method === 'expect');
  expect(asserted?.selector).toBe('p.notice');
  // Read on the page it passed on, the one the click opened.
  expect(new URL(asserted!.url).pathname).toBe('/saved');

  renamed = true;
  expect((await runSuite()).code).not.toBe(0);
  const healed = await runCli(['heal', 'test-results', '--baseline', '.brow-use/baseline.json', '--write', '--json'], { cwd: suite, timeoutMs: 180_000 });
  expect(healed.code, healed.stderr).toBe(0);
  const spec = fs.readFileSync(path.join(suite, 'tests', 'note.spec.ts'), 'utf8');
  expect(spec).not.toContain("'p.notice'");
  // What the test expects stays as written.
  expect(spec).toContain("toHaveText('Your note is saved.')");
  const rerun = await runSuite();
  expect(rerun.code, rerun.stdout + rerun.stderr).toBe(0);
});
