import { expect, test } from '../support/fixtures.ts';
import { signIn, useDemoServer } from './support.ts';

const demo = useDemoServer();

test.beforeEach(async ({ page }) => {
  await signIn(page, demo.url);
  await page.goto(`${demo.url}settings`);
});

test('the settings form has every kind of field, prefilled from the profile', async ({ page }) => {
  await expect(page.getByLabel('Display name')).toHaveValue('Ann Example');
  await expect(page.getByLabel('Email')).toHaveAttribute('type', 'email');
  await expect(page.getByLabel('Age')).toHaveAttribute('type', 'number');
  await expect(page.getByLabel('Birthday')).toHaveAttribute('type', 'date');
  await expect(page.getByLabel('Birthday')).toHaveValue('1990-05-17');
  await expect(page.getByLabel('Country')).toHaveValue('Norway');
  await expect(page.getByRole('checkbox', { name: 'Send me the newsletter' })).not.toBeChecked();
  await expect(page.getByRole('group', { name: 'Plan' }).getByRole('radio')).toHaveCount(3);
  await expect(page.getByRole('radio', { name: 'Free' })).toBeChecked();
  await expect(page.getByLabel('Avatar')).toHaveAttribute('type', 'file');
  await expect(page.getByTestId('settings-form')).toHaveAttribute('enctype', 'multipart/form-data');
});

test('saving with a file upload shows every value and the uploaded file name', async ({ page }) => {
  await page.getByLabel('Display name').fill('Ann <Admin>');
  await page.getByLabel('Email').fill('ann.admin@example.com');
  await page.getByLabel('Age').fill('41');
  await page.getByLabel('Birthday').fill('1983-02-01');
  await page.getByLabel('Country').selectOption('Iceland');
  await page.getByRole('checkbox', { name: 'Send me the newsletter' }).check();
  await page.getByRole('radio', { name: 'Team' }).check();
  await page.getByLabel('Avatar').setInputFiles({ name: 'ann & co.png', mimeType: 'image/png', buffer: Buffer.alloc(1234, 7) });
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page).toHaveURL(`${demo.url}settings`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings saved');
  await expect(page.getByRole('status')).toHaveText('Your settings were saved.');
  await expect(page.getByRole('definition')).toHaveText([
    'Ann <Admin>', 'ann.admin@example.com', '41', '1983-02-01', 'Iceland', 'Yes', 'Team', 'ann & co.png',
  ]);
  await expect(page.getByTestId('upload-result')).toHaveText('Uploaded file: ann & co.png (1234 bytes)');

  await page.getByRole('link', { name: 'Back to settings' }).click();
  await expect(page.getByLabel('Display name')).toHaveValue('Ann <Admin>');
  await expect(page.getByLabel('Country')).toHaveValue('Iceland');
  await expect(page.getByRole('checkbox', { name: 'Send me the newsletter' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Team' })).toBeChecked();
});

test('saving without a file says so', async ({ page }) => {
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('upload-result')).toHaveText('No file uploaded');
  await expect(page.getByRole('definition')).toContainText(['Ann Example', 'ann@example.com', '34', '1990-05-17', 'Norway', 'No', 'Free']);
});

test('invalid values are refused with alerts and the typed values kept', async ({ page }) => {
  await page.getByLabel('Display name').fill('');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Age').fill('200');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings');
  await expect(page.getByRole('alert')).toHaveText([
    'Fix the errors below and try again',
    'Enter a display name',
    'Enter a valid email address, like name@example.com',
    'Enter an age between 0 and 150',
  ]);
  await expect(page.getByLabel('Email')).toHaveValue('not-an-email');
  await expect(page.getByLabel('Age')).toHaveValue('200');
});
