import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '../support/fixtures.ts';
import { replay } from '../../replay/replay.ts';
import { recordHistory } from './support/record.ts';

/**
 * The scope a recorded locator names (a section's id) outlives a reworded control inside it:
 * replay looks for the control there, among the section's own controls only.
 */

const kPage = (done: string, missing: string) => `<!doctype html><title>API</title><main>
  <section id="operation/getPlant"><h2>Get a plant</h2>
    <button onclick="log('get 200')">200 ${done}</button><button onclick="log('get 404')">404 ${missing}</button></section>
  <section id="operation/listPlants"><h2>List plants</h2>
    <button onclick="log('list 200')">200 ${done}</button><button onclick="log('list 404')">404 ${missing}</button></section>
  </main><script>function log(what) { fetch('/log', { method: 'POST', body: what }); }</script>`;

let server: http.Server;
let url = '';
let wording: [string, string] = ['Done', 'Not found'];
const log: string[] = [];

test.beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === '/log') {
      let body = '';
      req.on('data', (c) => (body += c));
      return void req.on('end', () => { log.push(body); res.end(); });
    }
    res.setHeader('content-type', 'text/html');
    res.end(kPage(...wording));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

test('a reworded button is found inside the section the recorded locator names, not in its twin', async ({ browser }) => {
  const page = await browser.newPage();
  const history = await recordHistory(page, url, [
    { action: 'click', params: {}, target: (p) => p.locator('[id="operation/getPlant"]').getByRole('button', { name: '200 Done' }) },
  ]);
  expect(history.steps[0]!.locator!.code, history.steps[0]!.locator!.code).toContain('operation/getPlant');
  expect(log.splice(0)).toEqual(['get 200']);

  wording = ['Erledigt', 'Nicht gefunden'];
  const fresh = await browser.newPage();
  const { report } = await replay(fresh, history, { replayId: 'scope', findTimeoutMs: 2_000 });
  const steps = JSON.stringify(report.steps.map((s) => [s.status, s.level, s.message, s.notes]));
  expect(report.steps[0]!.status, steps).toBe('healed');
  expect(report.steps[0]!.level, steps).toBe('recordedScope');
  await expect.poll(() => log.join()).toBe('get 200');
  await page.close();
  await fresh.close();
});
