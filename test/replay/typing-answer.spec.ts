import { expect, test } from '../support/fixtures.ts';
import { replay } from '../../replay/replay.ts';
import { recordOn } from './support/record.ts';
import { htmlPage, startPagesSite, type PagesSite } from '../../harness/sites/pages-site.ts';

/**
 * A search box whose suggestions script loads when the box is focused: Enter before it answered
 * searches the full text, Enter after it opens the page (a wiki's search box works so). The
 * recording saw the typing bring up a suggestion before Enter; replay waits for that answer
 * before the next step, as the recording did, and Enter opens the page, though the script now
 * takes longer to load than replay takes to get to the next step.
 */

let site: PagesSite;
test.afterEach(async () => site?.close());

/** `parts`: the requests the suggestions script loads in, one after another, once the box is focused. */
const page = (parts: number) => htmlPage('Garden', `
  <h1>Garden</h1>
  <form onsubmit="event.preventDefault()"><input type="search" aria-label="Search" id="q"></form>
  <ul id="suggestions"></ul>
  <script>
    let ready = false;
    const q = document.getElementById('q');
    const show = () => {
      if (ready && q.value) document.getElementById('suggestions').innerHTML = '<li><a href="/page?title=' + encodeURIComponent(q.value) + '">' + q.value + '</a></li>';
    };
    q.addEventListener('focus', () => setTimeout(async () => {
      for (let part = 0; part < ${parts}; part++) await fetch('/suggestions.js?part=' + part);
      ready = true;
      show();
    }, 40), { once: true });
    q.addEventListener('input', show);
    q.addEventListener('keydown', (e) => { if (e.key === 'Enter') act((ready ? 'go ' : 'full text ') + q.value); });
  </script>`);

test('replay waits for what typing brought up when recorded before it presses Enter', async ({ browser, page: tab }) => {
  site = await startPagesSite(() => page(1));
  const history = await recordOn(browser, site.url, [
    { action: 'input', params: { text: 'Tomato' }, target: (p) => p.getByRole('searchbox', { name: 'Search' }) },
    { action: 'send_keys', params: { keys: 'Enter' } },
  ]);
  expect(history.steps[0]!.effect?.appeared).toContain('link "Tomato"');
  expect(site.state.log).toEqual(['go Tomato']);

  // The machine replaying is slower to load the script: Enter at once would search the full text.
  site.state.log = [];
  site.state.render = () => page(12);
  const { report } = await replay(tab, history, { replayId: 'answer', findTimeoutMs: 1_500 });
  expect(site.state.log).toEqual(['go Tomato']);
  expect(report.summary.ok, JSON.stringify(report.steps, null, 1)).toBe(true);
  expect(report.steps[0]!.checks).toContain('answer shown');
});
