import { expect, test } from '../support/fixtures.ts';
import { replay } from '../../replay/replay.ts';
import { recordOn } from './support/record.ts';
import { htmlPage, startPagesSite, type PagesSite } from '../../harness/sites/pages-site.ts';

/**
 * A web component inside a page's landmark: its fields live in shadow roots (one inside another),
 * and the landmark that scopes them is outside those roots. The fingerprint counts the element's
 * look-alikes in the landmark through the shadow roots under it: a query of the landmark alone
 * stops at them, counted none, and every step on such a field failed to record.
 */

let site: PagesSite;
test.afterEach(async () => site?.close());

/** Two request panels, each an element with a shadow root holding another with a body field and a Send button. */
const page = () => htmlPage('API explorer', `
  <script>
    class RequestBody extends HTMLElement {
      connectedCallback() {
        const root = this.attachShadow({ mode: 'open' });
        root.innerHTML = '<textarea aria-label="Body"></textarea>';
      }
    }
    class RequestPanel extends HTMLElement {
      connectedCallback() {
        const root = this.attachShadow({ mode: 'open' });
        root.innerHTML = '<h2>' + this.getAttribute('path') + '</h2><request-body></request-body><button>Send</button>';
        const path = this.getAttribute('path');
        root.querySelector('button').addEventListener('click', () => {
          const body = root.querySelector('request-body').shadowRoot.querySelector('textarea').value;
          fetch('/act', { method: 'POST', body: path + ' ' + body });
        });
      }
    }
    customElements.define('request-body', RequestBody);
    customElements.define('request-panel', RequestPanel);
  </script>
  <main><h1>API explorer</h1><request-panel path="/plants"></request-panel><request-panel path="/seeds"></request-panel></main>`);

test('fields in nested shadow roots under a landmark are recorded, counted among their look-alikes there, and replayed', async ({ browser, page: tab }) => {
  site = await startPagesSite(page);
  const panel = (p: import('@playwright/test').Page) => p.locator('request-panel').nth(1);
  const history = await recordOn(browser, site.url, [
    { action: 'input', params: { text: 'sunflower' }, target: (p) => panel(p).getByRole('textbox', { name: 'Body' }) },
    { action: 'click', params: {}, target: (p) => panel(p).getByRole('button', { name: 'Send' }) },
  ]);
  expect(site.state.log).toEqual(['/seeds sunflower']);
  const [typed, sent] = history.steps;
  // Both bodies and both buttons are in the main landmark, each behind its own shadow roots.
  expect(typed!.fingerprint).toMatchObject({ tag: 'textarea', kindPeers: 2 });
  expect(typed!.fingerprint!.shadowHosts).toHaveLength(2);
  expect(sent!.fingerprint).toMatchObject({ tag: 'button', name: 'Send', kindPeers: 2 });

  site.state.log = [];
  const asRecorded = await replay(tab, history, { replayId: 'shadow-region', findTimeoutMs: 1_500 });
  expect(asRecorded.report.summary.ok, JSON.stringify(asRecorded.report.steps, null, 1)).toBe(true);
  expect(site.state.log).toEqual(['/seeds sunflower']);
});
