import { expect, test } from '@playwright/test';
import { Story } from '../pages/story.ts';

// A suite for a notebook app written the ways teams write them: roles and text, CSS classes, XPath,
// a locator in a `const`, a small page object with a getter (pages/ beside the tests), a chain through a story item, a
// helper with a parameter, and assertions on texts and headings.

test.beforeEach(async ({ page }) => {
  await page.goto('');
  await expect(page.getByRole('heading', { name: 'Garden notes' })).toBeVisible();
});

test('follows links between tiddlers', async ({ page }) => {
  await page.getByRole('link', { name: 'Tasks' }).click();
  await page.locator('xpath=//a[contains(@class, "tc-tiddlylink") and text()="Beds"]').first().click();
  await expect(page.getByRole('heading', { name: 'Beds', level: 2 })).toBeVisible();
});

test('searches from the sidebar', async ({ page }) => {
  const search = page.locator('.tc-sidebar-search input[type="search"]');
  await search.fill('carrots');
  await page.getByText('Sow the carrots').first().click();
  await expect(page.getByRole('heading', { name: 'Sow the carrots', level: 2 })).toBeVisible();
});

test('closes the open tiddler', async ({ page }) => {
  const garden = page.locator('.tc-tiddler-frame').filter({ hasText: 'The garden has three beds' });
  await garden.getByRole('button', { name: 'close' }).click();
  await expect(page.locator('.tc-story-river .tc-tiddler-frame')).toHaveCount(0);
});

test('closes every open tiddler', async ({ page }) => {
  await new Story(page).closeAll();
  await expect(page.locator('.tc-story-river .tc-tiddler-frame')).toHaveCount(0);
});

test('creates a tiddler', async ({ page }) => {
  await page.getByRole('button', { name: 'new tiddler' }).click();
  await page.locator('input.tc-titlebar.tc-edit-texteditor').fill('Compost');
  await page.getByTitle('Confirm changes to this tiddler').click();
  await expect(new Story(page).titles.first()).toHaveText('Compost');
});

test('ticks a task', async ({ page }) => {
  await page.getByRole('link', { name: 'Tasks' }).click();
  const story = new Story(page);
  const beans = story.item('Tasks').locator('li').filter({ hasText: 'Water the beans' });
  await beans.getByRole('checkbox').check();
  await expect(beans.getByRole('checkbox')).toBeChecked();
});
