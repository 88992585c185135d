import { expect, test } from '../support/fixtures.ts';
import { htmlPage } from '../../harness/sites/pages-site.ts';
import { usePagesHandSuite } from './support/hand-suite.ts';

/**
 * A page object's helper builds its link from the name a test passes (`site.tool('Sitemap')`).
 * A release rewords the link: the helper is right as written, the value the test passes is not,
 * so `bu heal --baseline` writes the test's literal anew where the test writes it. Where that value
 * is also what a check expects (an assertion on the helper's locator, a locator kept for a later
 * check), or the link is gone, it is refused and nothing is written.
 */

let release: 'baseline' | 'gone' | 'reworded' = 'baseline';
function render(url: URL): string {
  const sitemap = release === 'gone' ? '' : `<a href="/sitemap">${release === 'reworded' ? 'Index' : 'Sitemap'}</a> `;
  const out = url.pathname === '/sitemap' ? 'sitemap' : url.pathname === '/recent' ? 'recent' : 'home';
  return htmlPage('Wiki', `<header><nav aria-label="Tools">${sitemap}<a href="/recent">Recent changes</a> <a href="/media">Media</a></nav></header>
    <main><h1>Wiki</h1><p id="out">${out}</p></main>`);
}

const kPages = `import type { Locator, Page } from '@playwright/test';

export class Site {
  constructor(readonly page: Page) {}

  /** A link of the site's tools, by its name. */
  tool(name: string): Locator {
    return this.page.getByRole('navigation').getByRole('link', { name, exact: true });
  }
}
`;

const kSpec = `import { expect, test } from '@playwright/test';
import { Site } from '../pages/site';

test.beforeEach(async ({ page }) => {
  await page.goto('/');
});

test('opens the sitemap', async ({ page }) => {
  await new Site(page).tool('Sitemap').click();
  await expect(page.locator('#out')).toHaveText('sitemap');
});

test('shows the sitemap link', async ({ page }) => {
  await expect(new Site(page).tool('Sitemap')).toBeVisible();
});

test('keeps the sitemap link', async ({ page }) => {
  const link = new Site(page).tool('Sitemap');
  await link.click();
  await expect(link).toHaveAttribute('href', '/sitemap');
});

test('opens recent changes', async ({ page }) => {
  await new Site(page).tool('Recent changes').click();
  await expect(page.locator('#out')).toHaveText('recent');
});
`;

const suite = usePagesHandSuite('heal-passed-literal', { 'pages/site.ts': kPages, 'tests/site.spec.ts': kSpec }, render);

interface Result { changes: { test: string; file: string; member: string; before: string; after: string; signals: string[] }[]; notHealed: { test: string; reason: string }[] }

test('a link that is gone is refused: the value the test passes is left as written', async () => {
  await suite.greenBaseline();

  release = 'gone';
  expect((await suite.run()).code).not.toBe(0);
  const refused = await suite.heal('--write');
  expect(refused.code, refused.stderr).toBe(1);
  const result = refused.json as unknown as Result;
  expect(result.changes).toEqual([]);
  expect(result.notHealed.find((n) => n.test.endsWith('› opens the sitemap'))?.reason).toMatch(/^the locator is built from `name`.*finds nothing on the page now: the value passed in no longer holds \(no element on the page agrees/);
  expect(suite.read('tests/site.spec.ts')).toBe(kSpec);
  expect(suite.read('pages/site.ts')).toBe(kPages);
});

test('a reworded link: the literal the test passes is written anew where the test writes it, the helper and the check on it kept', async () => {
  release = 'reworded';
  expect((await suite.run()).code).not.toBe(0);
  const healed = await suite.heal('--write');
  const result = healed.json as unknown as Result;
  expect(result.changes, JSON.stringify(result.notHealed)).toEqual([expect.objectContaining({
    test: expect.stringMatching(/› opens the sitemap$/), file: 'tests/site.spec.ts', member: 'argument name at tests/site.spec.ts:9', before: "'Sitemap'", after: "'Index'",
  })]);
  expect(result.changes[0]!.signals.join('; ')).toContain("the value the test passes for `name` (tests/site.spec.ts:9) written anew");
  // The assertion on the helper's locator says the link reads "Sitemap": an expectation, never rewritten.
  expect(result.notHealed.find((n) => n.test.endsWith('› shows the sitemap link'))?.reason).toMatch(/^not healable: expectation changed \(site\.spec\.ts:14:\d+: the locator is built from `name`.*the assertion expects it: not patched\)$/);
  // Kept in a variable a check reads later: the value is that check's too.
  expect(result.notHealed.find((n) => n.test.endsWith('› keeps the sitemap link'))?.reason).toMatch(/the value passed in no longer holds, and the locator it builds is kept or checked beyond the call that failed; change it where it is passed: not patched$/);
  expect(suite.read('pages/site.ts')).toBe(kPages);
  expect(suite.read('tests/site.spec.ts')).toBe(kSpec.replace("tool('Sitemap').click()", "tool('Index').click()"));
  const rerun = await suite.run('--grep', 'opens (the sitemap|recent)');
  expect(rerun.code, rerun.stdout).toBe(0);
});
