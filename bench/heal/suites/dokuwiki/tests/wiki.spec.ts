import { expect, test } from '../pages/fixtures.ts';

// A suite for the wiki written the ways teams write them: roles and labels, CSS, XPath, text, a test
// id (the form fields' `name`, the config's testIdAttribute), page objects reached through fixtures,
// a helper with a parameter, and assertions on texts and on the page.

test.beforeEach(async ({ page }) => {
  await page.goto('doku.php?id=start');
});

test('browses from the start page', async ({ page }) => {
  await page.getByRole('link', { name: 'Using it' }).click();
  await expect(page).toHaveURL(/guide:usage/);
  await page.locator('xpath=//a[@title="start"]').first().click();
  await page.getByText('faq', { exact: true }).click();
  await expect(page.locator('#dokuwiki__content h1')).toHaveText('FAQ');
});

test('signs in', async ({ login, page }) => {
  await login.open();
  await login.signIn('ann', process.env.WIKI_PASSWORD ?? '');
  await expect(page.getByRole('link', { name: 'Log Out' })).toBeVisible();
});

test('searches the wiki', async ({ wiki, page }) => {
  await wiki.searchBox.fill('install');
  await wiki.searchButton.click();
  const results = page.locator('.search_fulltextresult, .search_quickresult');
  await expect(results.first()).toBeVisible();
});

test('edits the playground', async ({ page }) => {
  await page.goto('doku.php?id=playground:playground&do=edit');
  const text = page.getByTestId('wikitext');
  await text.fill('Bench notes.');
  await page.locator('#edit__summary').fill('bench');
  await page.getByTestId('do[save]').click();
  await expect(page.locator('.page p').first()).toHaveText('Bench notes.');
});

test('opens the sitemap and recent changes', async ({ wiki, page }) => {
  await wiki.tool('Sitemap').click();
  await expect(page.getByRole('heading', { name: 'Sitemap' })).toBeVisible();
  await wiki.tool('Recent Changes').click();
  await expect(page.getByRole('heading', { name: 'Recent Changes' })).toBeVisible();
});
