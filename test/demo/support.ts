import { expect, test, type Locator, type Page } from '@playwright/test';
import { startDemoServer, type DemoServer, type DemoServerOptions } from '../../demo/server.ts';
import { kUser } from '../../demo/store.ts';
import { variantFor } from '../../demo/variants.ts';

/**
 * Starts one demo server per worker for the calling spec file (beforeAll/afterAll) and restores
 * its data before every test, so tests that delete or create items never see each other's changes.
 */
export function useDemoServer(options: DemoServerOptions = {}): { readonly url: string } {
  let server: DemoServer | undefined;
  test.beforeAll(async () => {
    server = await startDemoServer({ port: 0, ...options });
  });
  test.afterAll(async () => {
    await server?.close();
  });
  test.beforeEach(async ({ request }) => {
    const response = await request.post(`${server!.url}__reset`);
    expect(response.ok()).toBe(true);
  });
  return {
    get url() {
      if (!server) throw new Error('demo server not started yet');
      return server.url;
    },
  };
}

/** Signs the page's context in through the login endpoint (no UI), optionally choosing a variant. */
export async function signIn(page: Page, url: string, variant?: number): Promise<void> {
  const query = variant === undefined ? '' : `?variant=${variant}`;
  const response = await page.request.post(`${url}login${query}`, {
    form: { email: kUser.email, password: kUser.password, next: '/' },
  });
  expect(response.ok()).toBe(true);
}

/** Dismisses or accepts the next `window.confirm`, and records its message. */
export function answerNextDialog(page: Page, accept: boolean): { message: () => string | undefined } {
  let message: string | undefined;
  page.once('dialog', async (dialog) => {
    message = dialog.message();
    expect(dialog.type()).toBe('confirm');
    await (accept ? dialog.accept() : dialog.dismiss());
  });
  return { message: () => message };
}

/** The Delete button of an item page: in the page, or in the "Danger zone" frame (variant 'relocated'). */
export function deleteButton(page: Page, variant: number): Locator {
  const v = variantFor(variant);
  const main = page.getByRole('main');
  const scope = v.has('relocated') ? main.locator('iframe[title="Danger zone"]').contentFrame() : main;
  return scope.getByRole('button', { name: v.text('Delete'), exact: true });
}

/**
 * The main flows as a person would do them on any variant: read the visible text, act on the
 * control in the page's main content (never the sidebar), check the outcome of every step.
 */
export async function runMainFlows(page: Page, url: string, variant: number): Promise<void> {
  const v = variantFor(variant);
  const main = page.getByRole('main');
  const nav = page.getByRole('navigation', { name: 'Main' });

  // login
  await page.goto(`${url}login?variant=${variant}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(v.text('Sign in'));
  await main.getByLabel('Email').fill(kUser.email);
  await main.getByLabel('Password').fill(kUser.password);
  await main.getByRole('button', { name: v.text('Sign in'), exact: true }).click();
  await expect(page).toHaveURL(url);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.locator('footer')).toContainText(`variant ${variant}`);

  // search, then open a detail page
  await nav.getByRole('link', { name: 'Items', exact: true }).click();
  await main.getByLabel(v.text('Search items')).fill('lamp');
  await main.getByRole('button', { name: v.text('Search'), exact: true }).click();
  await expect(page).toHaveURL(/\/items\?q=lamp$/);
  await expect(main.getByText('Showing 1–9 of 9 items matching “lamp”')).toBeVisible();
  await expect(main.getByRole('table').getByRole('row')).toHaveCount(10);
  await main.getByRole('link', { name: 'Golden Lamp' }).click();
  await expect(page).toHaveURL(/\/items\/14$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Golden Lamp');

  // create an item, then delete it behind the confirm dialog
  await nav.getByRole('link', { name: 'New item' }).click();
  const title = `Variant ${variant} crate`;
  await main.getByLabel('Title').fill(title);
  await main.getByLabel('Category').selectOption('Garden');
  await main.getByLabel('Price').fill('12.50');
  await main.getByRole('button', { name: v.text('Create item'), exact: true }).click();
  await expect(page).toHaveURL(/\/items\/46\?created=1$/);
  await expect(page.getByRole('status').filter({ hasText: 'Item created' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  const confirm = answerNextDialog(page, true);
  await deleteButton(page, variant).click();
  await expect(page).toHaveURL(/\/items\?deleted=/);
  expect(confirm.message()).toContain(title);
  await expect(page.getByRole('status').filter({ hasText: `Deleted “${title}”` })).toBeVisible();

  // edit settings
  await nav.getByRole('link', { name: 'Settings' }).click();
  await main.getByLabel('Display name').fill(`Ann V${variant}`);
  await main.getByLabel('Send me the newsletter').check();
  await main.getByRole('radio', { name: 'Pro' }).check();
  await main.getByRole('button', { name: v.text('Save'), exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Settings saved' })).toBeVisible();
  await expect(main.locator('dd', { hasText: `Ann V${variant}` })).toBeVisible();
  await expect(main.locator('dt:has-text("Plan") + dd')).toHaveText('Pro');

  // logout
  await page.getByRole('banner').getByRole('button', { name: v.text('Log out'), exact: true }).click();
  await expect(page).toHaveURL(`${url}login`);
  await page.goto(`${url}items`);
  await expect(page).toHaveURL(`${url}login?next=%2Fitems`);
}
