import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '../support/fixtures.ts';
import { htmlPage } from '../../harness/sites/pages-site.ts';
import { usePagesHandSuite } from './support/hand-suite.ts';

/**
 * `bu heal --baseline` on a suite laid out as most teams lay it out: `tests/` beside `pages/`, the
 * page object imported by a tsconfig path (`@pages/dialogs`) into a fixtures file of its own that
 * makes the fixture with `base.extend` and is re-exported to the tests. One `confirm` field of the
 * page object is used for two dialogs' primary buttons, by one test and by a method another test calls. A release that renames the
 * buttons' class is healed in one line, by the renamed class; a release that renames it two ways
 * is refused, naming both uses, since no one locator finds each one's own button. A release that
 * renames the dialog's class, which the selector names and no element carries any more, is healed
 * by the dialog's new class.
 */

type Release = 'first' | 'renamed' | 'split' | 'restyled';
let release: Release = 'first';

function render(url: URL): string {
  const action = url.pathname === '/save' ? 'Save' : 'Delete';
  const primary = release === 'first' ? 'btn-primary' : release === 'split' && action === 'Save' ? 'btn-accent' : 'btn-main';
  // The restyled release renames the dialog's own class (a design system's prefix), not the buttons'.
  const dialog = release === 'restyled' ? 'ui-dialog' : 'dialog';
  return htmlPage(`${action} item`, `<main class="page"><h1>${action} item</h1>
    <div class="${dialog}" role="dialog" aria-label="${action}?">
      <p>${action} this item?</p>
      <button type="button" class="btn ${primary}" onclick="document.getElementById('status').textContent = '${action}d'">${action}</button>
      <button type="button" class="btn">Cancel</button>
    </div><p id="status"></p></main>`);
}

const kTsconfig = JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', baseUrl: '.', paths: { '@pages/*': ['pages/*'] } } }, null, 2);

const kDialogs = `import type { Locator, Page } from '@playwright/test';

export class DialogsPage {
  readonly confirm: Locator;
  constructor(readonly page: Page) {
    this.confirm = page.locator('.dialog .btn-primary');
  }
  async accept() {
    await this.confirm.click();
  }
}
`;

const kFixtures = `import { test as base } from '@playwright/test';
import { DialogsPage } from '@pages/dialogs';

export const test = base.extend<{ dialogs: DialogsPage }>({
  dialogs: async ({ page }, use) => use(new DialogsPage(page)),
});
export { expect } from '@playwright/test';
`;

const kSpec = `import { test, expect } from './fixtures';

test('deletes', async ({ page, dialogs }) => {
  await page.goto('/delete');
  await dialogs.confirm.click();
  await expect(page.locator('#status')).toHaveText('Deleted');
});

test('saves', async ({ page, dialogs }) => {
  await page.goto('/save');
  await dialogs.accept();
  await expect(page.locator('#status')).toHaveText('Saved');
});
`;

const suite = usePagesHandSuite('heal-shared', {
  'tsconfig.json': kTsconfig,
  'pages/dialogs.ts': kDialogs,
  'fixtures/index.ts': kFixtures,
  'tests/fixtures.ts': `export { test, expect } from '../fixtures/index';\n`,
  'tests/dialogs.spec.ts': kSpec,
}, render);

test('a field two tests use for two dialogs is refused when no one locator finds each one\'s own button, naming both uses', async () => {
  await suite.greenBaseline();
  const baseline = JSON.parse(suite.read('.brow-use/baseline.json')) as { tests: { calls: { at: { file: string } }[] }[] };
  // A call made in the page object beside the test folder is named from the suite's root.
  expect(baseline.tests.flatMap((t) => t.calls.map((c) => c.at.file))).toContain('../pages/dialogs.ts');

  release = 'split';
  expect((await suite.run()).code).not.toBe(0);
  const refused = await suite.heal();
  expect(refused.code, refused.stderr).toBe(1);
  const result = refused.json as { changes: unknown[]; notHealed: { test: string; reason: string }[] };
  expect(result.changes).toEqual([]);
  expect(result.notHealed).toHaveLength(2);
  for (const { reason } of result.notHealed) {
    expect(reason).toMatch(/`confirm` \(pages\/dialogs\.ts:6\) is written once and used by 2 calls: dialogs\.spec\.ts › deletes \(dialogs\.spec\.ts:5\), dialogs\.spec\.ts › saves \(\.\.\/pages\/dialogs\.ts:9\)/);
    // Each way was run in the other use's snapshot and found no button, or another one.
    expect(reason).toMatch(/finds (0 elements|another element) in the snapshot of dialogs\.spec\.ts › (deletes|saves)/);
    expect(reason).toMatch(/not patched$/);
  }
});

test('a class two dialogs\' buttons share, renamed, is healed in one line by the renamed class, and both tests pass', async () => {
  release = 'renamed';
  expect((await suite.run()).code).not.toBe(0);
  const healed = await suite.heal('--write');
  expect(healed.code, healed.stderr + JSON.stringify(healed.json)).toBe(0);
  const result = healed.json as { changes: { member: string; file: string; after: string; signals: string[] }[] };
  expect(result.changes[0]).toMatchObject({ member: 'field confirm', file: 'pages/dialogs.ts', after: "page.locator('.dialog .btn-main')" });
  expect(result.changes[0]!.signals.join('; ')).toContain('by what the release renamed');
  const pages = suite.read('pages/dialogs.ts');
  expect(pages).toBe(kDialogs.replace('.btn-primary', '.btn-main'));
  const rerun = await suite.run('--trace', 'off');
  expect(rerun.code, rerun.stdout).toBe(0);
});

test('a container\'s class the shared selector names, renamed, is healed by the container\'s new class, and both tests pass', async () => {
  // The suite as healed above is the team's code now: its green run is the baseline.
  await suite.greenBaseline();

  // Code moved since the baseline: a line added above the tests moves every use in the spec one line down.
  const spec = path.join(suite.root, 'tests', 'dialogs.spec.ts');
  fs.writeFileSync(spec, `// Dialogs of the item page.\n${fs.readFileSync(spec, 'utf8')}`);
  release = 'restyled';
  expect((await suite.run()).code).not.toBe(0);
  const healed = await suite.heal('--write');
  expect(healed.code, healed.stderr + JSON.stringify(healed.json)).toBe(0);
  const result = healed.json as { changes: { member: string; file: string; after: string; signals: string[] }[] };
  // Each of the two failing tests heals the one field the same way: one change, written once.
  expect(result.changes.map((c) => c.after)).toEqual(result.changes.map(() => "page.locator('.ui-dialog .btn-main')"));
  // Both uses are followed where they are now, not at the baseline's lines.
  expect(result.changes[0]!.signals.join('; ')).toContain('is used by 2 calls (dialogs.spec.ts › deletes (dialogs.spec.ts:6), dialogs.spec.ts › saves (../pages/dialogs.ts:9)): the new locator finds each one\'s own element alone, by what the release renamed');
  const pages = suite.read('pages/dialogs.ts');
  expect(pages).toBe(kDialogs.replace('.dialog .btn-primary', '.ui-dialog .btn-main'));
  const rerun = await suite.run('--trace', 'off');
  expect(rerun.code, rerun.stdout).toBe(0);
});
