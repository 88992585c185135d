import { expect, test } from '../support/fixtures.ts';
import { replay } from '../../replay/replay.ts';
import { recordOn } from './support/record.ts';
import { htmlPage, startPagesSite, type PagesSite } from '../../harness/sites/pages-site.ts';

/**
 * A step's recorded effect is waited for and required whether or not the step moved the URL: a
 * filter link that changes the hash route is judged by what it did to the list, not by its URL
 * alone, and the page the replay leaves is read once the list re-rendered.
 */

let site: PagesSite;
test.afterEach(async () => site?.close());

/** Re-renders of the list come this long after the hash changed, on the build replayed. */
const kLateMinMs = 300;
const kLateMaxMs = 800;

/**
 * A list whose filter links change the hash route; the list follows the route `delay()` ms after
 * the `hashchange` (0: at once, as recorded), or never (null).
 */
function todo(delay: () => number | null): (url: URL) => string {
  return () => htmlPage('Chores', `<main><h1>Chores</h1><ul id="list"></ul>
    <nav><a href="#/">All</a> <a href="#/active">Active</a> <a href="#/done">Done</a></nav></main>
    <script>
      const items = [{ name: 'Water the plants', done: true }, { name: 'Sweep the porch', done: false }, { name: 'Feed the cat', done: false }];
      const delay = ${JSON.stringify(delay())};
      function render() {
        const route = location.hash.replace(/^#\\/?/, '');
        const shown = items.filter((item) => route === 'active' ? !item.done : route === 'done' ? item.done : true);
        document.getElementById('list').innerHTML = shown.map((item) => '<li><label><input type="checkbox"' + (item.done ? ' checked' : '') + '> ' + item.name + '</label></li>').join('');
      }
      render();
      window.addEventListener('hashchange', () => { if (delay === 0) render(); else if (delay !== null) setTimeout(render, delay); });
    </script>`);
}

async function recordActive(browser: Parameters<typeof recordOn>[0], url: string) {
  const history = await recordOn(browser, url, [{ action: 'click', params: {}, target: (p) => p.getByRole('link', { name: 'Active' }) }]);
  const step = history.steps[0]!;
  // The recording saw the done item leave the list, on a step that moved the hash route.
  expect(step.post.url).toMatch(/#\/active$/);
  expect(step.pre.url).not.toBe(step.post.url);
  expect(step.effect?.gone.join('\n')).toContain('Water the plants');
  return history;
}

test('a hash-route filter whose list re-renders late passes once its recorded effect is seen', async ({ browser, page }) => {
  let delay: number | null = 0;
  site = await startPagesSite(todo(() => delay));
  const history = await recordActive(browser, site.url);
  delay = kLateMinMs + Math.round(Math.random() * (kLateMaxMs - kLateMinMs));
  const { report } = await replay(page, history, { replayId: 'late-filter', findTimeoutMs: 1_000 });
  expect(report.summary.ok, JSON.stringify(report.steps, null, 1)).toBe(true);
  const checks = report.steps[0]!.checks;
  expect(checks).toContain('url');
  // The effect was checked, and seen: no "(not seen)" mark.
  expect(checks.find((c) => c.startsWith('effect '))).toMatch(/^effect \d+\/\d+$/);
  await expect(page.getByText('Water the plants')).toHaveCount(0);
});

test('a hash-route filter whose list never re-renders fails its step on the effect, not passes on its URL', async ({ browser, page }) => {
  let delay: number | null = 0;
  site = await startPagesSite(todo(() => delay));
  const history = await recordActive(browser, site.url);
  delay = null;
  const { report } = await replay(page, history, { replayId: 'never-filter', findTimeoutMs: 1_000 });
  expect(report.summary.ok).toBe(false);
  const step = report.steps[0]!;
  expect(step.status).toBe('failed');
  expect(step.category).toBe('postcondition_failed');
  expect(step.message).toContain('effect not seen');
  expect(step.message).toContain('Water the plants');
  // The URL was as recorded: the effect is what failed.
  expect(page.url()).toMatch(/#\/active$/);
});

test('the final page of a replay is read after a late re-render of the last step', async ({ browser, page }) => {
  let delay: number | null = 0;
  site = await startPagesSite(todo(() => delay));
  const history = await recordActive(browser, site.url);
  delay = kLateMinMs + Math.round(Math.random() * (kLateMaxMs - kLateMinMs));
  const { report } = await replay(page, history, { replayId: 'late-final', findTimeoutMs: 1_000, finalSnapshot: true });
  expect(report.summary.ok, JSON.stringify(report.steps, null, 1)).toBe(true);
  expect(report.final.url).toMatch(/#\/active$/);
  expect(report.final.ariaSnapshot).toContain('Sweep the porch');
  expect(report.final.ariaSnapshot).not.toContain('Water the plants');
});

/** The same rule without a URL change: a button whose removal comes late, or never. */
function chores(delay: () => number | null): (url: URL) => string {
  return () => htmlPage('Chores', `<main><h1>Chores</h1><ul id="list"><li>Water the plants</li><li>Sweep the porch</li></ul>
    <button>Clear first</button></main>
    <script>
      const delay = ${JSON.stringify(delay())};
      const clear = () => document.querySelector('#list li')?.remove();
      document.querySelector('button').addEventListener('click', () => { if (delay === 0) clear(); else if (delay !== null) setTimeout(clear, delay); });
    </script>`);
}

test('a step found as recorded whose in-page effect never comes fails; one whose effect comes late passes', async ({ browser, page }) => {
  let delay: number | null = 0;
  site = await startPagesSite(chores(() => delay));
  const history = await recordOn(browser, site.url, [{ action: 'click', params: {}, target: (p) => p.getByRole('button', { name: 'Clear first' }) }]);
  expect(history.steps[0]!.pre.url).toBe(history.steps[0]!.post.url);
  expect(history.steps[0]!.effect?.gone).toContain('listitem "Water the plants"');

  delay = kLateMaxMs;
  const late = await replay(page, history, { replayId: 'late-clear', findTimeoutMs: 1_000 });
  expect(late.report.summary.ok, JSON.stringify(late.report.steps, null, 1)).toBe(true);
  expect(late.report.steps[0]!.level).toBe('recorded');

  delay = null;
  // Away first: replay opens the start page only when it is not there already.
  await page.goto('about:blank');
  const never = await replay(page, history, { replayId: 'never-clear', findTimeoutMs: 1_000 });
  expect(never.report.steps[0]).toMatchObject({ status: 'failed', category: 'postcondition_failed', level: 'recorded' });
  expect(never.report.steps[0]!.message).toContain('effect not seen');
});
