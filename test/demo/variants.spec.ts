import { expect, test } from '../support/fixtures.ts';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { kVariants, variantFor, type Change } from '../../demo/variants.ts';
import { runMainFlows, signIn, useDemoServer } from './support.ts';

const demo = useDemoServer();

/** The same path in two signed-in pages: one on the variant, one on the baseline. */
interface Pair {
  variant: Page;
  baseline: Page;
  request: APIRequestContext;
  v: ReturnType<typeof variantFor>;
  /** Opens `path` in the variant page, and in the baseline page too unless `variantOnly`. */
  goto(path: string, variantOnly?: boolean): Promise<void>;
}

/** Signs `page` (whose context may be signed out) in again on the variant, and a fresh baseline page beside it. */
async function openPair(page: Page, browser: Browser, request: APIRequestContext, variant: number): Promise<Pair & { close(): Promise<void> }> {
  const baselineContext = await browser.newContext();
  const baseline = await baselineContext.newPage();
  await Promise.all([signIn(page, demo.url, variant), signIn(baseline, demo.url, 0)]);
  return {
    variant: page,
    baseline,
    request,
    v: variantFor(variant),
    async goto(path, variantOnly = false) {
      await Promise.all((variantOnly ? [page] : [page, baseline]).map((p) => p.goto(demo.url + path)));
    },
    close: () => baselineContext.close(),
  };
}

/** Element depth counted across shadow roots (a shadow host counts as the parent). */
function composedDepth(el: Element): number {
  let depth = 0;
  for (let node: Node | null = el; node; ) {
    depth++;
    node = (node as Element).parentElement ?? ((node.getRootNode() as ShadowRoot).host || null);
  }
  return depth;
}

const kChecks: Record<Change, (p: Pair) => Promise<void>> = {
  async renamed({ variant, baseline, goto }) {
    await goto('settings');
    await expect(baseline.locator('#display-name')).toHaveCount(1);
    await expect(variant.locator('#display-name')).toHaveCount(0);
    await expect(variant.getByLabel('Display name')).toHaveAttribute('id', /^display-name-[0-9a-z]{5}$/);
    await expect(baseline.locator('.btn-primary')).toHaveCount(1);
    await expect(variant.locator('.btn, .btn-primary, .field, .card')).toHaveCount(0);
    await expect(variant.getByRole('main').getByRole('button').last()).toHaveAttribute('class', /^c[0-9a-z]{5} c[0-9a-z]{5}$/);
    await goto('items');
    await expect(baseline.locator('#q')).toHaveCount(1);
    await expect(variant.locator('#q')).toHaveCount(0);
  },
  async wrapped({ variant, baseline, goto }) {
    await goto('settings');
    for (const label of ['Display name', 'Country']) {
      const [deep, shallow] = await Promise.all([variant, baseline].map((p) => p.getByLabel(label).evaluate(composedDepth)));
      expect(deep!, label).toBeGreaterThanOrEqual(shallow! + 4); // field wrappers + content wrappers
    }
    await goto('items');
    const navLink = (p: Page) => p.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Items' });
    expect(await navLink(variant).evaluate(composedDepth)).toBe((await navLink(baseline).evaluate(composedDepth)) + 2);
    const table = (p: Page) => p.getByRole('table').evaluate(composedDepth);
    expect(await table(variant)).toBe((await table(baseline)) + 4);
  },
  async reordered({ variant, baseline, goto }) {
    await goto('items');
    const navTexts = (p: Page) => p.getByRole('navigation', { name: 'Main' }).getByRole('link').allTextContents();
    expect(await navTexts(variant)).toEqual((await navTexts(baseline)).reverse());
    const headers = (p: Page) => p.getByRole('columnheader').allTextContents();
    expect(await headers(baseline)).toEqual(['ID', 'Title', 'Category', 'Price', 'In stock']);
    expect(await headers(variant)).toEqual(['In stock', 'Price', 'Category', 'Title', 'ID']);
    const headerOrder = (p: Page) => p.getByRole('banner').evaluate((h) => [...h.children].map((c) => c.tagName));
    expect(await headerOrder(baseline)).toEqual(['A', 'NAV', 'FORM']);
    expect(await headerOrder(variant)).toEqual(['A', 'FORM', 'NAV']);
    await goto('settings');
    const labels = (p: Page) => p.getByRole('main').locator('label').allTextContents();
    expect((await labels(baseline))[0]).toBe('Display name');
    expect((await labels(variant))[0]).toBe('Avatar');
  },
  async retexted({ variant, baseline, goto, request, v }) {
    const login = await (await request.get(`${demo.url}login?variant=0`)).text();
    expect(login).toContain('<h1>Sign in</h1>');
    const relogin = await (await request.get(`${demo.url}login?variant=${v.id}`)).text();
    expect(relogin).toContain('<h1>Log in</h1>');
    expect(relogin).not.toContain('Sign in<');
    await goto('settings');
    await expect(baseline.getByRole('main').getByRole('button', { name: 'Save', exact: true })).toHaveCount(1);
    await expect(variant.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);
    await expect(variant.getByRole('main').getByRole('button', { name: 'Save changes' })).toHaveCount(1);
    await expect(variant.getByRole('banner').getByRole('button')).toHaveText('Sign out');
    await goto('items', true);
    await expect(variant.getByRole('button', { name: 'Search', exact: true })).toHaveCount(0);
    await expect(variant.getByRole('main').getByRole('button', { name: 'Find' })).toHaveCount(1);
  },
  async untested({ variant, baseline, goto }) {
    for (const path of ['items', 'items/42', 'widgets', 'settings']) {
      await goto(path);
      expect(await baseline.locator('[data-testid]').count(), path).toBeGreaterThan(0);
      await expect(variant.locator('[data-testid]'), path).toHaveCount(0);
    }
    await expect(baseline.getByTestId('settings-save')).toHaveCount(1);
    await expect(variant.getByTestId('settings-save')).toHaveCount(0);
  },
  async decoys({ variant, baseline, goto, v }) {
    await goto('settings');
    const save = (p: Page) => p.getByRole('button', { name: v.text('Save'), exact: true });
    await expect(save(variant)).toHaveCount(2);
    await expect(baseline.getByRole('button', { name: 'Save', exact: true })).toHaveCount(1);
    // the decoy comes first in document order, in the sidebar, and does something else
    await expect(variant.getByRole('complementary', { name: 'Sidebar' }).getByRole('button', { name: v.text('Save'), exact: true })).toHaveCount(1);
    await save(variant).first().click();
    await expect(variant.getByRole('complementary').getByRole('status')).toHaveText('Note saved on this device.');
    await expect(variant).toHaveURL(`${demo.url}settings`);
    await expect(variant.getByRole('heading', { level: 1 })).toHaveText('Settings');
    await goto('items/42', true);
    const deletes = variant.getByRole('button', { name: v.text('Delete'), exact: true });
    const framed = v.has('relocated') ? await variant.frameLocator('iframe[title="Danger zone"]').getByRole('button', { name: v.text('Delete'), exact: true }).count() : 0;
    expect((await deletes.count()) + framed).toBe(2);
    await deletes.first().click(); // deletes the comment, not the item, and asks nothing
    await expect(variant.getByText('Comment deleted.')).toBeVisible();
    await expect(variant).toHaveURL(`${demo.url}items/42`);
    await goto('items', true);
    await expect(variant.getByRole('button', { name: v.text('Search'), exact: true })).toHaveCount(2);
    await expect(variant.getByRole('search')).toHaveCount(2);
    await goto('items/new', true);
    await expect(variant.getByRole('button', { name: v.text('Create item'), exact: true })).toHaveCount(2);
  },
  async relocated({ variant, baseline, goto, request, v }) {
    const inShadow = (p: Page, label: string) => p.getByLabel(label).evaluate((el) => el.getRootNode() instanceof ShadowRoot);
    await goto('settings');
    expect(await inShadow(baseline, 'Display name')).toBe(false);
    expect(await inShadow(variant, 'Display name')).toBe(true);
    await expect(variant.locator('settings-panel')).toHaveCount(1);
    await goto('items', true);
    expect(await inShadow(variant, v.text('Search items'))).toBe(true);
    await goto('items/42');
    await expect(baseline.locator('form[action="/items/42/delete"]')).toHaveCount(1);
    await expect(variant.locator('form[action="/items/42/delete"]')).toHaveCount(0);
    const danger = variant.frames().find((f) => f.url() === `${demo.url}items/42/danger`);
    expect(danger).toBeTruthy();
    await expect(danger!.locator('form[action="/items/42/delete"][target="_top"]')).toHaveCount(1);
    const login = await (await request.get(`${demo.url}login?variant=${v.id}`)).text();
    expect(login).toContain('<login-panel><template shadowrootmode="open">');
  },
};

test('baseline: the main flows work', async ({ page }) => {
  await runMainFlows(page, demo.url, 0);
});

/**
 * The variant with every change runs every check and the main flows through all of them at once;
 * each single-change variant repeats a part of that, so those run in make bench (`@bench`). The
 * replay tests run on every variant in the suite (test/replay/demo.spec.ts).
 */
const kAll = kVariants.find((v) => v.name === 'all')!;

for (const def of kVariants.filter((v) => v.id > 0)) {
  test(`variant ${def.id} (${def.name}): the main flows still work and its changes are present`, { tag: def === kAll ? [] : '@bench' }, async ({ page, browser, request }) => {
    expect(def.changes.length).toBeGreaterThan(0);
    await runMainFlows(page, demo.url, def.id);
    const pair = await openPair(page, browser, request, def.id);
    try {
      for (const change of def.changes) await test.step(change, () => kChecks[change](pair));
    } finally {
      await pair.close();
    }
  });
}

test('every kind of change is covered by some single-change variant', () => {
  const single = kVariants.filter((v) => v.changes.length === 1).map((v) => v.changes[0]);
  expect(new Set(single)).toEqual(new Set(Object.keys(kChecks)));
  expect(kAll.changes).toHaveLength(Object.keys(kChecks).length);
});
