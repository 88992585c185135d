import { expect, test } from '../pages/fixtures.ts';

// Tests of one file that a release breaks together, the first through a chain written over several
// lines; each reads the page it opened through the one heading field of the wiki's page object.

test.beforeEach(async ({ page }) => {
  await page.goto('doku.php?id=start');
});

test('opens the sitemap from the site tools', async ({ page, wiki }) => {
  await page
    .locator('#dokuwiki__sitetools')
    .getByRole('link', { name: 'Sitemap' })
    .click();
  await expect(wiki.heading).toHaveText('Sitemap');
});

test('opens the login page from the user tools', async ({ page, wiki }) => {
  await page.getByRole('link', { name: 'Log In' }).click();
  await expect(wiki.heading).toHaveText('Login');
  await expect(page.locator('#dw__login')).toBeVisible();
});

test('opens the faq from the start page', async ({ page, wiki }) => {
  await page.locator('.page a.wikilink1', { hasText: 'faq' }).click();
  await expect(wiki.heading).toHaveText('FAQ');
});
