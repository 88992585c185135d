import { expect, test } from '@playwright/test';
import { takeFingerprint } from '../../core/fingerprint/take.ts';
import { locatorFromCode } from '../../core/locator/build.ts';
import { relocate } from '../../heal/relocate.ts';

/**
 * heal's relocate on small pages: the element recorded on one page, re-found on its changed
 * version. A look-alike copied elsewhere leaves the element alone only inside its landmark; an
 * element of one list item is re-found inside that item and written relative to it.
 */

const kOrigin = 'http://127.0.0.1/';

test('a same-named copy in a sidebar: the new locator is the name inside the element\'s own landmark, and finds it alone', async ({ page }) => {
  await page.setContent('<header><a href="/login">Log In</a></header><main><h1>Wiki</h1><form role="search" aria-label="Site"><input name="q"><button>Search</button></form></main>');
  const link = await takeFingerprint(page.getByRole('link', { name: 'Log In' }));
  const button = await takeFingerprint(page.getByRole('button', { name: 'Search' }));
  await page.setContent('<header><a href="/login">Log In</a></header><main><h1>Wiki</h1><form role="search" aria-label="Site"><input name="q"><button>Search</button></form></main>'
    + '<aside aria-label="Suggestions"><a href="/other">Log In</a><button>Search</button></aside>');
  const input = { heading: 'Wiki', testIdAttribute: 'data-testid', pageUrl: kOrigin };
  const healedLink = await relocate(page, { ...input, fingerprint: link, current: "getByRole('link', { name: 'Log In' })" });
  expect(healedLink).toMatchObject({ ok: true, code: "getByRole('banner').getByRole('link', { name: 'Log In' })" });
  const healedButton = await relocate(page, { ...input, fingerprint: button, current: "getByRole('button', { name: 'Search' })" });
  expect(healedButton).toMatchObject({ ok: true, code: "getByRole('search', { name: 'Site' }).getByRole('button', { name: 'Search' })" });
  for (const healed of [healedLink, healedButton]) {
    if (!healed.ok) continue;
    const found = await locatorFromCode(page, healed.code).evaluateAll((els) => els.map((el) => Boolean(el.closest('aside'))));
    expect(found).toEqual([false]);
  }
});

test('an element of one list item: re-found inside that item, written relative to it; another item\'s look-alike is never taken', async ({ page }) => {
  const list = (remove: string) => `<main><h1>Groceries</h1><ul aria-label="Shopping">${['Milk', 'Bread', 'Eggs'].map((item) => `<li>${item} <button data-item="${item}">${remove}</button></li>`).join('')}</ul></main>`;
  await page.setContent(list('Remove'));
  const bread = await takeFingerprint(page.getByRole('listitem').filter({ hasText: 'Bread' }).getByRole('button'));
  await page.setContent(list('Drop'));
  const item = "getByRole('listitem').filter({ hasText: 'Bread' })";
  const healed = await relocate(page, { fingerprint: bread, current: "getByRole('button', { name: 'Remove' })", heading: 'Groceries', testIdAttribute: 'data-testid', pageUrl: kOrigin, item });
  expect(healed.ok, JSON.stringify(healed)).toBe(true);
  if (!healed.ok) return;
  expect(healed.code).not.toContain('listitem');
  const found = await locatorFromCode(page, `${item}.${healed.code}`).evaluateAll((els) => els.map((el) => el.getAttribute('data-item')));
  expect(found).toEqual(['Bread']);

  // The item the spec looks for is gone: nothing is re-found elsewhere.
  await page.setContent(list('Drop').replace('Bread', 'Rye'));
  const gone = await relocate(page, { fingerprint: bread, current: "getByRole('button', { name: 'Remove' })", heading: 'Groceries', testIdAttribute: 'data-testid', pageUrl: kOrigin, item });
  expect(gone).toEqual({ ok: false, reason: expect.stringContaining('finds 0 items') });
});
