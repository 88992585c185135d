import { expect, test } from '../support/fixtures.ts';
import { replay } from '../../replay/replay.ts';
import { anchorOf } from '../../replay/verify.ts';
import { recordOn } from './support/record.ts';
import { htmlPage, startPagesSite, type PagesSite } from '../../harness/sites/pages-site.ts';

/**
 * A reference page whose menu moves the anchor a moment after the click (once its scroll
 * settled): the step that moved the anchor when recorded waits for it to move on replay too, so
 * the next step and the page the replay leaves see it where the app puts it. Anchors are still
 * not compared: one that never moves fails nothing.
 */

let site: PagesSite;
test.afterEach(async () => site?.close());

/** `delay`: ms between a menu click and the anchor's move; null: the anchor never moves. */
function reference(delay: () => number | null): (url: URL) => string {
  return () => htmlPage('Garden API', `<nav><a href="#plants">Plants</a> <a href="#beds">Beds</a></nav>
    <main><h1>Garden API</h1><section id="plants"><h2>Plants</h2><p>What grows.</p></section><section id="beds"><h2>Beds</h2><p>Where it grows.</p></section></main>
    <script>
      const delay = ${JSON.stringify(delay())};
      document.querySelectorAll('nav a').forEach((a) => a.addEventListener('click', (e) => {
        e.preventDefault();
        if (delay !== null) setTimeout(() => history.replaceState(null, '', a.getAttribute('href')), delay);
      }));
    </script>`);
}

test('a step that moved the anchor when recorded waits for the app to move it on replay', async ({ browser, page }) => {
  let delay: number | null = 0;
  site = await startPagesSite(reference(() => delay));
  const history = await recordOn(browser, site.url, [{ action: 'click', params: {}, target: (p) => p.getByRole('link', { name: 'Beds' }) }]);
  expect(anchorOf(history.steps[0]!.post.url)).toBe('#beds');
  delay = 400;
  const { report } = await replay(page, history, { replayId: 'anchor-late', findTimeoutMs: 1_000 });
  expect(report.summary.ok, JSON.stringify(report.steps, null, 1)).toBe(true);
  // Read as the replay returned: the page it leaves is where the app went.
  expect(anchorOf(page.url())).toBe('#beds');
  expect(report.steps[0]!.checks).toContain('anchor moved');
});

test('an anchor that never moves on replay fails nothing', async ({ browser, page }) => {
  let delay: number | null = 0;
  site = await startPagesSite(reference(() => delay));
  const history = await recordOn(browser, site.url, [{ action: 'click', params: {}, target: (p) => p.getByRole('link', { name: 'Beds' }) }]);
  delay = null;
  const { report } = await replay(page, history, { replayId: 'anchor-never', findTimeoutMs: 1_000 });
  expect(report.summary.ok, JSON.stringify(report.steps, null, 1)).toBe(true);
  expect(anchorOf(page.url())).toBeNull();
});
