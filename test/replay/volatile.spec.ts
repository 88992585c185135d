import { expect, test } from '../support/fixtures.ts';
import fs from 'node:fs/promises';
import path from 'node:path';
import { History } from '../../core/schema/history.ts';
import { replay } from '../../replay/replay.ts';
import { lastJson, runBu, servePages, tempDir } from '../capture/support.ts';

/**
 * A page that changes by itself: its address holds the moment of its last scrape (as a graph page
 * keeps its time in the query), a clock ticks and each row says how long ago its target was scraped.
 * Capture records what changed with no action; replay, later, compares neither those values nor
 * those words, and still refuses a row that is another one.
 */

test.describe.configure({ timeout: 120_000 });

const kPage = `<!doctype html><html><head><title>Targets</title></head><body><main><h1>Targets</h1>
<p>Now <span id="clock"></span></p>
<table style="table-layout: fixed; width: 30em"><tr><th>Job</th><th>Last scrape</th><th></th></tr>
<tr><td>node</td><td class="ago"></td><td><button onclick="note('node')">Scrape</button></td></tr>
<tr><td>db</td><td class="ago"></td><td><button onclick="note('db')">Scrape</button></td></tr></table></main>
<script>
// The address holds the moment of the page's last scrape, as a graph page keeps the time it shows.
const stamp = () => { const at = new URL(location.href); at.searchParams.set('moment', new Date().toISOString().slice(0, 19).replace('T', ' ')); history.replaceState(null, '', at); };
function note(what) { fetch('/act', { method: 'POST', body: what }); stamp(); }
if (!new URL(location.href).searchParams.has('moment')) stamp();
const started = performance.now();
const tick = () => {
  document.getElementById('clock').textContent = new Date().toISOString().slice(11, 19);
  document.querySelectorAll('.ago').forEach((cell, i) => { cell.textContent = Math.round(performance.now() - started) * (i + 1) + 'ms ago'; });
};
tick();
setInterval(tick, 30);
</script></body></html>`;

test('what a page changes by itself is recorded, and replay later compares neither those words nor those query values', async ({ page }) => {
  const posts: string[] = [];
  const pages = await servePages({ '/': kPage, '/act': '' }, posts);
  const cwd = await tempDir('volatile');
  try {
    const plan = { version: 1, url: pages.url, steps: [{ click: { target: "getByRole('row').filter({ hasText: 'node' }).getByRole('button')" } }, { done: { text: 'scraped' } }] };
    await fs.writeFile(path.join(cwd, 'plan.json'), JSON.stringify(plan));
    const run = await runBu(['capture', 'script', '--plan', 'plan.json', '--json'], { cwd });
    expect(run.code, run.stderr).toBe(0);
    const history = History.parse(JSON.parse(await fs.readFile(path.join(cwd, 'out', 'history', `${String(lastJson(run.stdout).sessionId)}.json`), 'utf8')));
    const click = history.steps.find((s) => s.action === 'click')!;
    expect(click.fingerprint!.volatile).toEqual(expect.arrayContaining(['#ms']));
    expect(click.volatileQuery).toEqual(['moment']);
    expect(posts).toEqual(['node']);
    posts.length = 0;

    // A second later the page holds another moment, another time and other figures.
    await page.waitForTimeout(1_100);
    const { report } = await replay(page, history, { replayId: 'later' });
    expect(report.summary.ok, JSON.stringify(report.steps, null, 1)).toBe(true);
    await expect.poll(() => posts).toEqual(['node']);

    // Without what capture saw, the moment in the address fails the step's check of the page.
    posts.length = 0;
    const unaware = { ...history, steps: history.steps.map(({ volatileQuery: _q, ...step }) => ({ ...step, fingerprint: step.fingerprint && { ...step.fingerprint, volatile: undefined } })) } as History;
    const { report: failed } = await replay(page, unaware, { replayId: 'unaware', findTimeoutMs: 1_000 });
    expect(failed.summary.ok).toBe(false);
    expect(JSON.stringify(failed.steps)).toContain('moment=');
    // The row still found by its job's name: the step acted on it, then found the page's moment another.
    await expect.poll(() => posts).toEqual(['node']);
  } finally {
    await pages.close();
    await fs.rm(cwd, { recursive: true, force: true });
  }
});

/**
 * A counter that starts ticking a while after the page loaded and stops again: with a plan that
 * waits first, its ticks fall inside the wait. A wait acts on nothing, so what changed during it the
 * page changed by itself, and the click after it is recorded with that shape.
 */
const kTicksLate = `<!doctype html><html><head><title>Queue</title></head><body><main><h1>Queue</h1>
<p>Sent <span id="sent">0</span> messages</p><button>Pause</button></main>
<script>
let sent = 0;
setTimeout(() => { const timer = setInterval(() => { document.getElementById('sent').textContent = String(++sent); }, 150); setTimeout(() => clearInterval(timer), 1_000); }, 1_500);
</script></body></html>`;

test('what changes during a wait step is the page\'s own change, recorded with the next step', async () => {
  const pages = await servePages({ '/': kTicksLate });
  const cwd = await tempDir('volatile-wait');
  try {
    const plan = { version: 1, url: pages.url, steps: [{ wait: { seconds: 3 } }, { click: { target: { role: 'button', name: 'Pause' } } }, { done: { text: 'paused' } }] };
    await fs.writeFile(path.join(cwd, 'plan.json'), JSON.stringify(plan));
    const run = await runBu(['capture', 'script', '--plan', 'plan.json', '--json'], { cwd });
    expect(run.code, run.stderr).toBe(0);
    const history = History.parse(JSON.parse(await fs.readFile(path.join(cwd, 'out', 'history', `${String(lastJson(run.stdout).sessionId)}.json`), 'utf8')));
    const click = history.steps.find((s) => s.action === 'click')!;
    expect(click.fingerprint!.volatile).toEqual(['#']);
  } finally {
    await pages.close();
    await fs.rm(cwd, { recursive: true, force: true });
  }
});
