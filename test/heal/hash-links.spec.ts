import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '../support/fixtures.ts';
import type { Browser } from '@playwright/test';
import { locatorFromCode } from '../../core/locator/build.ts';
import { ReplayReport } from '../../core/schema/replay-report.ts';
import { runCli } from '../../harness/cli.ts';
import { freshProject, kFlowSpecs, recordAndGenerate, runGeneratedSpecs } from '../../harness/generate/pipeline.ts';
import { tempWorkspace } from '../../harness/generate/on-disk.ts';
import { htmlPage, startPagesSite, type PagesSite } from '../../harness/sites/pages-site.ts';

/**
 * Replay and `bu heal` re-find one element alike: a to-do page whose filter links lead to hash
 * routes (`#/active`), recorded, its specs generated, then a release that renames one link. Replay
 * re-finds the step's link live; heal re-finds the page object's member in the failing test's DOM
 * snapshot, shown from another document than the app's. Both must take the same link, and both
 * must refuse where its target no longer tells it apart.
 */

type Release = 'baseline' | 'renamed' | 'removed';

let release: Release = 'baseline';

/** The filter links of a release: their names and hash routes. */
function filters(r: Release): [string, string][] {
  const all: [string, string] = ['All', '#/'];
  const completed: [string, string] = ['Completed', '#/completed'];
  switch (r) {
    case 'baseline': return [all, ['Active', '#/active'], completed];
    case 'renamed': return [all, ['Open', '#/active'], completed];
    case 'removed': return [all, completed];
  }
}

/** The filter links as the app renders them, the current route's marked selected. */
const kFilters = JSON.stringify(Object.fromEntries((['baseline', 'renamed', 'removed'] as const).map((r) => [r, filters(r)])));

/**
 * A single-page to-do app: items are added in the page and shown by the route in the address
 * (`#/active`), its footer with the filter links rendered again on every change, as such apps do.
 * It is served at a path of its own (`/todo/list`) with a base address (`/todo/`): its links lead
 * to `/todo/#/active`, and its router follows them without leaving the page.
 */
function render(): string {
  return htmlPage('Things to do', `<section class="errands">
    <header class="header"><h1>Things to do</h1><input class="new-errand" placeholder="Add an errand" autofocus></header>
    <section class="main"><ul class="errand-list"></ul></section>
    <footer class="footer"></footer>
  </section>
  <script>
    const links = ${kFilters}[${JSON.stringify(release)}];
    const items = [];
    function render() {
      const route = location.hash.replace(/^#\\//, '') || '';
      const shown = items.filter((item) => route === '' || (route === 'completed') === item.done);
      document.querySelector('.errand-list').innerHTML = shown.map((item) => '<li><label>' + item.title + '</label></li>').join('');
      document.querySelector('.footer').innerHTML = !items.length ? '' : '<span class="errand-count">' + items.length + ' items left</span><ul class="filters">'
        + links.map(([name, href]) => '<li><a' + (href === '#/' + route ? ' class="selected"' : '') + ' href="' + href + '">' + name + '</a></li>').join('') + '</ul>';
    }
    document.querySelector('.new-errand').addEventListener('keydown', (event) => {
      if (event.key !== 'Enter' || !event.target.value.trim()) return;
      items.push({ title: event.target.value.trim(), done: false });
      event.target.value = '';
      render();
    });
    document.addEventListener('click', (event) => {
      const link = event.target.closest('a[href]');
      if (!link) return;
      event.preventDefault();
      history.pushState(null, '', link.href);
      render();
    });
    render();
  </script>`).replace('<head>', '<head><base href="/todo/">');
}

/** Where the app starts. */
const kStart = 'todo/list';

/** The recorded flow: add an item, show the active items, then the completed ones. */
function plan(url: string) {
  return {
    version: 1, url: new URL(kStart, url).href,
    steps: [
      { input: { target: { role: 'textbox', name: 'Add an errand' }, text: 'Water the plants' } },
      { send_keys: { keys: 'Enter' } },
      { click: { target: { role: 'link', name: 'Active' } } },
      { click: { target: { role: 'link', name: 'Completed' } } },
      { done: { text: 'added an item, showed the active items, then the completed ones', success: true } },
    ],
  };
}

let site: PagesSite;
let ws: ReturnType<typeof tempWorkspace>;
let sessionId: string;

test.describe.configure({ mode: 'serial' });

const env = () => ({ BU_OUTPUT: ws.paths.root, OPENAI_API_KEY: '', OPENAI_BASE_URL: '' });

/** `bu replay` of the recorded flow on the current release: the report's first click. */
async function replayFirstStep() {
  const replayed = await runCli(['replay', sessionId, '--json'], { env: env(), timeoutMs: 60_000 });
  expect(replayed.json, replayed.stderr).not.toBeNull();
  const report = ReplayReport.parse(JSON.parse(fs.readFileSync(String(replayed.json!.reportPath), 'utf8')));
  return { code: replayed.code, step: report.steps.find((step) => step.action === 'click')! };
}

/** The generated flow spec run on the current release (it must fail), then `bu heal --write`. */
async function runAndHeal(): Promise<{ out: string; before: Record<string, string>; healed: Awaited<ReturnType<typeof runCli>> }> {
  const out = freshProject(ws.out, ws.root);
  const before = pageObjects(out);
  const run = await runGeneratedSpecs(out, site.url, kFlowSpecs, {}, { testTimeoutMs: 10_000 });
  expect(run.status, run.output).not.toBe(0);
  const healed = await runCli(['heal', 'test-results', '--dir', out, '--json', '--write'], { cwd: out, env: env(), timeoutMs: 60_000 });
  return { out, before, healed };
}

/** The page objects as they are now: file name to text. */
function pageObjects(out: string): Record<string, string> {
  const dir = path.join(out, 'pom');
  return Object.fromEntries(fs.readdirSync(dir).filter((f) => f.endsWith('.ts')).map((f) => [f, fs.readFileSync(path.join(dir, f), 'utf8')]));
}

test.beforeAll(async () => {
  test.setTimeout(240_000);
  site = await startPagesSite(() => render());
  ws = tempWorkspace('hash-links');
  sessionId = await recordAndGenerate(ws, site.url, plan(site.url));
});

test.afterAll(async () => {
  await site?.close();
  ws?.remove();
});

test.afterEach(() => {
  release = 'baseline';
});

/** The outer HTML of what `code` finds on the app as the current release shows it, once an item is added. */
async function resolveLive(browser: Browser, code: string): Promise<string[]> {
  const page = await browser.newPage();
  try {
    await page.goto(new URL(kStart, site.url).href);
    await page.getByRole('textbox').fill('Water the plants');
    await page.keyboard.press('Enter');
    return await locatorFromCode(page, code).evaluateAll((els) => els.map((el) => el.outerHTML));
  } finally {
    await page.close();
  }
}

test('a renamed link to a hash route under a base address: replay and heal both take the link its route names', async ({ browser }) => {
  test.setTimeout(120_000);
  release = 'renamed';
  const replayed = await replayFirstStep();
  expect(replayed.step.status, replayed.step.message ?? '').toBe('healed');
  const { out, healed } = await runAndHeal();
  expect(healed.code, healed.stderr).toBe(0);
  const changes = healed.json!.changes as { member: string; after: string; signals: string[] }[];
  expect(changes.map((c) => c.member)).toEqual(['ThingsToDoPage.activeLink']);
  expect(changes[0]!.signals).toContain('link target /todo/#/active');
  expect(changes[0]!.after).toBe("getByRole('link', { name: 'Open' })");
  // The element heal's locator finds is the one replay acted on.
  const open = ['<a href="#/active">Open</a>'];
  expect(await resolveLive(browser, replayed.step.locator!)).toEqual(open);
  expect(await resolveLive(browser, changes[0]!.after)).toEqual(open);
  const rerun = await runGeneratedSpecs(out, site.url, kFlowSpecs, {}, { testTimeoutMs: 10_000, noTrace: true });
  expect(rerun.status, rerun.output).toBe(0);
});

test('the link gone while All and Completed stay: replay and heal both refuse, for the same reason, and heal writes nothing', async () => {
  test.setTimeout(120_000);
  release = 'removed';
  const replayed = await replayFirstStep();
  expect(replayed.step.status).toBe('failed');
  expect(replayed.step.message).toContain('links to /todo/#/completed, recorded /todo/#/active');
  const { out, before, healed } = await runAndHeal();
  expect(healed.code, healed.stderr).toBe(1);
  const refused = healed.json!.notHealed as { reason: string }[];
  expect(refused).toHaveLength(1);
  expect(refused[0]!.reason).toMatch(/^no element on the page agrees with the recorded link "Active"/);
  expect(refused[0]!.reason).toContain('links to /todo/#/completed, recorded /todo/#/active');
  expect(healed.json!.changes).toEqual([]);
  expect(pageObjects(out)).toEqual(before);
});
