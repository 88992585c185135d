import type { Locator, Page } from '@playwright/test';

/** The story river of open tiddlers, as a team models it in pages/ beside the tests. */
export class Story {
  constructor(readonly page: Page) {}

  get titles(): Locator {
    return this.page.locator('.tc-story-river h2.tc-title');
  }

  /** The title of the tiddler opened last (a link opens its tiddler below the one it is in). */
  get newest(): Locator {
    return this.page.locator('.tc-story-river h2.tc-title').last();
  }

  /** Closes every open tiddler from the sidebar's Open tab. */
  async closeAll(): Promise<void> {
    await this.page.getByRole('button', { name: 'close all' }).click();
  }

  /** The open tiddler titled `title`. */
  item(title: string): Locator {
    return this.page.locator('.tc-tiddler-frame').filter({ has: this.page.getByRole('heading', { name: title }) });
  }
}
