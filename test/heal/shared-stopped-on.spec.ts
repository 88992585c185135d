import { expect, test } from '../support/fixtures.ts';
import { htmlPage } from '../../harness/sites/pages-site.ts';
import { usePagesHandSuite } from './support/hand-suite.ts';

/**
 * A helper that finds a link by the name its test passes, used twice in one test for two links,
 * where a release adds a "Suggestions" aside with a copy of every link. The first use fails (two
 * links of that name) and the test never reaches the second: its own snapshot does not exist. It
 * is checked on the page its test stopped on. A site-wide link is there as written: the helper is
 * scoped to the banner, both uses find their own link alone, and the rerun passes. A link only on
 * the page the first click leads to is not there: nothing can be said of that use, and the
 * helper it goes through is not patched.
 */

let decoys = false;
function render(url: URL): string {
  const title = url.pathname === '/help' ? 'Help' : url.pathname === '/about' ? 'About' : url.pathname === '/contact' ? 'Contact' : 'Home';
  const links = ['<a href="/help">Help</a>', '<a href="/about">About</a>'];
  // Only the help page links to the contact page, from its text.
  const own = title === 'Help' ? ['<a href="/contact">Contact</a>'] : [];
  const aside = decoys ? `<aside aria-label="Suggestions">${[...links, ...own].join(' ')}</aside>` : '';
  return htmlPage(title, `<header>${links.join(' ')}</header>
    <main><h1>${title}</h1><p>Some text. ${own.join(' ')}</p></main>${aside}`);
}

const kPages = `import type { Locator, Page } from '@playwright/test';

export class SitePage {
  constructor(readonly page: Page) {}

  /** A link of the site's header, by its name. */
  tool(name: string): Locator {
    return this.page.getByRole('link', { name, exact: true });
  }

  /** A link of the page, by its name. */
  link(name: string): Locator {
    return this.page.getByRole('link', { name, exact: true });
  }
}
`;

const kSpec = `import { expect, test } from '@playwright/test';
import { SitePage } from '../pages/site';

test('opens the help and the about page', async ({ page }) => {
  const site = new SitePage(page);
  await page.goto('/');
  await site.tool('Help').click();
  await expect(page.getByRole('heading', { name: 'Help' })).toBeVisible();
  await site.tool('About').click();
  await expect(page.getByRole('heading', { name: 'About' })).toBeVisible();
});

test('opens the contact page from the help', async ({ page }) => {
  const site = new SitePage(page);
  await page.goto('/');
  await site.link('Help').click();
  await expect(page.getByRole('heading', { name: 'Help' })).toBeVisible();
  await site.link('Contact').click();
  await expect(page.getByRole('heading', { name: 'Contact' })).toBeVisible();
});
`;

const suite = usePagesHandSuite('heal-shared-stopped-on', { 'pages/site.ts': kPages, 'tests/site.spec.ts': kSpec }, render);

test('a helper\'s use its test did not reach is checked on the page the test stopped on: there as written, it is healed; not there, refused', async () => {
  await suite.greenBaseline();

  decoys = true;
  expect((await suite.run()).code).not.toBe(0);
  const healed = await suite.heal('--rerun');
  expect(healed.code === 2, healed.stderr).toBe(false);
  const result = healed.json as { changes: { member: string; signals: string[] }[]; notHealed: { test: string; reason: string }[]; green: string[] };
  const pages = suite.read('pages/site.ts');
  // The header's helper, scoped to the banner with the name it is passed kept as a parameter.
  expect(pages).toContain("return this.page.getByRole('banner').getByRole('link', { name, exact: true });");
  const tool = result.changes.find((c) => c.member.includes('tool'));
  expect(tool?.signals.join('\n')).toContain('checked on the page its test stopped on');
  expect(result.green.some((t) => t.includes('opens the help and the about page'))).toBe(true);
  // The page's helper is as it was: the contact link is not on the page its test stopped on.
  expect(pages).toContain("link(name: string): Locator {\n    return this.page.getByRole('link', { name, exact: true });");
  const contact = result.notHealed.find((n) => n.test.includes('opens the contact page'));
  expect(contact?.reason).toContain('not re-found on the page its test stopped on');
  const rerun = await suite.run('--grep', 'about page');
  expect(rerun.code, rerun.stdout + rerun.stderr).toBe(0);
});
