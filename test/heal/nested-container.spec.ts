import { expect, test } from '../support/fixtures.ts';
import { htmlPage } from '../../harness/sites/pages-site.ts';
import { usePagesHandSuite } from './support/hand-suite.ts';

/**
 * `bu heal --baseline` where the broken part is a container's, two containers out: a page object's
 * helper `panel(title)` finds a board's panel by its class and its heading (the title the test
 * passes), a test finds a list item inside it and the checkbox inside that. A broken first part
 * of the helper is written anew only when every call of the helper still finds its own element by
 * it: a release that gives each panel a class of its own is refused, nothing written; one that
 * renames the class of every panel is healed in the helper's one line. Each test uses its locator
 * twice (an action, then an assertion) and fails at the first: the second, never reached, holds by
 * the first's check (the same locator, the same element in the baseline).
 */

type Release = 'first' | 'split' | 'renamed';
let release: Release = 'first';

function render(): string {
  const panelClass = (own: string) => (release === 'first' ? 'panel' : release === 'renamed' ? 'ui-panel' : `panel-${own}`);
  return htmlPage('Board', `<main><h1>Board</h1>
    <div class="${panelClass('tasks')}"><h2>Tasks</h2><ul>
      <li><label><input type="checkbox"> Water the beans</label></li>
      <li><label><input type="checkbox"> Weed the path</label></li>
    </ul></div>
    <div class="${panelClass('notes')}"><h2>Notes</h2><p>Buy seeds</p>
      <button type="button" onclick="this.textContent = 'Pinned'">Pin</button></div>
  </main>`);
}

const kBoard = `import type { Locator, Page } from '@playwright/test';

export class Board {
  constructor(readonly page: Page) {}
  panel(title: string): Locator {
    return this.page.locator('.panel').filter({ has: this.page.getByRole('heading', { name: title }) });
  }
}
`;

const kSpec = `import { test, expect } from '@playwright/test';
import { Board } from '../pages/board';

test('ticks a task', async ({ page }) => {
  await page.goto('/');
  const beans = new Board(page).panel('Tasks').locator('li').filter({ hasText: 'Water the beans' });
  await beans.getByRole('checkbox').check();
  await expect(beans.getByRole('checkbox')).toBeChecked();
});

test('pins a note', async ({ page }) => {
  await page.goto('/');
  const pin = new Board(page).panel('Notes').getByRole('button');
  await pin.click();
  await expect(pin).toHaveText('Pinned');
});
`;

const suite = usePagesHandSuite('heal-nested', { 'pages/board.ts': kBoard, 'tests/board.spec.ts': kSpec }, render);

test('panels given a class each are refused: no one new first part of the helper finds each call\'s element', async () => {
  await suite.greenBaseline();

  release = 'split';
  expect((await suite.run()).code).not.toBe(0);
  const refused = await suite.heal('--write');
  expect(refused.code, refused.stderr).toBe(1);
  const result = refused.json as { changes: unknown[]; notHealed: { test: string; reason: string }[] };
  expect(result.changes).toEqual([]);
  expect(result.notHealed.map((n) => n.test).sort()).toEqual(['board.spec.ts:11 › pins a note', 'board.spec.ts:4 › ticks a task']);
  // Each panel's nearest way (its own class) loses the other call's; the board around both holds both panels and tells neither.
  for (const { reason } of result.notHealed) expect(reason, reason).toMatch(/(`panel` \(pages\/board\.ts:6\) is written once and used by \d calls: |re-found the element outside `locator\('\.panel'\)).*not patched$/);
  expect(suite.read('pages/board.ts')).toBe(kBoard);
});

test('the panels\' class renamed is healed in the helper, its parameter kept, though each test failed before its second use', async () => {
  release = 'renamed';
  expect((await suite.run()).code).not.toBe(0);
  const healed = await suite.heal('--write');
  const result = healed.json as { changes: { test: string; member: string; file: string; after: string; signals: string[] }[]; notHealed: { test: string; reason: string }[] };
  expect(healed.code, JSON.stringify(result.notHealed, null, 1)).toBe(0);
  const after = "this.page.locator('.ui-panel').filter({ has: this.page.getByRole('heading', { name: title }) })";
  expect(result.changes.map((c) => c.test).sort()).toEqual(['board.spec.ts:11 › pins a note', 'board.spec.ts:4 › ticks a task']);
  for (const change of result.changes) {
    expect(change).toMatchObject({ member: 'helper panel', file: 'pages/board.ts', after });
    expect(change.signals.join('\n')).toMatch(/not reached in this run, held by an earlier call of its test that is the same locator on the same element in the baseline: board\.spec\.ts › (ticks a task|pins a note) \(board\.spec\.ts:(8|15)\)/);
  }
  expect(suite.read('pages/board.ts')).toBe(kBoard.replace("this.page.locator('.panel').filter({ has: this.page.getByRole('heading', { name: title }) })", after));
  const rerun = await suite.run('--trace', 'off');
  expect(rerun.code, rerun.stdout).toBe(0);
});
