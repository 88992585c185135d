import { expect, test } from '../support/fixtures.ts';
import { Project } from '../../generate/ts-morph.ts';
import { writtenLocator } from '../../heal/written-locator.ts';

/** Where a locator is written, read with ts-morph from the place a call's stack frame names. */

function at(code: string, marker: string) {
  const project = new Project({ useInMemoryFileSystem: true, compilerOptions: { allowJs: true } });
  const source = project.createSourceFile('/suite/app.spec.ts', code);
  const index = code.indexOf(marker);
  const { line, character } = source.compilerNode.getLineAndCharacterOfPosition(index);
  return writtenLocator(source, line + 1, character + 1);
}

const kStory = `import type { Locator, Page } from '@playwright/test';
class Story {
  constructor(readonly page: Page) {}
  item(title: string): Locator {
    return this.page.locator('.frame').filter({ has: this.page.getByRole('heading', { name: title }) });
  }
}
export async function ticks(page: Page) {
  const story = new Story(page);
  await story.item('Tasks').getByRole('checkbox').check();
  await story.item('Notes').getByRole('checkbox').uncheck();
}
`;

test('a locator a method builds from its parameter is read with the value each call passes, and written as the method writes it', () => {
  const found = at(kStory, 'check()');
  expect(found).toMatchObject({ kind: 'written', place: 'inline', code: "getByRole('checkbox')", scope: "locator('.frame').filter({ has: getByRole('heading', { name: 'Tasks' }) })" });
  if (found.kind !== 'written') return;
  // The container is the method: its parameter's part as this call makes it, and as the method writes it.
  expect(found.container).toMatchObject({ place: 'helper', name: 'item', code: "locator('.frame').filter({ has: getByRole('heading', { name: 'Tasks' }) })", template: "locator('.frame').filter({ has: getByRole('heading', { name: title }) })" });
  expect(found.container?.passed).toMatchObject([{ name: 'title', value: 'Tasks', argument: "'Tasks'", at: '/suite/app.spec.ts:10' }]);
  // The literal the test writes, read by the helper once: what a heal of a reworded value writes anew.
  expect(found.container?.passed[0]?.literal?.node.getText()).toBe("'Tasks'");
  expect(found.container?.passed[0]?.literal?.reads()).toBe(1);
  const other = at(kStory, 'uncheck()');
  expect(other.kind === 'written' && other.scope).toBe("locator('.frame').filter({ has: getByRole('heading', { name: 'Notes' }) })");
});

test('a value passed to a helper that is no literal or constant is a value passed in, named with where it is passed', () => {
  const found = at(`import type { Page } from '@playwright/test';
function planButton(page: Page, plan: string) {
  return page.locator('li.plan').filter({ hasText: plan }).getByRole('button', { name: 'Buy' });
}
const kFree = 'Free';
export async function buys(page: Page, chosen: string) {
  await planButton(page, chosen).click();
  await planButton(page, kFree).click();
}
`, 'click()');
  expect(found).toMatchObject({ kind: 'passed-in', callSites: ['/suite/app.spec.ts:7', '/suite/app.spec.ts:8'] });
  if (found.kind !== 'passed-in') return;
  expect(found.reason).toBe('the locator is built from `plan`, a value the code passes in (passed as `chosen`, which heal cannot read as a literal or a constant)');
});

test('a helper function called from one place that builds its locator from literals is followed into its body', () => {
  const found = at(`import type { Page } from '@playwright/test';
function saveButton(page: Page) {
  return page.getByRole('button', { name: 'Save' });
}
export async function saves(page: Page) {
  await saveButton(page).click();
}
`, 'click()');
  expect(found).toMatchObject({ kind: 'written', code: "getByRole('button', { name: 'Save' })", root: 'page', scope: null });
});
