import { expect, test } from '../support/fixtures.ts';
import type { History } from '../../core/schema/history.ts';
import { replay } from '../../replay/replay.ts';
import { replayHistory, ReplayFailedError } from '../../replay/test-helper.ts';
import { recordHistory } from './support/record.ts';
import { startSite, type Site } from './support/site.ts';

/** Record a two-step flow on the baseline page, then replay it on changed markup. */

let site: Site;
let history: History;

// In one worker: every test replays the history beforeAll records, which a second worker would record again.
test.describe.configure({ mode: 'default' });

test.beforeAll(async ({ browser }) => {
  site = await startSite('baseline');
  const page = await browser.newPage();
  history = await recordHistory(page, site.url, [
    { action: 'input', params: { text: 'Groceries' }, target: (p) => p.getByLabel('Title') },
    { action: 'click', params: {}, target: (p) => p.getByRole('button', { name: 'Save' }) },
  ]);
  await page.close();
});

test.afterAll(async () => site.close());

test.beforeEach(() => {
  site.state.decoyHits = 0;
  site.state.saves = [];
});

for (const variant of ['baseline', 'renamed', 'wrapped', 'retexted', 'untested', 'decoys', 'shadow', 'all']) {
  test(`replays on the ${variant} page without touching a decoy`, async ({ page }) => {
    site.state.variant = variant;
    const { report } = await replay(page, history, { replayId: 'r1', findTimeoutMs: 2_000, finalSnapshot: true });
    expect(report.summary.ok, JSON.stringify(report.steps, null, 1)).toBe(true);
    expect(site.state.saves).toEqual(['Groceries']);
    expect(site.state.decoyHits).toBe(0);
    expect(report.final.url).toBe(`${site.url}saved`);
    expect(report.final.ariaSnapshot).toContain('Note saved');
    if (variant === 'baseline') expect(report.steps.map((s) => s.status)).toEqual(['passed', 'passed']);
  });
}

test('two equally good look-alikes fail as ambiguous, and nothing is clicked', async ({ page }) => {
  site.state.variant = 'tie-base';
  const recorded = await recordHistory(page, site.url, [{ action: 'click', params: {}, target: (p) => p.getByRole('button', { name: 'Save' }) }]);
  site.state.variant = 'tie';
  site.state.saves = [];
  const { report } = await replay(page, recorded, { replayId: 'r2', findTimeoutMs: 1_000 });
  expect(report.summary.ok).toBe(false);
  expect(report.steps[0]!.category).toBe('ambiguous');
  // The refusal names its rule and the tied candidates with their scores.
  expect(report.steps[0]!.message).toMatch(/\(margin: none leads the others by 15 in what it is: button "Save" \(score \d+/);
  expect(site.state.decoyHits).toBe(0);
  expect(site.state.saves).toEqual([]);
  // A failed replay's report shows the page it stopped on, asked for or not.
  expect(report.final.ariaSnapshot).toContain('Save');
});

test('a passing replay reads the final page without its aria snapshot unless asked for', async ({ page }) => {
  site.state.variant = 'baseline';
  const { report } = await replay(page, history, { replayId: 'r5', findTimeoutMs: 2_000 });
  expect(report.summary.ok).toBe(true);
  expect(report.final.url).toBe(`${site.url}saved`);
  expect(report.final.title).not.toBe('');
  expect(report.final.ariaSnapshot).toBeUndefined();
});

test('locator-only strategy does not heal a renamed control', async ({ page }) => {
  site.state.variant = 'all';
  const { report } = await replay(page, history, { replayId: 'r3', strategy: 'locator-only', findTimeoutMs: 1_000 });
  expect(report.summary.ok).toBe(false);
  expect(report.steps[0]!.category).toBe('missing_element');
  expect(report.steps[1]!.status).toBe('skipped');
});

test('replayHistory throws a readable error naming the failed step', async ({ page }) => {
  site.state.variant = 'tie-base';
  const recorded = await recordHistory(page, site.url, [
    { action: 'input', params: { text: 'Groceries' }, target: (p) => p.getByLabel('Title') },
    { action: 'click', params: {}, target: (p) => p.getByRole('button', { name: 'Save' }) },
  ]);
  site.state.variant = 'tie';
  const error = await replayHistory(page, recorded, { findTimeoutMs: 1_000 }).catch((e: unknown) => e);
  expect(error, String(error)).toBeInstanceOf(ReplayFailedError);
  expect(String((error as Error).message)).toMatch(/step 2\/2 click: failed via \w+ .*\[ambiguous\]/);
});

test('waits for a late element instead of failing or sleeping', async ({ page }) => {
  site.state.variant = 'baseline';
  await page.route(site.url, async (route) => {
    const response = await route.fetch();
    const body = (await response.text()).replace('<main>', '<main><script>const m=document.currentScript.parentElement; const t=document.createElement("template"); setTimeout(()=>{},0);</script>');
    await route.fulfill({ response, body: body.replace(/<form id="f"/, '<form id="f" hidden').replace('</main>', '<script>setTimeout(() => document.getElementById("f").hidden = false, 800)</script></main>') });
  });
  // A find timeout longer than the test's: a replay that slept it out instead of finding the element
  // when it came would time the test out.
  const { report } = await replay(page, history, { replayId: 'r4', findTimeoutMs: 3_600_000 });
  expect(report.summary.ok, JSON.stringify(report.steps, null, 1)).toBe(true);
  expect(site.state.saves).toEqual(['Groceries']);
});
