import { expect, test } from '../support/fixtures.ts';
import type { History } from '../../core/schema/history.ts';
import { replay } from '../../replay/replay.ts';
import { recordHistory } from './support/record.ts';
import { startRowsSite, type RowsSite, type RowsVariant } from './support/rows-site.ts';

/**
 * Controls without accessible names, judged by what the app did (the server's log), not by
 * replay's verdict: a row's unnamed checkbox and icon-only button, the only field of the header
 * under a new placeholder (known by its form name: being the only field is no evidence),
 * look-alike "Save" buttons told apart by their region, and decoys.
 */

let site: RowsSite;
let history: History;
const kExpected = ['toggle 2', 'delete 1', 'add Call mom', 'save Shipping'];

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  site = await startRowsSite();
  const page = await browser.newPage();
  history = await recordHistory(page, site.url, [
    { action: 'click', params: {}, target: (p) => p.getByRole('listitem').filter({ hasText: 'Walk the dog' }).getByRole('checkbox') },
    { action: 'click', params: {}, target: (p) => p.getByRole('listitem').filter({ hasText: 'Buy milk' }).getByRole('button') },
    { action: 'input', params: { text: 'Call mom' }, target: (p) => p.getByPlaceholder('What needs to be done?') },
    { action: 'send_keys', params: { keys: 'Enter' } },
    { action: 'click', params: {}, target: (p) => p.getByRole('region', { name: 'Shipping address' }).getByRole('button', { name: 'Save' }) },
  ]);
  await page.close();
  expect(site.state.log).toEqual(kExpected);
});

test.afterAll(async () => site.close());

test('the recorded fingerprints know the row that names an unnamed control', () => {
  const [toggle, destroy] = history.steps;
  expect(toggle!.fingerprint!.name).toBe('');
  expect(toggle!.fingerprint!.container).toMatchObject({ role: 'listitem', text: 'Walk the dog', slot: { index: 0, count: 1 }, siblings: 3 });
  expect(destroy!.fingerprint!.container).toMatchObject({ role: 'listitem', text: 'Buy milk' });
});

const kHealing: RowsVariant[] = ['baseline', 'reworded', 'translated', 'reordered', 'restyled', 'decoys'];
for (const variant of kHealing) {
  test(`on the ${variant} page every step acts on the recorded element`, async ({ page }) => {
    site.reset(variant);
    const { report } = await replay(page, history, { replayId: `rows-${variant}`, findTimeoutMs: 2_000 });
    const steps = JSON.stringify(report.steps.map((s) => [s.status, s.level, s.message, s.checks, s.notes]), null, 1);
    expect(site.state.log, steps).toEqual(kExpected);
    expect(report.summary.ok, steps).toBe(true);
    if (variant === 'baseline') expect(report.steps.map((s) => s.level), steps).toEqual(['recorded', 'recorded', 'recorded', null, 'recorded']);
  });
}

test('a removed row is missing: no other row is deleted in its place', async ({ page }) => {
  site.reset('removed');
  const { report } = await replay(page, history, { replayId: 'rows-removed', findTimeoutMs: 1_000 });
  expect(site.state.log).toEqual(['toggle 2']);
  expect(report.steps[1]!.status).toBe('failed');
  expect(report.steps[1]!.category).toBe('missing_element');
});

test('a locator pinned with nth at record time is not evidence on its own', async ({ page }) => {
  // As the recorder writes it when several rows match: the second row's button, by position.
  const step = history.steps[1]!;
  const pinned: History = {
    ...history,
    steps: [{ ...step, index: 0, fingerprint: { ...step.fingerprint!, container: { ...step.fingerprint!.container!, text: 'Walk the dog' } },
      locator: { code: "getByRole('listitem').getByRole('button').nth(1)", matches: 3 } }],
  };
  site.reset('removed');
  const { report } = await replay(page, pinned, { replayId: 'rows-pinned', findTimeoutMs: 1_000 });
  // nth(1) now points at "Pay rent"; the row that was recorded is "Walk the dog".
  expect(site.state.log).toEqual(['delete 2']);
  // Its look-alikes were ranked with it, so the step reports a heal, not a plain pass.
  expect(report.steps[0]!.status).toBe('healed');
});
