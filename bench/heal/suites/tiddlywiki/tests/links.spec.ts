import { expect, test } from '@playwright/test';
import { Story } from '../pages/story.ts';

// Two tests of one file that a release breaks together, the first through a chain written over
// several lines; both read the tiddler they opened through one getter of the story's page object.

test.beforeEach(async ({ page }) => {
  await page.goto('');
  await expect(page.getByRole('heading', { name: 'Garden notes' })).toBeVisible();
});

test('opens the tasks from the garden', async ({ page }) => {
  const story = new Story(page);
  await page
    .locator('.tc-tiddler-body')
    .getByRole('link', { name: 'Tasks' })
    .click();
  await expect(story.newest).toHaveText('Tasks');
});

test('opens the beds from the garden', async ({ page }) => {
  const story = new Story(page);
  await page.locator('.tc-tiddler-body a.tc-tiddlylink', { hasText: 'Beds' }).click();
  await expect(story.newest).toHaveText('Beds');
});
