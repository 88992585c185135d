import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '../support/fixtures.ts';
import { locatorFromCode } from '../../core/locator/build.ts';
import { runCli } from '../../harness/cli.ts';
import { freshProject, recordAndGenerate, kFlowSpecs, runGeneratedSpecs } from '../../harness/generate/pipeline.ts';
import { tempWorkspace } from '../../harness/generate/on-disk.ts';
import { startPagesSite, type PagesSite } from '../../harness/sites/pages-site.ts';
import { renderTeam, teamPlan, type TeamRelease } from './support/team-app.ts';

/**
 * `bu heal` inside one row of a table: the generated page object finds the row by the text it
 * shows and the element inside it relative to the row. When the row is still found, only the
 * inner locator is re-found (inside that row alone) and rewritten; when the row is gone, or its
 * element has look-alikes nothing tells apart, nothing is written and the reason is given.
 */

let release: TeamRelease = 'baseline';
let site: PagesSite;
let ws: ReturnType<typeof tempWorkspace>;
let pristine: string;

test.describe.configure({ mode: 'serial' });

/** The generated flow specs against the site; `noTrace` for a run no heal reads (it must pass). */
function runSpecs(out: string, noTrace = false) {
  return runGeneratedSpecs(out, site.url, kFlowSpecs, {}, { testTimeoutMs: 10_000, noTrace });
}

function project(): string {
  return freshProject(pristine, ws.root);
}

function heal(out: string) {
  return runCli(['heal', 'test-results', '--dir', out, '--json', '--write'], { cwd: out, timeoutMs: 60_000 });
}

/** Page object files and their text. */
function pomTexts(out: string): Record<string, string> {
  const dir = path.join(out, 'pom');
  return Object.fromEntries(fs.readdirSync(dir).filter((f) => f.endsWith('.ts')).map((f) => [f, fs.readFileSync(path.join(dir, f), 'utf8')]));
}

interface Change { member: string; file: string; before: string; after: string; signals: string[] }

test.beforeAll(async () => {
  test.setTimeout(240_000);
  site = await startPagesSite((url) => renderTeam(release, url));
  ws = tempWorkspace('heal-rows');
  await recordAndGenerate(ws, site.url, teamPlan(site.url));
  pristine = ws.out;
  // The link is a member of the row's class, found relative to the row.
  expect(Object.values(pomTexts(pristine)).join('\n')).toMatch(/return this\.root\.getByRole\('link', \{ name: 'Edit' \}\);/);
  const baseline = await runSpecs(project(), true);
  expect(baseline.status, baseline.output).toBe(0);
});

test.afterAll(async () => {
  await site?.close();
  ws?.remove();
});

test.afterEach(() => {
  release = 'baseline';
});

test('a reworded link inside a row: only the part inside the row is rewritten, and it finds that row\'s link', async ({ browser }) => {
  test.setTimeout(120_000);
  const out = project();
  release = 'reworded-link';
  const run = await runSpecs(out);
  expect(run.status).not.toBe(0);
  const healed = await heal(out);
  expect(healed.code, healed.stderr).toBe(0);
  const changes = healed.json!.changes as Change[];
  expect(changes).toHaveLength(1);
  expect(changes[0]!.before).toBe("getByRole('link', { name: 'Edit' })");
  expect(changes[0]!.after).toBe("getByRole('link', { name: 'Change' })");
  expect(changes[0]!.signals).toEqual(expect.arrayContaining(['link target /members/bob/edit']));
  expect(healed.json!.diff).toContain("+    return this.root.getByRole('link', { name: 'Change' });");
  // The item accessor (how the row is found) is left as it was.
  const after = pomTexts(out);
  const before = pomTexts(pristine);
  for (const file of Object.keys(before)) {
    const removed = before[file]!.split('\n').filter((line) => !after[file]!.split('\n').includes(line));
    for (const line of removed) expect(line).toContain("getByRole('link', { name: 'Edit' })");
  }
  const rerun = await runSpecs(out, true);
  expect(rerun.status, rerun.output).toBe(0);

  // In Bob's row on the live release, the new inner locator is his own edit link.
  const page = await browser.newPage();
  try {
    await page.goto(site.url);
    const found = await locatorFromCode(page, `getByRole('row').filter({ has: getByText('bob@example.com', { exact: true }) }).${changes[0]!.after}`).evaluateAll((els) => els.map((el) => el.getAttribute('href')));
    expect(found).toEqual(['/members/bob/edit']);
  } finally {
    await page.close();
  }
});

test('two look-alike links in the row that lead elsewhere are refused, and nothing is written', async () => {
  test.setTimeout(120_000);
  const out = project();
  release = 'row-decoys';
  const before = pomTexts(out);
  const run = await runSpecs(out);
  expect(run.status).not.toBe(0);
  const healed = await heal(out);
  expect(healed.code, healed.stderr).toBe(1);
  expect(healed.json!.changes).toEqual([]);
  const refused = healed.json!.notHealed as { reason: string }[];
  expect(refused).toHaveLength(1);
  expect(refused[0]!.reason).toMatch(/ambiguous|refused|no element/);
  expect(pomTexts(out)).toEqual(before);
});

test('a row no longer found by its text is refused with that reason, and nothing is written', async () => {
  test.setTimeout(120_000);
  const out = project();
  release = 'row-gone';
  const before = pomTexts(out);
  const run = await runSpecs(out);
  expect(run.status).not.toBe(0);
  const healed = await heal(out);
  expect(healed.code, healed.stderr).toBe(1);
  const refused = healed.json!.notHealed as { reason: string }[];
  expect(refused).toHaveLength(1);
  expect(refused[0]!.reason).toContain('finds 0 items');
  expect(pomTexts(out)).toEqual(before);
});
