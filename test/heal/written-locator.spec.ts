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

test('a locator a method builds from its parameter is reported with the places that call the method', () => {
  const found = at(kStory, 'check()');
  expect(found.kind).toBe('passed-in');
  if (found.kind !== 'passed-in') return;
  expect(found.reason).toContain('name: title');
  expect(found.callSites).toEqual(['/suite/app.spec.ts:10', '/suite/app.spec.ts:11']);
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
