import { expect, test } from '../support/fixtures.ts';
import { htmlPage } from '../../harness/sites/pages-site.ts';
import { usePagesHandSuite } from './support/hand-suite.ts';

/**
 * `bu baseline` and `bu heal --baseline` on a suite written by hand, the ways teams write them: a
 * locator inline at its call, in a `const`, in a page object's field set in its constructor and
 * reached through a fixture, in a property initializer (a chain through a list item), in a getter,
 * by CSS, and built in a helper from its parameter (two tests call it for two plans). One release
 * breaks one locator per test; a passing run of the first release is the baseline. Each broken
 * locator must be rewritten where the code writes it, in its style (the helper's literal in the
 * helper, checked for both of its calls), and the rewritten suite must pass; a changed expectation
 * and a test the baseline never saw must be refused with their reasons, and so must the helper when
 * the value a call passes no longer holds, or a new literal would lose the other call's element.
 */

type Release = 'first' | 'plan-renamed' | 'second' | 'signed-out' | 'summary-gone';
let release: Release = 'first';

function render(): string {
  // A session that expired: the same address shows a sign-in form.
  if (release === 'signed-out') return htmlPage('Sign in', '<main><h1>Sign in</h1><form><label>User <input name="user"></label><label>Password <input type="password" name="password"></label><button>Sign in</button></form></main>');
  // The second release, but the Pro plan renamed (what one call of the helper passes) and its button left as it was.
  const renamed = release === 'plan-renamed';
  const second = release === 'second' || renamed;
  return htmlPage('Orders', `
    <header><h1>Orders</h1><a href="/help">${second ? 'Support' : 'Help'}</a></header>
    <main>
      <form id="signup" onsubmit="return false">
        <label>${second ? 'E-mail address' : 'Email'} <input id="email" name="email"></label>
        <label>Phone <input id="${second ? 'tel' : 'phone'}" name="phone"></label>
        <input name="q" placeholder="${second ? 'Find orders' : 'Search orders'}">
        <button type="button" id="save" onclick="document.getElementById('status').textContent = 'Saved'">${second ? 'Store' : 'Save'}</button>
        <button type="button" onclick="document.getElementById('status').textContent = '${second ? 'Pong!' : 'Pong'}'">Ping</button>
      </form>
      <p id="status"></p>
      ${release === 'summary-gone' ? '' : `<article class="${second ? 'panel' : 'card'}"><h2>Summary</h2><button type="button">Refresh</button></article>`}
      <article class="${second ? 'panel' : 'card'}"><h2>Usage</h2><button type="button">Refresh</button></article>
      <section aria-label="Plans"><ul>
        <li class="plan">${renamed ? 'Premium' : 'Pro'} <button type="button">${second && !renamed ? 'Purchase' : 'Buy'}</button></li>
        <li class="plan">Free <button type="button">${second ? 'Purchase' : 'Buy'}</button></li>
      </ul></section>
    </main>`);
}

const kPages = `import type { Locator, Page } from '@playwright/test';

export class OrdersPage {
  readonly save: Locator;
  constructor(readonly page: Page) {
    this.save = page.getByRole('button', { name: 'Save' });
  }
  get search(): Locator {
    return this.page.getByPlaceholder('Search orders');
  }
}

class BasePage {
  constructor(readonly page: Page) {}
}

export class PlansPage extends BasePage {
  readonly proBuy = this.page.locator('li.plan').filter({ hasText: 'Pro' }).getByRole('button', { name: 'Buy' });
}

export function planButton(page: Page, plan: string): Locator {
  return page.locator('li.plan').filter({ hasText: plan }).getByRole('button', { name: 'Buy' });
}
`;

const kFixtures = `import { test as base } from '@playwright/test';
import { OrdersPage } from './pages';

export const test = base.extend<{ orders: OrdersPage }>({
  orders: async ({ page }, use) => use(new OrdersPage(page)),
});
export { expect } from '@playwright/test';
`;

const kSpec = `import { test, expect } from './fixtures';
import { PlansPage, planButton } from './pages';

test.beforeEach(async ({ page }) => {
  await page.goto('/');
});

test('inline', async ({ page }) => {
  await page.getByRole('link', { name: 'Help' }).hover();
});

test('variable', async ({ page }) => {
  const email = page.getByLabel('Email');
  await email.fill('private@example.test');
});

test('fixture field', async ({ orders }) => {
  await orders.save.click();
  await expect(orders.page.locator('#status')).toHaveText('Saved');
});

test('getter', async ({ orders }) => {
  await orders.search.fill('42');
});

test('css', async ({ page }) => {
  await page.locator('#phone').fill('555');
});

test('chain', async ({ page }) => {
  await new PlansPage(page).proBuy.click();
});

test('helper', async ({ page }) => {
  await planButton(page, 'Pro').click();
});

const kFree = 'Free';
test('helper, another plan', async ({ page }) => {
  await planButton(page, kFree).click();
});

test('expectation', async ({ page }) => {
  await page.getByRole('button', { name: 'Ping' }).click();
  await expect(page.locator('#status')).toHaveText('Pong');
});

test('container', async ({ page }) => {
  const summary = page.locator('.card').filter({ hasText: 'Summary' });
  await summary.getByRole('button', { name: 'Refresh' }).click();
});

test('title', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Orders');
});

test('unseen @later', async ({ page }) => {
  await page.getByRole('link', { name: 'Help' }).hover();
});
`;

const suite = usePagesHandSuite('heal-suite', { 'tests/pages.ts': kPages, 'tests/fixtures.ts': kFixtures, 'tests/orders.spec.ts': kSpec }, render);

/** Every string value in a parsed JSON document, at any depth. */
function stringLeaves(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringLeaves);
  if (value && typeof value === 'object') return Object.values(value).flatMap(stringLeaves);
  return [];
}

test('a passing run becomes a baseline: one entry per call that found an element, no typed value kept', async () => {
  const green = await suite.run('--grep-invert', '@later');
  expect(green.code, green.stdout + green.stderr).toBe(0);
  const made = await suite.baseline();
  expect(made.code, made.stderr).toBe(0);
  expect(made.json).toMatchObject({ passing: 11, tests: 11, missed: [] });
  const text = suite.read('.brow-use/baseline.json');
  // Judged on the file's values, not its text: a timestamp or a hash may hold the same digits.
  const values = stringLeaves(JSON.parse(text));
  expect(values.filter((v) => v.includes('private@example.test'))).toEqual([]);
  // The typed phone number as a figure of its own; a timestamp's milliseconds or a hash's digits are not it.
  const timestampOrHash = (v: string) => /^\d{4}-\d\d-\d\dT[\d:.]+Z$/.test(v) || /^[0-9a-z]{8,}$/i.test(v);
  expect(values.filter((v) => /(^|\D)555(\D|$)/.test(v) && !timestampOrHash(v))).toEqual([]);
  expect(text.length / 11, 'bytes per test').toBeLessThan(5_000);
  const baseline = JSON.parse(text) as { tests: { test: string; calls: { at: { file: string; line: number }; method: string }[] }[] };
  const variable = baseline.tests.find((t) => t.test === 'orders.spec.ts › variable')!;
  expect(variable.calls).toEqual([expect.objectContaining({ method: 'fill', at: expect.objectContaining({ file: 'orders.spec.ts', line: 14 }), heading: 'Orders', title: 'Orders' })]);
});

test('a helper is not patched when the value one call passes no longer holds, nor with a literal that loses the other call\'s element', async () => {
  release = 'plan-renamed';
  const red = await suite.run('--grep', 'helper');
  expect(red.code).not.toBe(0);
  const before = suite.read('tests/pages.ts');
  const healed = await suite.heal('--write');
  expect(healed.code, healed.stderr).toBe(1);
  const result = healed.json as { changes: unknown[]; notHealed: { test: string; reason: string }[] };
  const refused = (title: string) => result.notHealed.find((n) => n.test.endsWith(`› ${title}`))?.reason;
  // 'Pro' is what the call passes and what changed: named with where it is passed, the helper left as written.
  expect(refused('helper')).toMatch(/^the locator is built from `plan`, a value the code passes in \(tests\/pages\.ts:\d+; tests\/orders\.spec\.ts:\d+ passes `'Pro'`\): its part `filter\(\{ hasText: 'Pro' \}\)` finds nothing on the page now/);
  // Free's button is now "Purchase", Pro's still "Buy": the literal written anew would find Pro's button nowhere.
  expect(refused('helper, another plan')).toMatch(/^`planButton` \(tests\/pages\.ts:\d+\) is written once and used by 2 calls: orders\.spec\.ts › helper \(orders\.spec\.ts:\d+\), orders\.spec\.ts › helper, another plan \(orders\.spec\.ts:\d+\); no new locator finds each one's own element alone/);
  expect(result.changes).toEqual([]);
  expect(suite.read('tests/pages.ts')).toBe(before);
});

test('heals each broken locator where the code writes it, in its style, the helper\'s literal in the helper; refuses the expectation and the unseen test', async () => {
  release = 'second';
  const red = await suite.run();
  expect(red.code).not.toBe(0);
  const healed = await suite.heal('--write');
  expect(healed.code, 'some tests are refused').toBe(1);
  const result = healed.json as { changes: { test: string; member: string; before: string; after: string; signals: string[] }[]; notHealed: { test: string; reason: string }[] };
  const change = (title: string) => result.changes.find((c) => c.test.endsWith(`› ${title}`));
  expect(change('inline')).toMatchObject({ before: "page.getByRole('link', { name: 'Help' })", after: "page.getByRole('link', { name: 'Support' })" });
  expect(change('variable')).toMatchObject({ member: 'variable email', after: "page.getByLabel('E-mail address')" });
  expect(change('fixture field')).toMatchObject({ member: 'field save', after: "page.getByRole('button', { name: 'Store' })" });
  expect(change('getter')).toMatchObject({ member: 'getter search', after: "this.page.getByPlaceholder('Find orders')" });
  // A CSS team gets CSS: the field's new id finds it alone (its label and name said which field it is).
  expect(change('css')).toMatchObject({ before: "page.locator('#phone')", after: "page.locator('#tel')" });
  // Only the part of the chain that broke changes: the item it is found in still holds.
  expect(change('chain')).toMatchObject({ member: 'field proBuy', after: "this.page.locator('li.plan').filter({ hasText: 'Pro' }).getByRole('button', { name: 'Purchase' })" });
  // The literal the release reworded is written anew in the helper, its parameter's part kept: both of its calls' buttons found alone by it.
  const helper = { member: 'helper planButton', before: "page.locator('li.plan').filter({ hasText: plan }).getByRole('button', { name: 'Buy' })", after: "page.locator('li.plan').filter({ hasText: plan }).getByRole('button', { name: 'Purchase' })" };
  expect(change('helper')).toMatchObject(helper);
  expect(change('helper, another plan')).toMatchObject(helper);
  expect(change('helper')?.signals.join('\n')).toMatch(/`planButton` is used by 2 calls \(orders\.spec\.ts › helper \(orders\.spec\.ts:\d+\), orders\.spec\.ts › helper, another plan \(orders\.spec\.ts:\d+\)\): the new locator finds each one's own element alone/);
  const refused = (title: string) => result.notHealed.find((n) => n.test.endsWith(`› ${title}`))?.reason;
  expect(refused('expectation')).toMatch(/^not healable: expectation changed/);
  // Shown for review with its old and new value and its page's evidence; not written by --write.
  expect(healed.json!.expectations).toEqual([expect.objectContaining({
    test: expect.stringMatching(/› expectation$/), file: 'tests/orders.spec.ts', matcher: 'toHaveText', before: "'Pong'", now: 'Pong!', after: "'Pong!'", accepted: false,
  })]);
  const evidence = (healed.json!.expectations as { refound: string[]; missing: string[] }[])[0]!;
  expect(evidence.refound.length, evidence.missing.join(', ')).toBeGreaterThan(evidence.missing.length);
  expect(healed.stderr).toMatch(/expectations that changed \(for review: never written without --accept-expectations\):[\s\S]*expected 'Pong', the page showed "Pong!"[\s\S]*would write: 'Pong'  ->  'Pong!'/);
  expect(suite.read('tests/orders.spec.ts')).toContain("toHaveText('Pong');");
  expect(refused('unseen @later'), JSON.stringify(result.notHealed, null, 1) + red.stdout).toMatch(/^no baseline for this test/);
  // A container whose class was renamed: only its first part is written anew, its filter and the call inside it kept.
  expect(change('container')).toMatchObject({ member: 'variable summary', before: "page.locator('.card').filter({ hasText: 'Summary' })", after: "page.getByRole('article').filter({ hasText: 'Summary' })" });
  expect(result.changes).toHaveLength(9);

  const pages = suite.read('tests/pages.ts');
  expect(pages).toContain("this.save = page.getByRole('button', { name: 'Store' });");
  expect(pages).toContain("return page.locator('li.plan').filter({ hasText: plan }).getByRole('button', { name: 'Purchase' });");
  const rerun = await suite.run('--grep', 'inline|variable|fixture field|getter|css|chain|helper|container', '--trace', 'off');
  expect(rerun.code, rerun.stdout).toBe(0);
});

test('a changed expectation is written only when accepted, and then passes', async () => {
  const red = await suite.run('--grep', 'expectation');
  expect(red.code).not.toBe(0);
  const accepted = await suite.heal('--write', '--accept-expectations');
  expect(accepted.code, accepted.stderr).toBe(0);
  expect(accepted.json).toMatchObject({ notHealed: [], expectations: [{ before: "'Pong'", after: "'Pong!'", accepted: true }] });
  expect(suite.read('tests/orders.spec.ts')).toContain("await expect(page.locator('#status')).toHaveText('Pong!');");
  const rerun = await suite.run('--grep', 'expectation', '--trace', 'off');
  expect(rerun.code, rerun.stdout).toBe(0);
});

test('an expectation on a page that lost what the baseline found there is not written, even when accepted', async () => {
  release = 'signed-out';
  const red = await suite.run('--grep', 'title');
  expect(red.code).not.toBe(0);
  const before = suite.read('tests/orders.spec.ts');
  const healed = await suite.heal('--write', '--accept-expectations');
  expect(healed.code, healed.stderr).toBe(1);
  expect(healed.json!.expectations).toEqual([expect.objectContaining({
    matcher: 'toHaveTitle', before: "'Orders'", now: 'Sign in', after: null, accepted: false, why: expect.stringContaining('another page'),
  })]);
  const evidence = (healed.json!.expectations as { refound: string[]; missing: string[] }[])[0]!;
  expect(evidence.missing.length, evidence.refound.join(', ')).toBeGreaterThan(evidence.refound.length);
  expect(suite.read('tests/orders.spec.ts')).toBe(before);
});

test('a container that is gone, where a look-alike of the element stays in another, is not patched', async () => {
  release = 'summary-gone';
  const red = await suite.run('--grep', 'container');
  expect(red.code).not.toBe(0);
  const before = suite.read('tests/orders.spec.ts');
  const healed = await suite.heal('--write');
  expect(healed.code, healed.stderr).toBe(1);
  expect(healed.json!.changes).toEqual([]);
  expect(suite.read('tests/orders.spec.ts')).toBe(before);
});
