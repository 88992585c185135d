import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '../support/fixtures.ts';
import { replay } from '../../replay/replay.ts';
import { recordHistory } from './support/record.ts';

/**
 * A recorded locator that picks one of several look-alikes (`.nth(1)`: the same button repeated in
 * identical rows) still picks the recorded element on the page it was recorded on: that step passed
 * as recorded, it was not healed. Renamed, the same pick is found another way, and says so. With
 * a look-alike added before it, the pick would move: place alone decides nothing, and identical
 * rows are refused.
 */

const kPage = (caption: string, rows: string[]) => `<!doctype html><title>Beds</title><main><h1>Beds</h1>
  <ul>${rows.map((row) => `<li><button onclick="log('water ${row}')">${caption}</button></li>`).join('')}</ul>
  </main><script>function log(what) { fetch('/log', { method: 'POST', body: what }); }</script>`;

let server: http.Server;
let url = '';
let caption = 'Water';
let rows = ['0', '1', '2'];
const log: string[] = [];

test.beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === '/log') {
      let body = '';
      req.on('data', (c) => (body += c));
      return void req.on('end', () => { log.push(body); res.end(); });
    }
    res.setHeader('content-type', 'text/html');
    res.end(kPage(caption, rows));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

test('a positional recorded locator that still picks the recorded element passes as recorded; renamed, it is healed', async ({ browser }) => {
  const page = await browser.newPage();
  const history = await recordHistory(page, url, [
    { action: 'click', params: {}, target: (p) => p.getByRole('button', { name: 'Water' }).nth(1) },
  ]);
  expect(history.steps[0]!.locator!.code).toMatch(/\.nth\(1\)$/);
  await expect.poll(() => log.splice(0).join()).toBe('water 1');

  const unchanged = await browser.newPage();
  const same = (await replay(unchanged, history, { replayId: 'as-recorded', findTimeoutMs: 2_000 })).report.steps[0]!;
  expect([same.status, same.level, same.candidates], same.notes.join('; ')).toEqual(['passed', 'recorded', 3]);
  await expect.poll(() => log.splice(0).join()).toBe('water 1');

  caption = 'Irrigate';
  const renamed = await browser.newPage();
  const moved = (await replay(renamed, history, { replayId: 'renamed', findTimeoutMs: 2_000 })).report.steps[0]!;
  expect(moved.status, moved.notes.join('; ')).not.toBe('passed');
  if (moved.status === 'healed') await expect.poll(() => log.splice(0).join()).toBe('water 1');
  else expect(log.splice(0)).toEqual([]);
  caption = 'Water';

  rows = ['new', '0', '1', '2'];
  const added = await browser.newPage();
  const shifted = (await replay(added, history, { replayId: 'added', findTimeoutMs: 2_000 })).report.steps[0]!;
  expect([shifted.status, shifted.category], shifted.notes.join('; ')).toEqual(['failed', 'ambiguous']);
  expect(log.splice(0)).toEqual([]);
  rows = ['0', '1', '2'];
  await Promise.all([page.close(), unchanged.close(), renamed.close(), added.close()]);
});
