import { expect, test } from '../support/fixtures.ts';
import { htmlPage } from '../../harness/sites/pages-site.ts';
import { usePagesHandSuite } from './support/hand-suite.ts';

/**
 * A page object's `heading` field, used by two tests for two pages' headings, where a release
 * renames the classes of the heading and of a link the first test clicks before it. The failing run
 * shows the heading's use in the second test only: the first stopped at the link. `bu heal
 * --baseline --rerun` heals the link, reruns the first test, and then checks the heading's new
 * locator on both uses, the second in the run before (it was not rerun): one line, by the renamed
 * class, and the suite passes.
 */

let renamed = false;
function render(url: URL): string {
  const cls = (name: string) => (renamed ? `${name}-x7` : name);
  const title = url.pathname === '/help' ? 'Help' : url.pathname === '/about' ? 'About' : 'Home';
  return htmlPage(title, `<header><a class="${cls('help-link')}" href="/help">Help</a> <a href="/about">About</a></header>
    <main><h1 class="${cls('title')}">${title}</h1><p>Some text.</p></main>`);
}

const kPages = `import type { Locator, Page } from '@playwright/test';

export class SitePage {
  readonly heading: Locator;
  constructor(readonly page: Page) {
    this.heading = page.locator('h1.title');
  }
}
`;

const kSpec = `import { expect, test } from '@playwright/test';
import { SitePage } from '../pages/site';

test('opens the help', async ({ page }) => {
  await page.goto('/');
  await page.locator('a.help-link').click();
  await expect(new SitePage(page).heading).toHaveText('Help');
});

test('opens the about page', async ({ page }) => {
  await page.goto('/about');
  await expect(new SitePage(page).heading).toHaveText('About');
});
`;

const suite = usePagesHandSuite('heal-shared-unreached', { 'pages/site.ts': kPages, 'tests/site.spec.ts': kSpec }, render);

test('a shared field one failing test had not reached yet is healed in a later round, checked on each use', async () => {
  await suite.greenBaseline();

  renamed = true;
  expect((await suite.run()).code).not.toBe(0);
  const healed = await suite.heal('--rerun');
  expect(healed.code === 2, healed.stderr).toBe(false);
  const pages = suite.read('pages/site.ts');
  expect(pages).toContain("this.heading = page.locator('h1.title-x7');");
  const spec = suite.read('tests/site.spec.ts');
  expect(spec).not.toContain("'a.help-link'");
  // What each test expects of the heading is as it was written.
  expect(spec).toContain("toHaveText('Help')");
  expect(spec).toContain("toHaveText('About')");
  const rerun = await suite.run();
  expect(rerun.code, rerun.stdout + rerun.stderr).toBe(0);
});
