import { expect, test } from '../support/fixtures.ts';
import { startDemoServer } from '../../demo/server.ts';
import { signIn, useDemoServer } from './support.ts';

const demo = useDemoServer();

const kSignedInPages: { path: string; heading: string }[] = [
  { path: '', heading: 'Dashboard' },
  { path: 'items', heading: 'Items' },
  { path: 'items?page=5', heading: 'Items' },
  { path: 'items/42', heading: 'Tiny Shovel' },
  { path: 'items/42/edit', heading: 'Edit “Tiny Shovel”' },
  { path: 'items/new', heading: 'New item' },
  { path: 'settings', heading: 'Settings' },
  { path: 'widgets', heading: 'Widgets' },
  { path: 'help', heading: 'Help' },
];

test('every signed-in page loads with its landmarks and no script errors', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  await signIn(page, demo.url);
  for (const { path, heading } of kSignedInPages) {
    const response = await page.goto(demo.url + path);
    expect(response?.status(), path).toBe(200);
    await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(heading);
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page.getByRole('main')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  }
  const frame = await page.goto(`${demo.url}frame`);
  expect(frame?.status()).toBe(200);
  await expect(page.getByRole('button', { name: 'Send feedback' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('the login page has landmarks, bound labels and test ids, and no nav before sign-in', async ({ page }) => {
  await page.goto(`${demo.url}login`);
  await expect(page).toHaveTitle('Sign in · Acme Inventory');
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('main')).toBeVisible();
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await expect(page.getByLabel('Email')).toHaveAttribute('id', 'email');
  await expect(page.getByTestId('login-password')).toHaveAttribute('type', 'password');
  await expect(page.getByTestId('login-submit')).toHaveText('Sign in');
});

test('pages other than login redirect to login (302) when not signed in', async ({ request }) => {
  for (const path of ['', 'items?q=lamp', 'items/42', 'items/new', 'settings', 'widgets', 'frame', 'help', 'nowhere']) {
    const response = await request.get(demo.url + path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(302);
    expect(response.headers().location).toBe(`/login?next=${encodeURIComponent('/' + path)}`);
  }
  const post = await request.post(`${demo.url}items`, { form: { title: 'x' }, maxRedirects: 0 });
  expect(post.status()).toBe(302);
  expect(post.headers().location).toBe('/login');
  const api = await request.get(`${demo.url}api/activity?delay=0`);
  expect(api.status()).toBe(401);
  expect((await request.get(`${demo.url}login`)).status()).toBe(200);
});

test('same requests give the same HTML, on one server and across servers', async ({ page }) => {
  const other = await startDemoServer({ port: 0 });
  try {
    await signIn(page, demo.url);
    await signIn(page, other.url);
    for (const path of ['items?q=e&page=2', 'items/42', 'settings', 'widgets']) {
      const first = await (await page.request.get(demo.url + path)).text();
      const again = await (await page.request.get(demo.url + path)).text();
      const elsewhere = await (await page.request.get(other.url + path)).text();
      expect(again, path).toBe(first);
      expect(elsewhere, path).toBe(first);
    }
  } finally {
    await other.close();
  }
});

test('interpolated text is escaped', async ({ page }) => {
  await signIn(page, demo.url);
  const query = '<img src=x onerror="window.__pwned=1">"\'&';
  const html = await (await page.request.get(`${demo.url}items?q=${encodeURIComponent(query)}`)).text();
  expect(html).not.toContain('<img src=x');
  expect(html).toContain('&lt;img src=x onerror=&quot;window.__pwned=1&quot;&gt;&quot;&#39;&amp;');
  await page.goto(`${demo.url}items?q=${encodeURIComponent(query)}`);
  await expect(page.getByText(`No items match “${query}”`)).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Search items' })).toHaveValue(query);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
});

test('unknown items and paths give 404 pages; bad variants give 400', async ({ page }) => {
  await signIn(page, demo.url);
  const missing = await page.goto(`${demo.url}items/999`);
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  await expect(page.getByText('There is no item 999')).toBeVisible();
  expect((await page.goto(`${demo.url}nowhere`))?.status()).toBe(404);
  const bad = await page.request.get(`${demo.url}items?variant=99`);
  expect(bad.status()).toBe(400);
  expect(await bad.text()).toContain('Unknown variant 99');
});

test('POST /__reset restores the initial data', async ({ page }) => {
  await signIn(page, demo.url);
  await page.request.post(`${demo.url}items/42/delete`);
  expect((await page.request.get(`${demo.url}items/42`)).status()).toBe(404);
  const reset = await page.request.post(`${demo.url}__reset`);
  expect(await reset.json()).toEqual({ ok: true, items: 45 });
  expect((await page.request.get(`${demo.url}items/42`)).status()).toBe(200);
});

test('the variant comes from the server option, ?variant=N overrides it and sticks in a cookie', async ({ page }) => {
  const retexted = await startDemoServer({ port: 0, variant: 4 });
  try {
    await page.goto(`${retexted.url}login`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Log in');
    await page.goto(`${retexted.url}login?variant=0`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
    await page.goto(`${retexted.url}login`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
    await expect(page.getByRole('contentinfo')).toContainText('variant 0');
  } finally {
    await retexted.close();
  }
  await expect(startDemoServer({ variant: 42 })).rejects.toThrow(/unknown demo variant 42/);
});
