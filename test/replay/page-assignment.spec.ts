import { expect, test } from '../support/fixtures.ts';
import { replay } from '../../replay/replay.ts';
import { oneToOne, pairMargin } from '../../locate/one-to-one.ts';
import { recordOn } from './support/record.ts';
import { kRefusedFindMs } from './support/find-limits.ts';
import { kActScript, startPagesSite, type PagesSite } from '../../harness/sites/pages-site.ts';

/**
 * The recorded page matched to the page now as a whole (locate/member-claims.ts): the other
 * elements recorded on the page take their own matches first, one to one, so an element renamed
 * with the rest of its page is the one left for it, and one whose recorded peer stayed has nothing
 * of the peer's to take.
 */

let site: PagesSite;
test.afterEach(async () => site?.close());

test('the one-to-one assignment maximises the total, leaves a row unpaired rather than contradict, and says each pair\'s margin', () => {
  // Row 0 alone would take column 0; the total is larger with row 1 there.
  const values = [[90, 80], [85, null]];
  const best = oneToOne(values);
  expect(best.columnOf).toEqual([1, 0]);
  expect(best.total).toBe(165);
  // Without row 1 on column 0: row 0 takes it (90), row 1 takes nothing.
  expect(pairMargin(values, best, 1, 0)).toBe(75);
  expect(pairMargin(values, best, 0, 0)).toBe(0);
  // More rows than columns; a pair not above zero is never made.
  expect(oneToOne([[10], [30], [20]]).columnOf).toEqual([null, 0, null]);
  expect(oneToOne([[0, -5], [null, null]])).toEqual({ columnOf: [null, null], total: 0 });
  // Two readings as good: no pair has a margin.
  const even = [[50, 50], [50, 50]];
  const tie = oneToOne(even);
  expect(tie.total).toBe(100);
  expect(pairMargin(even, tie, 0, tie.columnOf[0]!)).toBe(0);
  // A larger case against every permutation.
  const grid = [[7, 3, 9, 1], [2, 8, 4, 6], [5, 5, 1, 9], [3, 9, 2, 4]];
  let bestTotal = 0;
  const permute = (rest: number[], row: number, sum: number) => {
    if (row === grid.length) bestTotal = Math.max(bestTotal, sum);
    for (const c of rest) permute(rest.filter((x) => x !== c), row + 1, sum + grid[row]![c]!);
  };
  permute([0, 1, 2, 3], 0, 0);
  expect(oneToOne(grid).total).toBe(bestTotal);
  // Rectangular, either way round, with pairs that may not be made: against every partial assignment.
  let seed = 7;
  const next = () => (seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647;
  for (let round = 0; round < 60; round++) {
    const [rows, columns] = [1 + Math.floor(next() * 4), 1 + Math.floor(next() * 5)];
    const values = Array.from({ length: rows }, () => Array.from({ length: columns }, () => (next() < 0.3 ? null : Math.round(next() * 120) - 20)));
    const brute = (row: number, taken: Set<number>): number => {
      if (row === rows) return 0;
      let most = brute(row + 1, taken);
      values[row]!.forEach((v, c) => {
        if (v === null || v <= 0 || taken.has(c)) return;
        most = Math.max(most, v + brute(row + 1, new Set([...taken, c])));
      });
      return most;
    };
    const best = oneToOne(values);
    expect(best.total, JSON.stringify(values)).toBe(brute(0, new Set()));
    const made = best.columnOf.filter((c) => c !== null);
    expect(new Set(made).size).toBe(made.length);
    expect(best.columnOf.reduce<number>((sum, c, r) => sum + (c === null ? 0 : values[r]![c]!), 0)).toBe(best.total);
  }
});

/** A contact form of two text fields named by their placeholders alone (no id, no form name, no label), and its send button. */
function contactForm(lang: string, first: string, last: string, send: string): string {
  return `<!doctype html><html lang="${lang}"><head><title>Contact</title>${kActScript}</head><body><main><h1>Contact</h1>
    <form onsubmit="event.preventDefault(); const [a, b] = this.querySelectorAll('input'); fetch('/act', { method: 'POST', body: 'sent ' + a.value + ' ' + b.value })">
    <div class="row"><input class="field" placeholder="${first}"></div>
    <div class="row"><input class="field" placeholder="${last}"></div>
    <button class="send">${send}</button></form></main></body></html>`;
}

test('a form translated as a whole: each field is the one its recorded peer did not take', async ({ browser, page }) => {
  site = await startPagesSite(() => contactForm('en', 'First name', 'Last name', 'Send'));
  const history = await recordOn(browser, site.url, [
    { action: 'input', params: { text: 'Ada' }, target: (p) => p.getByPlaceholder('First name') },
    { action: 'input', params: { text: 'Lovelace' }, target: (p) => p.getByPlaceholder('Last name') },
    { action: 'click', params: {}, target: (p) => p.getByRole('button', { name: 'Send' }) },
  ]);
  await expect.poll(() => site.state.log).toEqual(['sent Ada Lovelace']);
  site.state.log = [];
  site.state.render = () => contactForm('de', 'Vorname', 'Nachname', 'Senden');
  const { report } = await replay(page, history, { replayId: 'translated-form', findTimeoutMs: 1_500 });
  const said = JSON.stringify(report.steps, null, 1);
  expect(report.summary.ok, said).toBe(true);
  await expect.poll(() => site.state.log, { message: said }).toEqual(['sent Ada Lovelace']);
  expect(report.steps.map((s) => s.status)).toEqual(['healed', 'healed', 'healed']);
});

test('with its recorded peer still there, a field whose own placeholder went has nothing of the peer\'s to take', async ({ browser, page }) => {
  site = await startPagesSite(() => contactForm('en', 'First name', 'Last name', 'Send'));
  const history = await recordOn(browser, site.url, [
    { action: 'input', params: { text: 'Ada' }, target: (p) => p.getByPlaceholder('First name') },
    { action: 'input', params: { text: 'Lovelace' }, target: (p) => p.getByPlaceholder('Last name') },
  ]);
  // The first field is gone; the second stays as it was, now the only field of the form, in the first one's place.
  site.state.render = () => contactForm('en', 'First name', 'Last name', 'Send').replace(/<div class="row"><input class="field" placeholder="First name"><\/div>/, '');
  site.state.log = [];
  const { report } = await replay(page, history, { replayId: 'peer-stays', findTimeoutMs: kRefusedFindMs });
  expect(report.steps[0]!.status, JSON.stringify(report.steps, null, 1)).toBe('failed');
  expect(await page.getByPlaceholder('Last name').inputValue()).toBe('');
  expect(report.steps[0]!.message).toMatch(/nearest: textbox "Last name" \(score \d+: /);
  // The refusal names the peer that took the field, with its agreement and margin.
  expect(report.steps[0]!.notes.join('\n')).toMatch(/the recorded textbox "Last name" takes it \(agreement \d+, by \d+/);
});
