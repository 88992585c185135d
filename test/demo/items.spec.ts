import { expect, test } from '../support/fixtures.ts';
import { answerNextDialog, signIn, useDemoServer } from './support.ts';

const demo = useDemoServer();

test.beforeEach(async ({ page }) => {
  await signIn(page, demo.url);
});

test('search is a GET form: the query lands in the URL and filters titles and categories', async ({ page }) => {
  await page.goto(`${demo.url}items`);
  await page.getByRole('searchbox', { name: 'Search items' }).fill('Lamp');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(`${demo.url}items?q=Lamp`);
  await expect(page.getByTestId('result-count')).toHaveText('Showing 1–9 of 9 items matching “Lamp”');
  const titles = page.getByRole('table').getByRole('row').getByRole('link');
  await expect(titles).toHaveCount(9);
  for (const title of await titles.allTextContents()) expect(title).toMatch(/ Lamp$/);
  await expect(page.getByRole('navigation', { name: 'Pagination' })).toHaveCount(0);

  await page.goto(`${demo.url}items?q=garden`);
  await expect(page.getByTestId('result-count')).toHaveText('Showing 1–9 of 9 items matching “garden”');
  await page.goto(`${demo.url}items?q=submarine`);
  await expect(page.getByText('No items match “submarine”')).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
});

test('pagination: 45 items, 10 a page, Previous/Next and numbered links', async ({ page }) => {
  await page.goto(`${demo.url}items`);
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(11);
  await expect(page.getByTestId('result-count')).toHaveText('Showing 1–10 of 45 items');
  const pager = page.getByRole('navigation', { name: 'Pagination' });
  await expect(pager.getByRole('link', { name: 'Previous' })).toHaveCount(0);
  await pager.getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(`${demo.url}items?page=2`);
  await expect(rows.nth(1).getByRole('cell').first()).toHaveText('11');
  await expect(pager.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await pager.getByRole('link', { name: 'Page 5' }).click();
  await expect(rows).toHaveCount(6);
  await expect(page.getByTestId('result-count')).toHaveText('Showing 41–45 of 45 items');
  await expect(pager.getByRole('link', { name: 'Next' })).toHaveCount(0);
  await pager.getByRole('link', { name: 'Previous' }).click();
  await expect(page).toHaveURL(`${demo.url}items?page=4`);
  // the query is kept across pages
  await page.goto(`${demo.url}items?q=e`);
  await pager.getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(`${demo.url}items?q=e&page=2`);
});

test('a detail page has the id in its URL, an Edit link and a Delete button', async ({ page }) => {
  await page.goto(`${demo.url}items?page=5`);
  await page.getByRole('link', { name: 'Tiny Shovel' }).click();
  await expect(page).toHaveURL(`${demo.url}items/42`);
  await expect(page.getByTestId('item-title')).toHaveText('Tiny Shovel');
  await expect(page.getByRole('definition')).toContainText(['42', 'Garden', '$81.99', '7']);
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(`${demo.url}items/42/edit`);
  await expect(page.getByLabel('Title')).toHaveValue('Tiny Shovel');
  await page.getByLabel('Title').fill('Tiny Spade');
  await page.getByLabel('In stock').fill('3');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(`${demo.url}items/42?saved=1`);
  await expect(page.getByRole('status')).toHaveText('Changes saved');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tiny Spade');
});

test('Delete asks for confirmation; dismissing keeps the item, accepting removes it from the store', async ({ page }) => {
  await page.goto(`${demo.url}items/42`);
  const dismissed = answerNextDialog(page, false);
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect.poll(() => dismissed.message()).toBe('Delete “Tiny Shovel”? This cannot be undone.');
  await expect(page).toHaveURL(`${demo.url}items/42`);

  const accepted = answerNextDialog(page, true);
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(`${demo.url}items?deleted=Tiny%20Shovel`);
  expect(accepted.message()).toContain('Tiny Shovel');
  await expect(page.getByRole('status')).toHaveText('Deleted “Tiny Shovel”');
  await expect(page.getByTestId('result-count')).toHaveText('Showing 1–10 of 44 items');
  expect((await page.goto(`${demo.url}items/42`))?.status()).toBe(404);
  await page.goto(`${demo.url}items?q=shovel`);
  await expect(page.getByRole('link', { name: 'Tiny Shovel' })).toHaveCount(0);
});

test('create item: validation, then the new item and its place in the list', async ({ page }) => {
  await page.goto(`${demo.url}items/new`);
  await page.getByRole('button', { name: 'Create item' }).click();
  await expect(page.getByRole('alert')).toHaveText(['Fix the errors below and try again', 'Enter a title']);
  await page.getByLabel('Title').fill('Copper Kettle');
  await page.getByLabel('Category').selectOption('Kitchen');
  await page.getByLabel('Price').fill('-1');
  await page.getByRole('button', { name: 'Create item' }).click();
  await expect(page.getByRole('alert').last()).toHaveText('Enter a price of 0 or more');
  await expect(page.getByLabel('Title')).toHaveValue('Copper Kettle');
  await page.getByLabel('Price').fill('19.90');
  await page.getByLabel('Description').fill('Whistles.');
  await page.getByRole('button', { name: 'Create item' }).click();
  await expect(page).toHaveURL(`${demo.url}items/46?created=1`);
  await expect(page.getByRole('status')).toHaveText('Item created');
  await expect(page.getByRole('definition')).toContainText(['46', 'Kitchen', '$19.90', '0', 'Whistles.']);
  await page.goto(`${demo.url}items?q=kettle`);
  await expect(page.getByRole('link', { name: 'Copper Kettle' })).toHaveAttribute('href', '/items/46');
});
