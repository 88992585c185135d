import { expect, test } from '../support/fixtures.ts';
import { signIn, useDemoServer } from './support.ts';

const demo = useDemoServer();

test.beforeEach(async ({ page }) => {
  await signIn(page, demo.url);
});

test.describe('widgets page', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto(`${demo.url}widgets`);
  });

  test('modal dialog opens from a button, sends, and closes with Close or Escape', async ({ page }) => {
    const dialog = page.getByRole('dialog', { name: 'Invite a teammate' });
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Invite a teammate' }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Teammate email').fill('bo@example.com');
    await dialog.getByRole('button', { name: 'Send invite' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Invitation sent to bo@example.com')).toBeVisible();

    await page.getByRole('button', { name: 'Invite a teammate' }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Invite a teammate' }).click();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('menu opens on click with aria-expanded, items run and close it', async ({ page }) => {
    const button = page.getByRole('button', { name: 'Actions' });
    const menu = page.getByRole('menu', { name: 'Actions' });
    await expect(button).toHaveAttribute('aria-haspopup', 'menu');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeHidden();
    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(menu.getByRole('menuitem')).toHaveText(['Duplicate', 'Archive', 'Export CSV']);
    await expect(menu.getByRole('menuitem', { name: 'Duplicate' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'Archive' })).toBeFocused();
    await menu.getByRole('menuitem', { name: 'Export CSV' }).click();
    await expect(menu).toBeHidden();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByText('Export CSV done')).toBeVisible();
    await button.click();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
  });

  test('same-origin iframe holds a small form and a toggle button', async ({ page }) => {
    const frame = page.frameLocator('iframe[title="Feedback form"]');
    await frame.getByLabel('Your feedback').fill('Nice demo');
    await frame.getByRole('button', { name: 'Send feedback' }).click();
    await expect(frame.getByRole('status')).toHaveText('Thanks for your feedback: Nice demo');
    await frame.getByRole('button', { name: 'Like' }).click();
    await expect(frame.getByRole('button', { name: 'Like' })).toHaveAttribute('aria-pressed', 'true');
    const child = page.frames().find((f) => f.url() === `${demo.url}frame`);
    expect(child?.parentFrame()).toBe(page.mainFrame());
    // the frame's controls are not part of the top document
    await expect(page.getByRole('button', { name: 'Send feedback' })).toHaveCount(0);
  });

  test('shadow-DOM widget: a custom element with controls inside an open shadow root', async ({ page }) => {
    const picker = page.getByTestId('quantity-picker');
    expect(await picker.evaluate((el) => el.shadowRoot?.mode)).toBe('open');
    expect(await picker.evaluate((el) => el.querySelector('button'))).toBeNull();
    await picker.getByRole('button', { name: 'Increase' }).click();
    await picker.getByRole('button', { name: 'Increase' }).click();
    await expect(picker.getByLabel('Quantity')).toHaveValue('3');
    await picker.getByRole('button', { name: 'Decrease' }).click();
    await picker.getByRole('button', { name: 'Add to cart' }).click();
    await expect(picker.getByRole('status')).toHaveText('Added 2 to cart');
  });

  test('dynamic list: entries are added and removed client-side', async ({ page }) => {
    const entries = page.getByTestId('entries').getByRole('listitem');
    await expect(entries).toHaveCount(2);
    await expect(page.getByText('2 entries')).toBeVisible();
    await page.getByLabel('New entry').fill('Eggs');
    await page.getByRole('button', { name: 'Add entry' }).click();
    await page.getByLabel('New entry').fill('Tea');
    await page.getByLabel('New entry').press('Enter');
    await expect(entries).toHaveText(['Milk Remove', 'Bread Remove', 'Eggs Remove', 'Tea Remove']);
    await page.getByRole('button', { name: 'Remove Bread' }).click();
    await page.getByRole('button', { name: 'Remove Milk' }).click();
    await expect(entries).toHaveText(['Eggs Remove', 'Tea Remove']);
    await expect(page.getByText('2 entries')).toBeVisible();
    await page.getByRole('button', { name: 'Remove Tea' }).click();
    await expect(page.getByText('1 entry', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(`${demo.url}widgets`);
  });

  test('a target=_blank link opens another page of the app in a new tab', async ({ page, context }) => {
    const link = page.getByRole('link', { name: 'Open help in a new tab' });
    await expect(link).toHaveAttribute('target', '_blank');
    const [tab] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await tab.waitForLoadState();
    expect(tab.url()).toBe(`${demo.url}help`);
    await expect(tab.getByRole('heading', { level: 1 })).toHaveText('Help');
    expect(context.pages()).toHaveLength(2);
    await expect(page).toHaveURL(`${demo.url}widgets`);
  });
});

test('the slow section shows a loading state, then content after the server-side delay', async ({ page }) => {
  const started = Date.now();
  const activity = page.waitForResponse((r) => r.url().endsWith('/api/activity'));
  await page.goto(demo.url);
  const section = page.getByTestId('activity');
  await expect(section).toHaveAttribute('aria-busy', 'true');
  await expect(section.getByText('Loading recent activity…')).toBeVisible();
  await expect(section.getByRole('listitem')).toHaveText([
    '45 items in the catalog',
    'Ann Example updated “Golden Lamp”',
    'Bo Berg created “Quiet Teapot”',
    'Price list exported',
  ]);
  await expect(section).toHaveAttribute('aria-busy', 'false');
  await activity;
  expect(Date.now() - started).toBeGreaterThanOrEqual(600);
});

test('the slow endpoint honours ?delay=MS per request', async ({ page }) => {
  const timed = async (delay: number) => {
    const t0 = Date.now();
    const response = await page.request.get(`${demo.url}api/activity?delay=${delay}`);
    expect(response.ok()).toBe(true);
    return Date.now() - t0;
  };
  const slow = await timed(1200);
  expect(slow).toBeGreaterThanOrEqual(1200);
  expect(await timed(0)).toBeLessThan(slow);
  await page.goto(`${demo.url}?delay=0`);
  await expect(page.getByTestId('activity').getByRole('listitem')).toHaveCount(4);
});
