import { expect, test } from '../support/fixtures.ts';
import { replay } from '../../replay/replay.ts';
import { recordOn } from './support/record.ts';
import { htmlPage, startPagesSite, type PagesSite } from '../../harness/sites/pages-site.ts';

/**
 * A page may replace the DOM's global constructors with its own functions: MooTools, which web
 * interfaces still ship, puts its own `Document`, `Element`, `Window` and `Event` there, so
 * `node instanceof Document` is false for the document itself. What runs in the page (the
 * fingerprint, the state read after a step, the checks replay makes) tells nodes apart by node
 * type and tag, and records and replays such a page like any other.
 */

let site: PagesSite;
test.afterEach(async () => site?.close());

/** Menu entries are anchors without `href` (no link role), their icon's alt text repeating their caption. */
const page = (pause: string) => htmlPage('Transfers', `
  <script>
    // Told to the server without a reload: the field keeps what was chosen, for replay to read back.
    function tell(what) { fetch('/act', { method: 'POST', body: what }); }
    window.Document = function () {}; window.Element = function () {}; window.Window = function () {}; window.Event = function () {};
  </script>
  <header><h1>Transfers</h1></header>
  <main>
    <ul class="menu">
      <li><a id="pauseLink" onclick="act('pause')"><img alt="${pause}" src="data:,"> ${pause}</a></li>
      <li><a id="resumeLink" onclick="act('resume')"><img alt="Resume" src="data:,"> Resume</a></li>
    </ul>
    <label>Speed limit <select onchange="tell('limit ' + this.value)"><option>None</option><option>Slow</option></select></label>
    <label><input type="checkbox" onchange="tell('sequential ' + this.checked)"> Sequential</label>
    <input placeholder="Filter torrent list..." onkeydown="if (event.key === 'Enter') act('filter ' + this.value)">
  </main>`);

test('a page with its own Document and Element globals is recorded and replayed, as recorded and healed', async ({ browser, page: tab }) => {
  site = await startPagesSite(() => page('Pause'));
  const history = await recordOn(browser, site.url, [
    { action: 'click', params: {}, target: (p) => p.locator('#pauseLink') },
    { action: 'select_dropdown', params: { text: 'Slow' }, target: (p) => p.getByLabel('Speed limit') },
    { action: 'click', params: {}, target: (p) => p.getByRole('checkbox', { name: 'Sequential' }) },
    { action: 'input', params: { text: 'garden' }, target: (p) => p.getByPlaceholder('Filter torrent list...') },
    { action: 'send_keys', params: { keys: 'Enter' } },
  ]);
  const expected = ['pause', 'limit Slow', 'sequential true', 'filter garden'];
  expect(site.state.log).toEqual(expected);
  for (const step of history.steps.filter((s) => s.action !== 'send_keys')) {
    expect(step.fingerprint?.cssPath, `step ${step.index}`).toMatch(/^html > body > /);
  }
  expect(history.steps[0]!.fingerprint).toMatchObject({ tag: 'a', id: 'pauseLink', text: 'Pause' });

  site.state.log = [];
  const asRecorded = await replay(tab, history, { replayId: 'globals', findTimeoutMs: 1_500 });
  expect(asRecorded.report.summary.ok, JSON.stringify(asRecorded.report.steps, null, 1)).toBe(true);
  expect(site.state.log).toEqual(expected);

  // The entry reworded: its recorded locator finds nothing, and the cascade reads the page to find it again.
  site.state.log = [];
  site.state.render = () => page('Hold');
  const healed = await replay(await browser.newPage(), history, { replayId: 'globals-healed', findTimeoutMs: 1_500 });
  expect(healed.report.summary.ok, JSON.stringify(healed.report.steps, null, 1)).toBe(true);
  expect(healed.report.steps[0]).toMatchObject({ status: 'healed', level: 'idName' });
  expect(site.state.log).toEqual(expected);
});
