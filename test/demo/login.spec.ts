import { expect, test } from '../support/fixtures.ts';
import { kUser } from '../../demo/store.ts';
import { useDemoServer } from './support.ts';

const demo = useDemoServer();

test.beforeEach(async ({ page }) => {
  await page.goto(`${demo.url}login`);
});

test('empty fields give one alert per field', async ({ page }) => {
  await page.getByRole('button', { name: 'Sign in' }).click();
  const alerts = page.getByRole('alert');
  await expect(alerts).toHaveText(['Enter your email address', 'Enter your password']);
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Enter your email address');
  await expect(page).toHaveURL(`${demo.url}login`);
});

test('a malformed email is refused before the password is checked', async ({ page }) => {
  await page.getByLabel('Email').fill('ann.example.com');
  await page.getByLabel('Password').fill(kUser.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Enter a valid email address, like name@example.com');
  await expect(page.getByLabel('Email')).toHaveValue('ann.example.com');
  await expect(page.getByRole('navigation')).toHaveCount(0);
});

test('a wrong password gives a form-level alert and keeps the email', async ({ page }) => {
  await page.getByLabel('Email').fill(kUser.email);
  await page.getByLabel('Password').fill('wrong-horse');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Email or password is incorrect');
  await expect(page.getByTestId('login-error')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(kUser.email);
  await expect(page.getByLabel('Password')).toHaveValue('');
  const cookies = await page.context().cookies();
  expect(cookies.filter((c) => c.name.startsWith('bu_session'))).toEqual([]);
});

test('signing in sets a session cookie and shows the nav; logging out ends the session', async ({ page }) => {
  await page.getByLabel('Email').fill(kUser.email);
  await page.getByLabel('Password').fill(kUser.password);
  await page.getByLabel('Password').press('Enter');
  await expect(page).toHaveURL(demo.url);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveText([
    'Dashboard', 'Items', 'New item', 'Settings', 'Widgets', 'Help',
  ]);
  const session = (await page.context().cookies()).find((c) => c.name.startsWith('bu_session'));
  expect(session?.httpOnly).toBe(true);

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(`${demo.url}login`);
  // the old token no longer works, even when sent again by hand
  const replayed = await page.request.get(`${demo.url}settings`, {
    headers: { cookie: `${session!.name}=${session!.value}` },
    maxRedirects: 0,
  });
  expect(replayed.status()).toBe(302);
});

test('after sign-in the user lands on the page that asked for it', async ({ page }) => {
  await page.goto(`${demo.url}items?q=lamp`);
  await expect(page).toHaveURL(`${demo.url}login?next=%2Fitems%3Fq%3Dlamp`);
  await page.getByLabel('Email').fill(kUser.email);
  await page.getByLabel('Password').fill(kUser.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(`${demo.url}items?q=lamp`);
  await expect(page.getByRole('searchbox', { name: 'Search items' })).toHaveValue('lamp');
});

test('next cannot point outside the app', async ({ page }) => {
  await page.goto(`${demo.url}login?next=//evil.example/`);
  await page.getByLabel('Email').fill(kUser.email);
  await page.getByLabel('Password').fill(kUser.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(demo.url);
});
