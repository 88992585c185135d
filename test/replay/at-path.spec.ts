import { expect, test } from '../support/fixtures.ts';
import type { Locator, Page } from '@playwright/test';
import { actingGuard, isStrictViolation, readAtPath, xpathOfCssPath } from '../../locate/at-path.ts';

/**
 * Reading an element by its recorded CSS path in the page's own world: only when the locator and
 * the path name the same single element, never a look-alike the path happens to reach.
 */

const text = (el: Element) => el.textContent;

test('the element the locator names is read at its path; a moved, doubled or missing one is not', async ({ page }) => {
  await page.setContent(`
    <main>
      <section><button>Save</button><button>Cancel</button></section>
      <section><button>Save draft</button></section>
    </main>`);
  const save = page.getByRole('button', { name: 'Save', exact: true });
  const path = 'html > body > main > section:nth-of-type(1) > button:nth-of-type(1)';
  expect(await readAtPath(save, path, text, null)).toEqual({ kind: 'read', value: 'Save' });
  // The locator names another element than the one at the path.
  expect(await readAtPath(page.getByRole('button', { name: 'Cancel' }), path, text, null)).toEqual({ kind: 'unconfirmed' });
  // The locator names two elements, one of them at the path.
  expect(await readAtPath(page.getByRole('button', { name: 'Save' }), path, text, null)).toEqual({ kind: 'unconfirmed' });
  // The path reaches nothing, the locator one element.
  expect(await readAtPath(save, 'html > body > main > section:nth-of-type(3) > button', text, null)).toEqual({ kind: 'unconfirmed' });
  // Neither names anything.
  expect(await readAtPath(page.getByRole('button', { name: 'Delete' }), 'html > body > aside > button', text, null)).toEqual({ kind: 'unconfirmed' });
  // A path no selector engine reads.
  expect(await readAtPath(save, 'html > > body', text, null)).toEqual({ kind: 'unconfirmed' });
});

test('with a role and name to confirm, an element that no longer has them is unconfirmed', async ({ page }) => {
  await page.setContent('<main><button id="b">Save</button></main>');
  const path = 'html > body > main > button';
  const byId = page.locator('#b');
  expect(await readAtPath(byId, path, text, null, page.getByRole('button', { name: 'Save', exact: true }))).toEqual({ kind: 'read', value: 'Save' });
  expect(await readAtPath(byId, path, text, null, page.getByRole('button', { name: 'Store', exact: true }))).toEqual({ kind: 'unconfirmed' });
  expect(await readAtPath(byId, path, text, null, page.getByRole('link', { name: 'Save', exact: true }))).toEqual({ kind: 'unconfirmed' });
});

test('a path that also reaches into a shadow root reads neither the light-DOM button nor the shadow one', async ({ page }) => {
  await page.setContent(`
    <div id="host"><button>Light</button></div>
    <script>
      const root = document.getElementById('host').attachShadow({ mode: 'open' });
      root.innerHTML = '<button>Shadow</button><slot></slot>';
    </script>`);
  const path = 'html > body > div > button';
  expect(await readAtPath(page.getByRole('button', { name: 'Shadow' }), path, text, null)).toEqual({ kind: 'unconfirmed' });
  // Playwright's CSS reaches into open shadow roots: the path names two buttons for it.
  expect(await readAtPath(page.getByRole('button', { name: 'Light' }), path, text, null)).toEqual({ kind: 'unconfirmed' });
});

test('a locator inside a frame is read through the frame, not at a path of the page', async ({ page }) => {
  await page.setContent('<main><button>Save</button></main><iframe srcdoc="<main><button>Save</button></main>"></iframe>');
  const inFrame = page.locator('iframe').contentFrame().getByRole('button', { name: 'Save' });
  await expect(inFrame).toHaveCount(1);
  expect(await readAtPath(inFrame, 'html > body > main > button', text, null)).toEqual({ kind: 'unconfirmed' });
});

test('a guarded action goes ahead only on the one element the locator names at the path, by the role and name; else it does nothing and says so', async ({ page }) => {
  await page.setContent(`
    <main>
      <section><button data-testid="save" onclick="window.clicks.push(this.textContent)">Save</button></section>
      <section><button data-testid="other" onclick="window.clicks.push(this.textContent)">Save</button></section>
      <section><button onclick="window.clicks.push(this.textContent)">Keep</button></section>
    </main>
    <script>window.clicks = [];</script>`);
  const path = 'html > body > main > section:nth-of-type(1) > button';
  const named = (name: string) => (scope: Page | Locator) => scope.getByRole('button', { name, exact: true });
  const save = named('Save');
  const refused = async (locator: ReturnType<typeof page.getByTestId>, at: string, also = save) => {
    const guard = actingGuard(locator, at, also)!;
    const error = await guard.click({ timeout: 10_000 }).then(() => null, (err: unknown) => err);
    // Refused by strict mode (a wait for an element would end in a timeout error instead).
    return isStrictViolation(error);
  };
  // The locator names two elements, one of them at the path.
  expect(await refused(page.getByRole('button', { name: 'Save' }), path)).toBe(true);
  // The locator names another element than the one at the path.
  expect(await refused(page.getByTestId('other'), path)).toBe(true);
  // The locator names nothing; the element at the path is there.
  expect(await refused(page.getByTestId('gone'), path)).toBe(true);
  // The element at the path no longer has the recorded name.
  expect(await refused(page.getByTestId('save'), path, named('Store'))).toBe(true);
  // ... though an element elsewhere on the page has the name asked for.
  expect(await refused(page.getByTestId('save'), path, named('Keep'))).toBe(true);
  // The path reaches nothing; the locator one element.
  expect(await refused(page.getByTestId('save'), 'html > body > main > section:nth-of-type(3) > button')).toBe(true);
  expect(await page.evaluate(() => (window as unknown as { clicks: string[] }).clicks)).toEqual([]);
  // The locator and the path name the same element, by the role and name: the click lands on it.
  const guard = actingGuard(page.getByTestId('save'), path, save)!;
  await guard.click();
  expect(await page.evaluate(() => (window as unknown as { clicks: string[] }).clicks)).toEqual(['Save']);
  expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('save');
  // A path outside the body has no guard.
  expect(actingGuard(page.getByTestId('save'), 'html > head > title', save)).toBeNull();
});

test('the guard asks the recorded path as the XPath naming the same elements; a path of another form has no guard', async ({ page }) => {
  expect(xpathOfCssPath('html > body > main > section:nth-of-type(2) > my-widget > button:nth-of-type(10)')).toBe('html/body/main/section[2]/my-widget/button[10]');
  expect(xpathOfCssPath('html > body > div#x')).toBeNull();
  expect(xpathOfCssPath('html > body > div:nth-child(2)')).toBeNull();
  expect(xpathOfCssPath('html > body > div:nth-of-type(0)')).toBeNull();
  const save = (scope: Page | Locator) => scope.getByRole('button', { name: 'Save', exact: true });
  expect(actingGuard(page.getByTestId('save'), 'html > body > main > .save', save)).toBeNull();
});

test('a guarded action reads the path as the read at the path does: a look-alike in a shadow root is not at the path, and the locator naming it is refused', async ({ page }) => {
  await page.setContent(`
    <div id="host"><button data-testid="light" onclick="window.clicks.push('light')">Save</button></div>
    <script>
      window.clicks = [];
      const root = document.getElementById('host').attachShadow({ mode: 'open' });
      root.innerHTML = '<button data-testid="shadow" onclick="window.clicks.push(\\'shadow\\')">Save</button><slot></slot>';
    </script>`);
  const path = 'html > body > div > button';
  const save = (scope: Page | Locator) => scope.getByRole('button', { name: 'Save', exact: true });
  const error = await actingGuard(page.getByTestId('shadow'), path, save)!.click({ timeout: 10_000 }).then(() => null, (err: unknown) => err);
  expect(isStrictViolation(error)).toBe(true);
  expect(await page.evaluate(() => (window as unknown as { clicks: string[] }).clicks)).toEqual([]);
  // The light-DOM button is the one element `document.querySelectorAll(path)` reads there.
  await actingGuard(page.getByTestId('light'), path, save)!.click();
  expect(await page.evaluate(() => (window as unknown as { clicks: string[] }).clicks)).toEqual(['light']);
});

test('a path that runs through an SVG element, which an XPath name does not match in HTML, is refused, never acted on', async ({ page }) => {
  await page.setContent(`<main><svg width="40" height="40"><a href="#"><text x="5" y="20" onclick="window.clicks.push('svg')">Go</text></a></svg></main><script>window.clicks = [];</script>`);
  const locator = page.locator('text');
  await expect(locator).toHaveCount(1);
  const any = (scope: Page | Locator) => scope.locator('text');
  const error = await actingGuard(locator, 'html > body > main > svg > a > text', any)!.click({ timeout: 10_000 }).then(() => null, (err: unknown) => err);
  expect(isStrictViolation(error)).toBe(true);
  expect(await page.evaluate(() => (window as unknown as { clicks: string[] }).clicks)).toEqual([]);
});

test('Playwright failing while it writes its strict mode report is a refusal too: nothing was done', () => {
  // As Playwright throws it when a matched element's ancestor is a form holding a field named
  // "id" (its `id` property is that field, not a string) and the report falls back to ids.
  const message = `locator.click: TypeError: text.replace is not a function
    at quoteCSSAttributeValue (<anonymous>:458:19)
    at makeSelectorForId (<anonymous>:6346:68)
    at cssFallback (<anonymous>:6373:21)
    at InjectedScript._generateSelectors (<anonymous>:8080:52)
    at InjectedScript.strictModeViolationError (<anonymous>:8092:24)`;
  expect(isStrictViolation(new Error(message))).toBe(true);
  expect(isStrictViolation(new Error('locator.click: TypeError: text.replace is not a function\n    at someHandler (<anonymous>:1:1)'))).toBe(false);
  expect(isStrictViolation(new Error('locator.click: Timeout 2000ms exceeded.'))).toBe(false);
});
