import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '../support/fixtures.ts';
import { InFlight, kRecordEventLagMs, kRecordFollowUpMs, kRecordNewDocumentFollowUpMs } from '../../core/act/in-flight.ts';

/** Replay waits for the requests an action started, and never for a stream that stays open. */

let server: http.Server;
let url = '';
let posts = 0;
/** Answers of `/held` wait for this: a request that is certainly still open while a test looks. */
let releaseHeld: () => void = () => undefined;
let held = Promise.resolve();

test.beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === '/slow') return void setTimeout(() => res.end('saved'), 400);
    if (req.url === '/held') return void held.then(() => res.end('saved'));
    if (req.url === '/post') return void setTimeout(() => { posts++; res.end('ok'); }, 150);
    if (req.url === '/list') {
      res.setHeader('content-type', 'text/html');
      return void res.end(`<!doctype html><h1>${posts} saved</h1><button onclick="fetch('/post', { method: 'POST' }).then(() => location.reload())">Add</button>`);
    }
    if (req.url === '/dashboard' || req.url === '/dashboard?held') {
      res.setHeader('content-type', 'text/html');
      return void res.end(`<!doctype html><h1>Dashboard</h1><p id="widget">loading</p>
        <script>fetch('${req.url.endsWith('?held') ? '/held' : '/slow'}').then((r) => r.text()).then((t) => document.getElementById('widget').textContent = t)</script>`);
    }
    if (req.url === '/late') {
      res.setHeader('content-type', 'text/html');
      return void res.end(`<!doctype html><h1>Report</h1><p id="widget">loading</p>
        <script>setTimeout(() => fetch('/slow').then((r) => r.text()).then((t) => document.getElementById('widget').textContent = t), 100)</script>`);
    }
    if (req.url === '/go') {
      res.setHeader('content-type', 'text/html');
      return void res.end(`<!doctype html><a href="/dashboard">Open</a> <a href="/late">Report</a> <a href="/dashboard?held">Open held</a>`);
    }
    if (req.url === '/events') {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: hello\n\n');
      return; // stays open
    }
    res.setHeader('content-type', 'text/html');
    res.end(`<!doctype html><button onclick="new EventSource('/events'); fetch('/slow').then((r) => r.text()).then((t) => document.getElementById('out').textContent = t)">Save</button>
      <p id="out">unsaved</p>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

test.afterAll(() => new Promise<void>((resolve) => { releaseHeld(); server.closeAllConnections(); server.close(() => resolve()); }));

test('the fetch a click started is awaited; an open event stream is not', async ({ page }) => {
  const inFlight = new InFlight(page.context());
  await page.goto(url);
  const mark = inFlight.mark();
  await page.getByRole('button', { name: 'Save' }).click();
  // No cap: a settle that waited for the stream would never return (bench/waits.bench.ts times it).
  await inFlight.settle(mark, { timeoutMs: Number.POSITIVE_INFINITY });
  await expect(page.locator('#out')).toHaveText('saved', { timeout: 200 });
  inFlight.dispose();
});

test('for a recorder, a post that reloads the page when it returns: the reload is the action\'s too', async ({ page }) => {
  const inFlight = new InFlight(page.context());
  await page.goto(`${url}list`);
  await expect(page.getByRole('heading')).toHaveText('0 saved');
  const mark = inFlight.mark();
  await page.getByRole('button', { name: 'Add' }).click();
  await inFlight.settle(mark, { followUpMs: kRecordFollowUpMs, eventLagMs: kRecordEventLagMs });
  await page.waitForLoadState('load');
  // Read at once, with no retrying assertion: what a recorder would write as the post-state.
  expect(await page.getByRole('heading').textContent()).toBe('1 saved');
  inFlight.dispose();
});

test('a link to a page that loads a slow widget: replay waits for the page, a recorder for the widget too', async ({ page }) => {
  const inFlight = new InFlight(page.context());
  // Replay: the widget's fetch belongs to the new document and is never answered while the test
  // looks. With no cap, a settle that waited for it would never return; it returns with the page.
  held = new Promise((resolve) => (releaseHeld = resolve));
  await page.goto(`${url}go`);
  let mark = inFlight.mark();
  await page.getByRole('link', { name: 'Open held' }).click();
  await inFlight.settle(mark, { newDocuments: false, timeoutMs: Number.POSITIVE_INFINITY });
  await expect(page).toHaveURL(`${url}dashboard?held`);
  expect(await page.locator('#widget').textContent()).toBe('loading');
  releaseHeld();
  // A recorder: the widget's fetch (400 ms) is the action's too.
  await page.goto(`${url}go`);
  mark = inFlight.mark();
  await page.getByRole('link', { name: 'Open', exact: true }).click();
  await inFlight.settle(mark, { newDocuments: true });
  await expect(page).toHaveURL(`${url}dashboard`);
  expect(await page.locator('#widget').textContent()).toBe('saved');
  inFlight.dispose();
});

test('for a recorder, a new document\'s request started a little after it loaded is still awaited', async ({ page }) => {
  const inFlight = new InFlight(page.context());
  await page.goto(`${url}go`);
  const mark = inFlight.mark();
  await page.getByRole('link', { name: 'Report' }).click();
  await inFlight.settle(mark, { followUpMs: kRecordFollowUpMs, eventLagMs: kRecordEventLagMs, newDocumentFollowUpMs: kRecordNewDocumentFollowUpMs });
  // The page's script waits 100 ms before it fetches: within the quiet time a new document gets.
  expect(await page.locator('#widget').textContent()).toBe('saved');
  inFlight.dispose();
});
