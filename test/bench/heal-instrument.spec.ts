import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '../support/fixtures.ts';
import type { BrowserContext, Page } from '@playwright/test';
import { actedBy, applyMutant, kMutants, watchActed, type ActedLog } from '../../bench/heal/instrument.ts';

/**
 * The heal corpus's measuring instrument: each mutant changes what it claims and leaves the page
 * usable, and the acted-on element log tells the intended element from another row's, a decoy or
 * a look-alike, whatever the mutant did to them.
 */

const kPage = `<!doctype html><html><head><title>Team</title><style>.done { text-decoration: line-through }</style></head><body>
<header><nav aria-label="Main"><a href="/">Home</a> <a href="/settings">Settings</a></nav>
<form role="search"><input placeholder="Search members" aria-label="Search"><button type="button">Search</button></form></header>
<main><h1>Members</h1>
<table><thead><tr><th></th><th>Name</th><th></th></tr></thead><tbody>
<tr><td><input type="checkbox" aria-label="Select Ann"></td><td>Ann</td><td><button type="button" class="del">Delete</button></td></tr>
<tr><td><input type="checkbox" aria-label="Select Bob"></td><td>Bob</td><td><button type="button" class="del">Delete</button></td></tr>
<tr><td><input type="checkbox" aria-label="Select Cid"></td><td>Cid</td><td><button type="button" class="del">Delete</button></td></tr>
</tbody></table>
<p id="log"></p></main>
<script>
  for (const b of document.querySelectorAll('.del')) b.addEventListener('click', () => { b.closest('tr').classList.add('done'); document.getElementById('log').textContent = 'deleted ' + b.closest('tr').children[1].textContent; });
</script></body></html>`;

let server: http.Server;
let url: string;
test.beforeAll(async () => {
  server = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(kPage));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const mutant = (name: string) => kMutants.find((m) => m.name === name)!;

async function open(context: BrowserContext, name: string): Promise<{ page: Page; log: ActedLog }> {
  await applyMutant(context, mutant(name));
  const log = await watchActed(context);
  const page = await context.newPage();
  await page.goto(url);
  return { page, log };
}

/** Waits until the log holds `count` events (they arrive on their own channel). */
async function events(log: ActedLog, count: number) {
  await expect.poll(() => log.events.length).toBeGreaterThanOrEqual(count);
  return log.events;
}

test('the same row control gets the same description on the unchanged page and under every mutant; another row does not', async ({ browser }) => {
  const keys = new Map<string, string>();
  for (const m of kMutants) {
    const context = await browser.newContext();
    const { page, log } = await open(context, m.name);
    // The person's way to Bob's delete button: by the row's data, whatever its name became.
    await page.getByRole('row').filter({ hasText: 'Bob' }).getByRole('button').click();
    await expect(page.locator('#log')).toHaveText(/deleted Bob/);
    const [click] = await events(log, 1);
    keys.set(m.name, actedBy('click', [click!])!.key);
    expect(click!.decoy).toBe(false);
    await context.close();
  }
  expect(new Set(keys.values()).size, JSON.stringify([...keys])).toBe(1);

  const context = await browser.newContext();
  const { page, log } = await open(context, 'reordered');
  await page.getByRole('row').filter({ hasText: 'Cid' }).getByRole('button').click();
  const [other] = await events(log, 1);
  expect(other!.key).not.toBe(keys.get('unchanged'));
  await context.close();
});

test('a click on a decoy is flagged, and the decoy has the name of the control it copies in another landmark', async ({ browser }) => {
  const context = await browser.newContext();
  const { page, log } = await open(context, 'decoy');
  await expect(page.getByRole('button', { name: 'Search' })).toHaveCount(2);
  await page.getByRole('complementary', { name: 'Suggestions' }).getByRole('button', { name: 'Search' }).click();
  const [click] = await events(log, 1);
  expect(click!.decoy).toBe(true);
  await context.close();
});

test('mutants change names, classes, order and structure as they claim', async ({ browser }) => {
  const look = async (name: string, fn: (page: Page) => Promise<unknown>) => {
    const context = await browser.newContext();
    const { page } = await open(context, name);
    const value = await fn(page);
    await context.close();
    return value;
  };
  expect(await look('reworded', (p) => p.getByRole('button', { name: 'Remove' }).count())).toBe(3);
  expect(await look('translated', (p) => p.getByPlaceholder('Suche members').count())).toBe(1);
  expect(await look('translated', (p) => p.locator('html').getAttribute('lang'))).toBe('de');
  expect(await look('icononly', (p) => p.getByRole('button', { name: 'Delete' }).count())).toBe(0);
  expect(await look('icononly', (p) => p.getByRole('row').filter({ hasText: 'Ann' }).getByRole('button').count())).toBe(1);
  expect(await look('unnamed', (p) => p.getByRole('checkbox', { name: 'Select Bob' }).count())).toBe(0);
  expect(await look('unnamed', (p) => p.getByRole('checkbox').count())).toBe(3);
  expect(await look('classes', (p) => p.locator('.del').count())).toBe(0);
  // The app's own script still finds its classes through the page's query functions.
  expect(await look('classes', (p) => p.evaluate(() => document.querySelectorAll('.del').length))).toBe(3);
  const order = (await look('reordered', (p) => p.locator('tbody tr td:nth-child(2)').allTextContents())) as string[];
  expect(order).not.toEqual(['Ann', 'Bob', 'Cid']);
  expect([...order].sort()).toEqual(['Ann', 'Bob', 'Cid']);
  expect(await look('wrappers', (p) => p.locator('[data-bu-wrap] > button').count())).toBeGreaterThanOrEqual(4);
  expect(await look('wrappers', (p) => p.evaluate(() => document.querySelector('header')?.lastElementChild?.tagName))).toBe('NAV');
});
