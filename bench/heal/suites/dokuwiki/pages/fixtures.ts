import { test as base } from '@playwright/test';
import { LoginPage, WikiPage } from './pages.ts';

export const test = base.extend<{ login: LoginPage; wiki: WikiPage }>({
  login: async ({ page }, use) => {
    await use(new LoginPage(page));
  },
  wiki: async ({ page }, use) => {
    await use(new WikiPage(page));
  },
});

export { expect } from '@playwright/test';
