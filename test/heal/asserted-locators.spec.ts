import { expect, test } from '../support/fixtures.ts';
import { takeFingerprint } from '../../core/fingerprint/take.ts';
import type { BaselineCall, BaselineTest } from '../../core/schema/baseline.ts';
import { fp } from '../../harness/generate/fixtures.ts';
import { Project } from '../../generate/ts-morph.ts';
import { applyEdits, shifted } from '../../heal/file-edits.ts';
import { baselineCallOf } from '../../heal/heal-suite.ts';
import { locatorExpectations, lostExpectations, unshownExpectations } from '../../heal/locator-expectations.ts';
import { relocate } from '../../heal/relocate.ts';
import { unsaidExpectation } from '../../heal/unsaid-expectation.ts';
import { writtenTogether } from '../../heal/written-together.ts';

/**
 * What an asserted locator says is its expectation, and a heal is a patch of the call that failed:
 * an asserted name or text is never rewritten into what the page shows now (it is an expectation
 * change, for review); the baseline entry a heal uses is the failing call's own (its method and
 * selector, not its line alone); two heals of one file are computed against the text the run ran
 * and applied together.
 */

const says = (before: string) => (after: string) => lostExpectations(before, after).length === 0;

test('the name, text, hasText, label, placeholder, alt, title and exact of a locator are what it expects', () => {
  expect(locatorExpectations("getByRole('heading', { name: 'Order confirmed' })")).toEqual([{ part: 'name', value: 'Order confirmed', exact: false }]);
  expect(locatorExpectations("locator('.cart').filter({ hasText: 'Pro' }).getByText('3 items', { exact: true })")).toEqual([
    { part: 'hasText', value: 'Pro', exact: false }, { part: 'text', value: '3 items', exact: true },
  ]);
  expect(locatorExpectations("getByTestId('status').locator('#x')")).toEqual([]);
  // Rewritten into what the page shows now, or dropped for a test id: what the test expects is gone.
  expect(lostExpectations("getByRole('heading', { name: 'Order confirmed' })", "getByRole('heading', { name: 'Payment failed' })")).toHaveLength(1);
  expect(lostExpectations("getByRole('heading', { name: 'Order confirmed' })", "getByTestId('confirmation')")).toHaveLength(1);
  expect(lostExpectations("getByText('3 items')", "getByText('4 items', { exact: true })")).toEqual([{ part: 'text', value: '3 items', exact: false }]);
  // Exactness is part of it: a name matched whole is another expectation.
  expect(lostExpectations("getByText('3 items')", "getByText('3 items', { exact: true })")).toHaveLength(1);
  // Reached another way, saying the same: kept.
  expect(lostExpectations("locator('.confirm').getByRole('heading', { name: 'Order confirmed' })", "getByTestId('confirmation').getByRole('heading', { name: 'Order confirmed' })")).toEqual([]);
  expect(lostExpectations("getByTestId('total')", "getByText('3 items')")).toEqual([]);
});

test('what the re-found element still shows of what the locator expects', () => {
  const shown = { name: 'Payment failed', text: 'Payment failed', label: null, placeholder: null, alt: null, title: null };
  const expected = locatorExpectations("getByRole('heading', { name: 'Order confirmed' }).filter({ hasNotText: 'Error' })")!;
  expect(unshownExpectations(expected, shown)).toEqual([{ part: 'name', value: 'Order confirmed', exact: false }]);
  expect(unshownExpectations(expected, { ...shown, name: 'Order Confirmed!', text: 'Order Confirmed!' })).toEqual([]);
  expect(unshownExpectations(locatorExpectations("getByText('3 items', { exact: true })")!, { ...shown, name: null, text: '3 items in cart' })).toHaveLength(1);
});

test('an asserted heading renamed in place is never healed into its new name; a renamed container where the name holds is', async ({ page }) => {
  const kOrigin = 'http://127.0.0.1/';
  const input = { heading: 'Checkout', testIdAttribute: 'data-testid', pageUrl: kOrigin };
  await page.setContent('<main><h1>Checkout</h1><section class="confirm"><h2 data-testid="result">Order confirmed</h2></section><p data-testid="count">3 items</p></main>');
  const heading = await takeFingerprint(page.getByTestId('result'));
  const count = await takeFingerprint(page.getByTestId('count'));
  // The release: the same heading (same test id) says the payment failed; the count says 4.
  await page.setContent('<main><h1>Checkout</h1><section class="confirm"><h2 data-testid="result">Payment failed</h2></section><p data-testid="count">4 items</p></main>');
  const current = "getByRole('heading', { name: 'Order confirmed' })";
  const unguarded = await relocate(page, { ...input, fingerprint: heading, current });
  expect(unguarded, 'without the guard, heal writes the new name').toMatchObject({ ok: true });
  const guarded = await relocate(page, { ...input, fingerprint: heading, current, says: says(current) });
  expect(guarded).toMatchObject({ ok: false, unsaid: { name: 'Payment failed' } });
  const items = await relocate(page, { ...input, fingerprint: count, current: "getByText('3 items')", says: says("getByText('3 items')") });
  expect(items.ok, JSON.stringify(items)).toBe(false);

  // An honest release: the container's class renamed, the heading still says what the test expects.
  await page.setContent('<main><h1>Checkout</h1><section class="confirmation"><h2 data-testid="result">Order confirmed</h2></section><p data-testid="count">3 items</p></main>');
  const scoped = "locator('.confirm').getByRole('heading', { name: 'Order confirmed' })";
  const healed = await relocate(page, { ...input, fingerprint: heading, current: scoped, says: says(scoped) });
  expect(healed.ok, JSON.stringify(healed)).toBe(true);
  if (healed.ok) expect(lostExpectations(scoped, healed.code)).toEqual([]);
});

test('an expectation a locator says is read for review: the literal replaced by what the element shows, its quotes and exact kept', () => {
  const source = new Project({ useInMemoryFileSystem: true }).createSourceFile('/s/a.spec.ts', `await expect(page.getByText("3 items")).toBeVisible();\n`);
  const node = source.getDescendants().find((n) => n.getText() === 'page.getByText("3 items")')!;
  const written: string[] = [];
  const read = unsaidExpectation({
    statement: 'x', matcher: 'toBeVisible', node: node as never, lost: [{ part: 'text', value: '3 items', exact: false }],
    live: fp({ role: null, name: '4 items', text: '4 items' }), write: (at, text) => void written.push(`${at.getText()} -> ${text}`),
  });
  expect(read).toMatchObject({ before: '"3 items"', now: '4 items', after: '"4 items"', why: null });
  read.apply();
  expect(written).toEqual(['"3 items" -> "4 items"']);
  const part = unsaidExpectation({ statement: 'x', matcher: 'toBeVisible', node: node as never, lost: [{ part: 'hasText', value: '3', exact: false }], live: fp({ role: 'button', name: 'x' }), write: () => undefined });
  expect(part).toMatchObject({ after: null, why: expect.stringContaining('a part of the text') });
});

function call(line: number, method: string, selector: string, name: string): BaselineCall {
  return { at: { file: 'checkout.spec.ts', line, column: 5 }, via: [], nth: 0, method, selector, url: 'http://127.0.0.1/cart', heading: 'Cart', fingerprint: fp({ role: 'button', name }) };
}

test('the baseline entry of a failing call has its method and selector, not only its place', () => {
  const coupon = 'internal:role=button[name="Apply coupon"i]';
  const checkout = 'internal:role=button[name="Checkout"i]';
  const baseline: BaselineTest = { test: 'checkout.spec.ts › pays', ranAt: '2026-01-01T00:00:00.000Z', calls: [call(7, 'click', coupon, 'Apply coupon'), call(8, 'click', checkout, 'Checkout')] };
  // A line deleted above the call: the checkout click is at line 7 now, where the baseline has the coupon's.
  const moved = baselineCallOf(baseline, { at: { file: 'checkout.spec.ts', line: 7, column: 5 }, nth: 0, method: 'click', selector: checkout, nthOfLocator: 0 });
  expect(moved).toMatchObject({ ok: true, call: { fingerprint: { name: 'Checkout' } } });
  // A call the baseline never saw, at a place where it has another: refused, with what it has there.
  const other = baselineCallOf(baseline, { at: { file: 'checkout.spec.ts', line: 7, column: 5 }, nth: 0, method: 'click', selector: 'internal:role=button[name="Pay"i]', nthOfLocator: 0 });
  expect(other).toEqual({ ok: false, reason: expect.stringMatching(/^the code changed since the baseline: at checkout\.spec\.ts:7:5 the baseline has click `internal:role=button\[name="Apply coupon"i\]`/) });
  const fill = baselineCallOf(baseline, { at: { file: 'checkout.spec.ts', line: 8, column: 5 }, nth: 0, method: 'fill', selector: checkout, nthOfLocator: 0 });
  expect(fill.ok).toBe(false);
  expect(baselineCallOf(baseline, { at: { file: 'checkout.spec.ts', line: 8, column: 5 }, nth: 0, method: 'click', selector: checkout, nthOfLocator: 0 })).toMatchObject({ ok: true, call: { at: { line: 8 } } });
});

const kTwoTests = `import { test, expect } from '@playwright/test';

test('pays', async ({ page }) => {
  await page
    .locator('.cart')
    .getByRole('button', { name: 'Checkout' })
    .click();
  await expect(page.getByRole('heading', { name: 'Paid' })).toBeVisible();
});

test('coupon', async ({ page }) => {
  await page.locator('#coupon').fill('SAVE');
  await expect(page.getByRole('status')).toHaveText('Saved');
});
`;

test('two heals of one file, the first collapsing a chain written over three lines, are computed on the text as run and applied together', () => {
  const first = kTwoTests.indexOf('page\n    .locator');
  const firstEnd = kTwoTests.indexOf("    .click()") - 2;
  const chain = kTwoTests.slice(first, firstEnd + 1);
  expect(chain).toContain("{ name: 'Checkout' })");
  const second = kTwoTests.indexOf("page.locator('#coupon')");
  const edits = [
    { owner: 'pays', start: first, end: first + chain.length, text: "page.getByTestId('checkout')" },
    { owner: 'coupon', start: second, end: second + "page.locator('#coupon')".length, text: "page.getByLabel('Coupon')" },
  ];
  const applied = applyEdits(kTwoTests, edits);
  expect(applied.conflicting.size).toBe(0);
  expect(applied.text).toContain("await page.getByTestId('checkout')\n    .click();");
  expect(applied.text).toContain("await page.getByLabel('Coupon').fill('SAVE');");
  // The assertions no heal was asked for are as written.
  expect(applied.text).toContain("await expect(page.getByRole('heading', { name: 'Paid' })).toBeVisible();");
  expect(applied.text).toContain("await expect(page.getByRole('status')).toHaveText('Saved');");
  // The second test's place, read on the text as run, is where its code is in the text as healed.
  const assertion = kTwoTests.indexOf("expect(page.getByRole('status'))");
  expect(applied.text.slice(shifted(assertion, applied.applied)).startsWith("expect(page.getByRole('status'))")).toBe(true);

  const together = writtenTogether(new Map([['/s/a.spec.ts', kTwoTests]]), edits.map((e) => ({ ...e, file: '/s/a.spec.ts' })));
  expect(together.refused.size).toBe(0);
  expect(together.after.get('/s/a.spec.ts')).toBe(applied.text);
  // Two different edits of the same code: neither test's is written, in any file.
  const clash = writtenTogether(new Map([['/s/a.spec.ts', kTwoTests], ['/s/b.ts', 'export const x = 1;\n']]), [
    { ...edits[1]!, file: '/s/a.spec.ts' },
    { ...edits[1]!, owner: 'pays', text: "page.getByPlaceholder('Code')", file: '/s/a.spec.ts' },
    { owner: 'pays', file: '/s/b.ts', start: 17, end: 18, text: '2' },
  ]);
  expect([...clash.refused.keys()].sort()).toEqual(['coupon', 'pays']);
  expect(clash.after.get('/s/b.ts') ?? 'export const x = 1;\n').toBe('export const x = 1;\n');
  // An edit that would not parse is not written.
  const broken = writtenTogether(new Map([['/s/a.spec.ts', kTwoTests]]), [{ ...edits[1]!, text: "page.getByLabel('Coupon'", file: '/s/a.spec.ts' }]);
  expect(broken.refused.get('coupon')).toMatch(/would not parse/);
});
