import { expect, test } from '../support/fixtures.ts';
import { htmlPage } from '../../harness/sites/pages-site.ts';
import { usePagesHandSuite } from './support/hand-suite.ts';

/**
 * An assertion made right after a click that navigated has no snapshot before it, and Playwright
 * marks its element in none of its snapshots. `bu baseline` reads it back by its own selector in
 * the snapshot taken as it passed, so a later release that renames the element's class heals there
 * as anywhere else.
 */

let renamed = false;
const render = (url: URL) => url.pathname === '/saved'
  ? htmlPage('Saved', `<main><h1>Saved</h1><p class="${renamed ? 'notice-x3f' : 'notice'}">Your note is saved.</p><p>Other text.</p></main>`)
  : htmlPage('Note', '<main><h1>Note</h1><form action="/saved" method="get"><button>Save</button></form></main>');

const kSpec = `import { expect, test } from '@playwright/test';

test('saves a note', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('p.notice')).toHaveText('Your note is saved.');
});
`;

const suite = usePagesHandSuite('heal-asserted-after-navigation', { 'tests/note.spec.ts': kSpec }, render);

test('the assertion after a navigation is kept in the baseline, and heals when its class is renamed', async () => {
  const made = await suite.greenBaseline();
  expect(made.json).toMatchObject({ passing: 1, missed: [] });
  const baseline = JSON.parse(suite.read('.brow-use/baseline.json')) as { tests: { calls: { method: string; selector: string; url: string }[] }[] };
  const asserted = baseline.tests[0]!.calls.find((c) => c.method === 'expect');
  expect(asserted?.selector).toBe('p.notice');
  // Read on the page it passed on, the one the click opened.
  expect(new URL(asserted!.url).pathname).toBe('/saved');

  renamed = true;
  expect((await suite.run()).code).not.toBe(0);
  const healed = await suite.heal('--write');
  expect(healed.code, healed.stderr).toBe(0);
  const spec = suite.read('tests/note.spec.ts');
  expect(spec).not.toContain("'p.notice'");
  // What the test expects stays as written.
  expect(spec).toContain("toHaveText('Your note is saved.')");
  const rerun = await suite.run();
  expect(rerun.code, rerun.stdout + rerun.stderr).toBe(0);
});
