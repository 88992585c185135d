import { expect, test } from '../support/fixtures.ts';
import { Rebaser } from '../../replay/inputs.ts';
import { replay } from '../../replay/replay.ts';
import { knownBefore, learnedFromSends } from '../../replay/verify.ts';
import type { HistoryStep } from '../../core/schema/history.ts';
import { htmlPage, startPagesSite, type PagesSite } from '../../harness/sites/pages-site.ts';
import { recordOn } from './support/record.ts';

/**
 * A record the flow creates under an id its page draws itself (a calendar server's web client
 * creates a collection at `/alice/<uuid>/` with a UUID it made up), then opens by a link that
 * shows its address. Replay creates another record under another id: what the step sent says which
 * (the same request but for the id), and the steps after it look for that record's link, under
 * its address now. An id the step knew beforehand is never learnt, nor one of several requests
 * alike: sent again under another id, that is another record.
 */

const kUuidA = '7b610161-d429-30da-b0a8-9343f1d35e36';
const kUuidB = 'db56f4e0-fbf9-16e7-49f5-0a1de8191281';

test('what a step sent teaches the id the app handed out, never one it knew or one of several alike', () => {
  const step = (url: string) => ({ pre: { url } as HistoryStep['pre'], fingerprint: null, params: {} });
  const knownOnList = (id: string) => knownBefore(step('http://127.0.0.1:1/.web/'), id);
  expect(learnedFromSends([`MKCOL /alice/${kUuidA}/`, 'PROPFIND /alice/'], [`MKCOL /alice/${kUuidB}/`, 'PROPFIND /alice/'], knownOnList)).toEqual([[kUuidA, kUuidB]]);
  // Known before the step (in its page's address): the live request is for another record.
  expect(knownBefore(step(`http://127.0.0.1:1/.web/#/${kUuidA}`), kUuidA)).toBe(true);
  expect(learnedFromSends([`DELETE /alice/${kUuidA}/`], [`DELETE /alice/${kUuidB}/`], (id) => knownBefore(step(`http://127.0.0.1:1/.web/#/${kUuidA}`), id))).toEqual([]);
  // Two requests of that shape this run: which one is the record's is not said.
  expect(learnedFromSends([`MKCOL /alice/${kUuidA}/`], [`MKCOL /alice/${kUuidB}/`, 'MKCOL /alice/0e2b9f6c-5c1d-4d62-9a3e-7d0f4c1b2a99/'], knownOnList)).toEqual([]);
  // Another path around the id, or another method: another request.
  expect(learnedFromSends([`MKCOL /alice/${kUuidA}/`], [`MKCOL /bob/${kUuidB}/`, `PUT /alice/${kUuidB}/`], knownOnList)).toEqual([]);
  // The same request: nothing to learn.
  expect(learnedFromSends([`MKCOL /alice/${kUuidA}/`], [`MKCOL /alice/${kUuidA}/`], knownOnList)).toEqual([]);

  const rebase = new Rebaser('http://127.0.0.1:1/', null);
  rebase.learn(kUuidA, kUuidB);
  rebase.learn('46', '47');
  expect(rebase.textWithIds(`http://127.0.0.1:1/alice/${kUuidA}/ (46 events)`)).toBe(`http://127.0.0.1:1/alice/${kUuidB}/ (46 events)`);
  expect(rebase.path(`/alice/${kUuidA}/`)).toBe(`/alice/${kUuidB}/`);
});

let site: PagesSite;
/** The collections the server holds, in the order created. */
const created = () => site.state.log.filter((line) => line.startsWith('post /alice/')).map((line) => line.split('/')[2]!);

test.beforeAll(async () => {
  site = await startPagesSite((url) => {
    const id = /^\/alice\/([^/]+)\/$/.exec(url.pathname)?.[1];
    if (id) return htmlPage('Collection', `<main><h1>Collection ${id}</h1></main>`);
    const links = created().map((c) => `<li><a href="/alice/${c}/">${new URL(site.url).origin}/alice/${c}/</a></li>`).join('');
    return htmlPage('Collections', `<main><h1>Collections</h1><ul>${links}</ul>
      <button onclick="fetch('/alice/' + crypto.randomUUID() + '/', { method: 'POST' }).then(() => location.reload())">Create</button></main>`);
  });
});

test.afterAll(async () => site?.close());

test('a record created under an id the page drew is opened under its id this time, as recorded', async ({ browser, page }) => {
  const history = await recordOn(browser, site.url, [
    { action: 'click', params: {}, target: (p) => p.getByRole('button', { name: 'Create' }) },
    { action: 'click', params: {}, target: (p) => p.getByRole('listitem').getByRole('link') },
  ]);
  const [recordedId] = created();
  // The link shows its own address: its name holds the id (its locator leaves the id out).
  expect(history.steps[1]!.fingerprint!.name).toContain(recordedId);
  // As capture records what a step asked the server to change.
  history.steps[0]!.sends = [`POST /alice/${recordedId}/`];

  // The app as it was before the recording (no collection yet): replay creates its own.
  site.state.log.length = 0;
  const { report } = await replay(page, history, { replayId: 'created-ids', findTimeoutMs: 2_000 });
  const [ownId] = created();
  expect(ownId).not.toBe(recordedId);
  expect(report.summary.ok, JSON.stringify(report.steps.map((s) => [s.status, s.message, s.notes]))).toBe(true);
  expect(report.steps[1]!.status, report.steps[1]!.notes.join('; ')).toBe('passed');
  await expect(page.getByRole('heading', { name: `Collection ${ownId}` })).toBeVisible();

  // The recording's collection still there beside the one this run creates: the one it created is opened.
  site.state.log.splice(0, site.state.log.length, `post /alice/${recordedId}/ `);
  const again = await browser.newPage();
  const second = await replay(again, history, { replayId: 'created-ids-again', findTimeoutMs: 2_000 });
  const newest = created().at(-1)!;
  expect(second.report.summary.ok, JSON.stringify(second.report.steps.map((s) => [s.status, s.message]))).toBe(true);
  await expect(again.getByRole('heading', { name: `Collection ${newest}` })).toBeVisible();
  await again.close();
});
