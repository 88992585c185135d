import { expect, test } from '../support/fixtures.ts';
import type { Browser } from '@playwright/test';
import { replay } from '../../replay/replay.ts';
import { kRefusedFindMs } from './support/find-limits.ts';
import { recordOn } from './support/record.ts';
import { htmlPage, startPagesSite, type PagesSite } from '../../harness/sites/pages-site.ts';

/**
 * A schema table (a field per row: an "expand <field>" button beside the field's description) in
 * each of two sections that show the same fields. The recorded locator names the section and the
 * button by its name. A release that rewords the descriptions changes every row's text, so the
 * recorded row's text is nowhere on the page; the button still is the only one by its name among
 * the section's rows, and that name is what told its row from the others: it is the recorded
 * button. A scope that holds a single row tells no row from another: a row put in the recorded
 * one's place is never taken by the name of a button every row carries.
 */

let site: PagesSite;
test.afterEach(async () => site?.close());

const kFields: [string, string][] = [['id', 'Plant id'], ['bed', 'Where it grows'], ['watering', 'How it is watered']];
/** Word by word, as a translated release shows the descriptions (the field names stay). */
const kGerman: Record<string, string> = { Where: 'Wo', How: 'Wie', it: 'es', is: 'ist', grows: 'wächst', watered: 'gegossen' };
const translate = (text: string) => text.replace(/[A-Za-z]+/g, (w) => kGerman[w] ?? w);

function schema(describe: (text: string) => string): string {
  const section = (id: string) => `<section id="${id}"><h2>${id}</h2><table><tbody>${kFields.map(([field, about]) =>
    `<tr><td><button aria-label="expand ${field}" onclick="act('${id} ${field}')">${field}</button></td><td>object</td><td>${describe(about)}</td></tr>`).join('')}</tbody></table></section>`;
  return htmlPage('Garden', `<main><h1>Garden</h1>${section('op-get')}${section('op-list')}</main>`);
}

async function recordExpand(browser: Browser) {
  site = await startPagesSite(() => schema((text) => text));
  const history = await recordOn(browser, site.url, [{ action: 'click', params: {}, target: (p) => p.locator('[id="op-get"]').getByRole('button', { name: 'expand watering' }) }]);
  expect(site.state.log).toEqual(['op-get watering']);
  expect(history.steps[0]!.locator!.code).toContain('op-get');
  expect(history.steps[0]!.fingerprint!.container).toMatchObject({ role: 'row' });
  site.state.log = [];
  return history;
}

test('descriptions reworded around a button whose name keys its row in the recorded section: that button is clicked', async ({ browser, page }) => {
  const history = await recordExpand(browser);
  site.state.render = () => schema(translate);
  const { report } = await replay(page, history, { replayId: 'keyed', findTimeoutMs: 1_000 });
  const steps = JSON.stringify(report.steps.map((s) => [s.status, s.level, s.message, s.notes]));
  expect(site.state.log, steps).toEqual(['op-get watering']);
  expect(report.steps[0]!.status, steps).toBe('healed');
});

test('a button named like every row\'s, scoped by its row alone, is not taken in a row put in the recorded one\'s place', async ({ browser, page }) => {
  const rows = (list: [number, string][]) => htmlPage('Tasks', `<main><h1>Tasks</h1><table><tbody>${list.map(([id, data]) =>
    `<tr id="row-${id}"><td>${data}</td><td><button onclick="act('delete ${data}')">Delete</button></td></tr>`).join('')}</tbody></table></main>`);
  site = await startPagesSite(() => rows([[1, 'Water the beans daily'], [2, 'Walk the dog weekly'], [3, 'Feed the fish daily']]));
  const history = await recordOn(browser, site.url, [{ action: 'click', params: {}, target: (p) => p.locator('[id="row-2"]').getByRole('button', { name: 'Delete' }) }]);
  expect(site.state.log).toEqual(['delete Walk the dog weekly']);
  site.state.log = [];
  // A recorder that names the row by its id, as one would where the id is the stablest hook.
  history.steps[0]!.locator = { code: `locator('[id="row-2"]').getByRole('button', { name: 'Delete' })`, matches: 1 };
  // The recorded row is gone and another took its id (rows numbered by place), with as many rows as before.
  site.state.render = () => rows([[1, 'Water the beans daily'], [2, 'Walk the cat weekly'], [3, 'Feed the fish daily']]);
  const { report } = await replay(page, history, { replayId: 'keyed-refused', findTimeoutMs: kRefusedFindMs });
  expect(site.state.log, JSON.stringify(report.steps, null, 1)).toEqual([]);
  expect(report.steps[0]!.status).toBe('failed');
});
