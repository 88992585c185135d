import type { Locator, Page } from '@playwright/test';

/**
 * The wiki's pages as a team models them, in pages/ beside the tests: fields set in a constructor
 * (a label, CSS by id, a role; one heading field every page's heading is read through), a getter,
 * and a helper that builds a link's locator from the name it is given.
 */

export class LoginPage {
  readonly username: Locator;
  readonly password: Locator;
  readonly submit: Locator;

  constructor(readonly page: Page) {
    this.username = page.getByLabel('Username');
    this.password = page.locator('input[name="p"]');
    this.submit = page.getByRole('button', { name: 'Log In' });
  }

  async open(): Promise<void> {
    await this.page.goto('doku.php?id=start&do=login');
  }

  async signIn(user: string, password: string): Promise<void> {
    await this.username.fill(user);
    await this.password.fill(password);
    await this.submit.click();
  }
}

export class WikiPage {
  /** The page's own heading, whichever page is open. */
  readonly heading: Locator;

  constructor(readonly page: Page) {
    this.heading = page.locator('h1.sectionedit1');
  }

  get searchBox(): Locator {
    return this.page.getByPlaceholder('Search');
  }

  get searchButton(): Locator {
    return this.page.locator('form.search button[type="submit"]');
  }

  /** The link to a page of the wiki's tools, by its name. */
  tool(name: string): Locator {
    return this.page.getByRole('link', { name, exact: true });
  }
}
