import { expect, test } from '../support/fixtures.ts';
import type { Locator, Page } from '@playwright/test';
import { buildLocator } from '../../core/locator/build.ts';
import { parseLocatorCode, printLocatorCode } from '../../core/locator/code.ts';

/**
 * Real locators, printed by Playwright (`toString()`), read by our parser and rebuilt through the
 * public API, find the same elements as the originals; and the printer writes what Playwright wrote.
 */

const kPage = `
<main>
  <h1>Groceries</h1><h2>Today</h2>
  <button>Save</button><button>Save draft</button><button aria-pressed="true">Bold</button><button disabled>Off</button>
  <label>Email <input name="email"></label><label>Email copy <input name="copy"></label>
  <input placeholder="Search it's here">
  <img alt="Logo" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width="4" height="4"><span title="Close">x</span>
  <div data-testid="note">hi "quoted" it's</div>
  <ul>
    <li>Buy milk <input type="checkbox" aria-label="done"></li>
    <li>Walk dog <input type="checkbox" aria-label="done" checked></li>
    <li style="display:none">Hidden chore <input type="checkbox" aria-label="done"></li>
  </ul>
  <nav aria-label="Main"><a href="#home">Home</a><a href="#about">About</a></nav>
  <div role="checkbox" aria-checked="mixed" aria-label="Some"></div>
  <iframe srcdoc="<main><button>Inner</button><p data-testid='deep'>deep</p></main>"></iframe>
</main>`;

/** Every element in every frame gets an id, so two locators can be compared by what they find. */
async function tagElements(page: Page): Promise<void> {
  for (const [f, frame] of page.frames().entries()) {
    await frame.evaluate((prefix) => document.querySelectorAll('*').forEach((el, i) => el.setAttribute('data-i', `${prefix}-${i}`)), String(f));
  }
}

function found(locator: Locator): Promise<string[]> {
  return locator.evaluateAll((els) => els.map((el) => el.getAttribute('data-i') ?? '?'));
}

function locators(page: Page): Locator[] {
  return [
    page.getByRole('button', { name: 'Save' }),
    page.getByRole('button', { name: 'Save', exact: true }),
    page.getByRole('button', { name: /save d/i }),
    page.getByRole('heading', { level: 2 }),
    page.getByRole('button', { pressed: true }),
    page.getByRole('button', { disabled: true }),
    page.getByRole('checkbox', { checked: true }),
    page.getByRole('checkbox', { includeHidden: true }),
    page.getByRole('listitem').filter({ hasText: 'Buy milk' }).getByRole('checkbox'),
    page.getByLabel('Email').nth(0),
    page.getByLabel('Email', { exact: true }),
    page.getByPlaceholder("Search it's here"),
    page.getByAltText('Logo'),
    page.getByTitle('Close'),
    page.getByTestId('note'),
    page.getByTestId(/no/),
    page.getByText(/quoted/),
    page.getByText('hi "quoted" it\'s', { exact: true }),
    page.locator('li').first(),
    page.locator('li').last(),
    page.locator('li').nth(1),
    page.locator('li', { hasText: 'Walk' }),
    page.locator('li').filter({ has: page.getByRole('checkbox', { checked: true }) }),
    page.locator('li').filter({ hasNot: page.getByRole('checkbox', { checked: true }) }),
    page.locator('li').filter({ hasNotText: /milk/ }),
    page.locator('li').filter({ visible: true }),
    page.locator('li').visible(),
    page.getByRole('button').and(page.getByText('Save')),
    page.getByRole('button', { name: 'Bold' }).or(page.getByRole('link', { name: 'Home' })),
    page.getByRole('navigation', { name: 'Main' }).locator(page.getByRole('link')),
    page.locator('xpath=//li'),
    page.locator('main >> li'),
    page.locator('iframe').contentFrame().getByRole('button', { name: 'Inner' }),
    page.frameLocator('iframe').getByTestId('deep'),
    page.locator('main').locator('iframe').contentFrame().locator('p'),
  ];
}

test('toString() of real locators parses, prints back the same, and rebuilds to the same elements', async ({ browser }) => {
  const page = await browser.newPage();
  try {
    await page.setContent(kPage);
    await page.frameLocator('iframe').getByRole('button').waitFor();
    await tagElements(page);
    for (const original of locators(page)) {
      const code = original.toString();
      const chain = parseLocatorCode(code);
      expect(printLocatorCode(chain), code).toBe(code);
      const rebuilt = buildLocator(page, chain);
      expect(rebuilt.toString(), code).toBe(code);
      const expected = await found(original);
      expect(expected.length, `${code} finds something`).toBeGreaterThan(0);
      expect(await found(rebuilt), code).toEqual(expected);
    }
  } finally {
    await page.close();
  }
});

test('a chain built from a frame stays in that frame; steps out of place are refused by name', async ({ browser }) => {
  const page = await browser.newPage();
  try {
    await page.setContent(kPage);
    await page.frameLocator('iframe').getByRole('button').waitFor();
    const frame = page.frames()[1]!;
    expect(await buildLocator(frame, parseLocatorCode("getByRole('button')")).textContent()).toBe('Inner');
    expect(() => buildLocator(page, parseLocatorCode("locator('iframe').contentFrame()"))).toThrow(/ends at a frame/);
    expect(() => buildLocator(page, parseLocatorCode("locator('iframe').contentFrame().first()"))).toThrow(/first\(\) needs an element locator before it, not a frame/);
    expect(() => buildLocator(page, parseLocatorCode("filter({ hasText: 'x' })"))).toThrow(/filter\(\{ hasText: 'x' \}\) \(step 1\)/);
    expect(await buildLocator(page, parseLocatorCode("getByRole('checkbox', { checked: 'mixed' })")).getAttribute('aria-label')).toBe('Some');
    expect(await buildLocator(page, parseLocatorCode("getByTestId('note').describe('the note')")).textContent()).toBe('hi "quoted" it\'s');
  } finally {
    await page.close();
  }
});
