import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '../support/fixtures.ts';
import { fp } from '../../harness/generate/fixtures.ts';
import { Project } from '../../generate/ts-morph.ts';
import { suiteFrames } from '../../heal/baseline.ts';
import { withNames } from '../../heal/constant-value.ts';
import { renamedWays } from '../../heal/renamed-ways.ts';
import { followsImport, suiteProject } from '../../heal/suite-project.ts';
import { tempWorkspace } from '../../harness/generate/on-disk.ts';
import { writtenLocator } from '../../heal/written-locator.ts';

/**
 * The code heal follows a failing call's locator through, wherever the suite keeps it: page objects
 * beside the test folder, reached by a tsconfig path alias, fixtures made with `base.extend` in a
 * file of their own that re-exports `test`, fixtures that give a locator, constants and enums for
 * names, and a method that takes nothing called from two places.
 */

const kAccountPage = `import type { Locator, Page } from '@playwright/test';
export class AccountPage {
  readonly save: Locator;
  constructor(readonly page: Page) {
    this.save = page.locator('.account-form .btn-save');
  }
}
`;

const kFixtures = `import { test as base } from '@playwright/test';
import { AccountPage } from '@pages/account';
export const test = base.extend<{ account: AccountPage; saveButton: Locator }>({
  account: async ({ page }, use) => {
    await use(new AccountPage(page));
  },
  saveButton: [async ({ page }, use) => use(page.getByRole('button', { name: 'Save' })), { scope: 'test' }],
});
export { expect } from '@playwright/test';
`;

/** A suite in memory: `tests/`, `pages/` beside it, fixtures in `fixtures/`, `@pages/*` mapped to `pages/*`. */
function suite(files: Record<string, string>) {
  const project = new Project({ useInMemoryFileSystem: true, compilerOptions: { allowJs: true, baseUrl: '/suite', paths: { '@pages/*': ['pages/*'] } } });
  for (const [file, text] of Object.entries(files)) project.createSourceFile(`/suite/${file}`, text);
  project.resolveSourceFileDependencies();
  return (file: string, marker: string) => {
    const source = project.getSourceFileOrThrow(`/suite/${file}`);
    const index = source.getFullText().indexOf(marker);
    const { line, character } = source.compilerNode.getLineAndCharacterOfPosition(index);
    return writtenLocator(source, line + 1, character + 1);
  };
}

test('a page object beside the test folder, reached by a path alias through a fixture in a file that re-exports test, is followed to its field', () => {
  const at = suite({
    'pages/account.ts': kAccountPage,
    'fixtures/index.ts': kFixtures,
    'tests/reexport.ts': `export { test, expect } from '../fixtures/index';\n`,
    'tests/account.spec.ts': `import { test, expect } from './reexport';
test('saves', async ({ account }) => {
  await account.save.click();
});
`,
  });
  const found = at('tests/account.spec.ts', 'click()');
  expect(found).toMatchObject({ kind: 'written', place: 'field', name: 'save', root: 'page', code: "locator('.account-form .btn-save')", where: '/suite/pages/account.ts:5' });
});

test("a fixture that gives a locator is followed to the `use(...)` of its definition, a `[fn, options]` pair's included", () => {
  const at = suite({
    'pages/account.ts': kAccountPage,
    'fixtures/index.ts': kFixtures,
    'tests/save.spec.ts': `import { test } from '../fixtures/index';
test('saves', async ({ saveButton }) => {
  await saveButton.click();
});
`,
  });
  expect(at('tests/save.spec.ts', 'click()')).toMatchObject({ kind: 'written', place: 'fixture', name: 'saveButton', code: "getByRole('button', { name: 'Save' })", where: '/suite/fixtures/index.ts:7' });
});

test('a fixture another test object extends is found through the chain of extends and mergeTests', () => {
  const at = suite({
    'pages/account.ts': kAccountPage,
    'fixtures/index.ts': kFixtures,
    'fixtures/more.ts': `import { mergeTests } from '@playwright/test';
import { test as withAccount } from './index';
const signedIn = withAccount.extend<{ user: string }>({ user: async ({}, use) => use('ada') });
export const test = mergeTests(signedIn);
`,
    'tests/more.spec.ts': `import { test } from '../fixtures/more';
test.describe('account', () => {
  test.beforeEach(async ({ account }) => {
    await account.save.click();
  });
});
`,
  });
  expect(at('tests/more.spec.ts', 'click()')).toMatchObject({ kind: 'written', place: 'field', name: 'save', where: '/suite/pages/account.ts:5' });
});

test("constants and enums for names are read as their values, and kept by name where the new code still holds the value", () => {
  const at = suite({
    'pages/labels.ts': `export const Labels = { save: 'Save changes', nav: 'Account' } as const;
export enum Ids { Form = 'account-form' }
export const kSecond = 1;
`,
    'tests/names.spec.ts': `import { test } from '@playwright/test';
import { Ids, Labels, kSecond } from '@pages/labels';
test('names', async ({ page }) => {
  await page.getByTestId(Ids.Form).getByRole('button', { name: Labels.save }).nth(kSecond).click();
});
`,
  });
  const found = at('tests/names.spec.ts', 'click()');
  expect(found).toMatchObject({ kind: 'written', code: "getByTestId('account-form').getByRole('button', { name: 'Save changes' }).nth(1)" });
  if (found.kind !== 'written') return;
  expect(found.constants.map((c) => [c.text, c.value, c.where])).toEqual([
    ['Ids.Form', 'account-form', '/suite/pages/labels.ts:2'],
    ['Labels.save', 'Save changes', '/suite/pages/labels.ts:1'],
    ['kSecond', 1, '/suite/pages/labels.ts:3'],
  ]);
  // The test id was renamed, the name stands: the name is written by its constant again, the test id anew.
  expect(withNames("getByTestId('profile-form').getByRole('button', { name: 'Save changes' }).nth(1)", found.constants.slice(1))).toEqual({ code: "getByTestId('profile-form').getByRole('button', { name: Labels.save }).nth(kSecond)" });
  // The constant's value is what changed: named, never inlined over it.
  const lost = withNames("getByRole('button', { name: 'Store' })", found.constants.slice(1, 2));
  expect(lost).toMatchObject({ lost: { text: 'Labels.save', where: '/suite/pages/labels.ts:1' } });
});

test('a name set to something other than a constant is still a value passed in', () => {
  const at = suite({
    'tests/let.spec.ts': `import { test } from '@playwright/test';
let label = 'Save';
test('names', async ({ page }) => {
  await page.getByRole('button', { name: label }).click();
});
`,
  });
  expect(at('tests/let.spec.ts', 'click()')).toMatchObject({ kind: 'passed-in' });
});

test('a method that takes nothing, called from two places, is a declaration like a getter; one with a parameter is a helper its calls use', () => {
  const at = suite({
    'pages/dialog.ts': `import type { Page } from '@playwright/test';
export class Dialog {
  constructor(readonly page: Page) {}
  confirm() {
    return this.page.locator('.dialog .btn-primary');
  }
  button(name: string) {
    return this.page.locator('.dialog').getByRole('button', { name: 'OK' });
  }
}
`,
    'tests/dialog.spec.ts': `import { test } from '@playwright/test';
import { Dialog } from '@pages/dialog';
test('deletes', async ({ page }) => {
  const dialog = new Dialog(page);
  await dialog.confirm().click();
  await dialog.button('a').click();
});
test('saves', async ({ page }) => {
  const dialog = new Dialog(page);
  await dialog.confirm().click();
  await dialog.button('b').click();
});
`,
  });
  expect(at('tests/dialog.spec.ts', "click();\n  await dialog.button('a')")).toMatchObject({ kind: 'written', place: 'method', name: 'confirm', code: "locator('.dialog .btn-primary')" });
  expect(at('tests/dialog.spec.ts', "click();\n});\ntest('saves'")).toMatchObject({ kind: 'written', place: 'helper', name: 'button', code: "locator('.dialog').getByRole('button', { name: 'OK' })", passed: [] });
});

test('frames beside the test folder are the suite\'s, named from its root with ..; packages and Node are not', () => {
  const stack = [
    { file: '/ci/app/node_modules/playwright-core/lib/client/locator.js', line: 1, column: 1 },
    { file: '/ci/app/pages/account.ts', line: 5, column: 10 },
    { file: 'node:internal/process/task_queues', line: 1, column: 1 },
    { file: '/ci/app/tests/account.spec.ts', line: 12, column: 3 },
  ];
  expect(suiteFrames(stack, '/ci/app/tests')).toEqual([{ file: '../pages/account.ts', line: 5, column: 10 }, { file: 'account.spec.ts', line: 12, column: 3 }]);
});

test("the suite's own tsconfig is read: its paths resolve a page object's alias", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bu-suite-project-'));
  try {
    fs.mkdirSync(path.join(dir, 'pages'));
    fs.mkdirSync(path.join(dir, 'tests'));
    fs.writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { baseUrl: '.', paths: { '@pages/*': ['pages/*'] } } }));
    fs.writeFileSync(path.join(dir, 'pages/account.ts'), kAccountPage);
    const spec = path.join(dir, 'tests/account.spec.ts');
    fs.writeFileSync(spec, `import { AccountPage } from '@pages/account';\nexport const make = (page: never) => new AccountPage(page);\n`);
    const project = suiteProject(spec);
    project.addSourceFileAtPath(spec);
    project.resolveSourceFileDependencies();
    expect(project.getSourceFile(path.join(dir, 'pages/account.ts'))).toBeDefined();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('heal reads what tells a page from a locator and a page object from a string, and not the declarations no answer needs', () => {
  // The suite's own imports are followed, a package too (a page-object library), Node's built-ins never.
  expect(followsImport('../pages/account', '/ci/app/tests/a.spec.ts')).toBe(true);
  expect(followsImport('@company/pages', '/ci/app/tests/a.spec.ts')).toBe(true);
  expect(followsImport('fs', '/ci/app/tests/a.spec.ts')).toBe(false);
  expect(followsImport('node:path', '/ci/app/pages/site.ts')).toBe(false);
  // From a package's declarations: Playwright's own and the package's files, not CDP's protocol nor other packages.
  const types = '/ci/app/node_modules/playwright-core/types/types.d.ts';
  expect(followsImport('./structs', types)).toBe(true);
  expect(followsImport('./protocol', types)).toBe(false);
  expect(followsImport('zod', types)).toBe(false);
  expect(followsImport('playwright-core', '/ci/app/node_modules/playwright/types/test.d.ts')).toBe(true);
  expect(followsImport('@playwright/test', '/ci/app/node_modules/@company/pages/index.d.ts')).toBe(true);

  const ws = tempWorkspace('suite-project-types');
  try {
    const spec = path.join(ws.root, 'tests/site.spec.ts');
    fs.mkdirSync(path.dirname(spec), { recursive: true });
    fs.writeFileSync(spec, `import fs from 'node:fs';
import { test, expect } from '@playwright/test';
test('t', async ({ page }) => {
  const row = page.locator('tr');
  await expect(row).toBeVisible();
  fs.existsSync('x');
});
`);
    const project = suiteProject(spec);
    const source = project.addSourceFileAtPath(spec);
    project.resolveSourceFileDependencies();
    const typeOf = (name: string) => {
      const node = source.getDescendants().find((d) => d.getKindName() === 'Identifier' && d.getText() === name);
      return node!.getType().getText(node);
    };
    expect(typeOf('page')).toMatch(/\bPage$/);
    expect(typeOf('row')).toMatch(/\bLocator$/);
    const read = project.getProgram().compilerObject.getSourceFiles().map((f) => f.fileName);
    expect(read.some((f) => f.endsWith('/playwright-core/types/types.d.ts'))).toBe(true);
    expect(read.filter((f) => /lib\.dom|@types\/node|\/protocol\.d\.ts|\/zod\//.test(f))).toEqual([]);
  } finally {
    ws.remove();
  }
});

test('the smallest change of how a locator is reached: the class, test id or id the release renamed, written over the old one', () => {
  const recorded = fp({ role: 'button', name: 'Delete', classes: ['btn', 'btn-primary'], testId: 'ok', id: 'del' });
  const live = fp({ role: 'button', name: 'Delete', classes: ['btn', 'btn-main'], testId: 'confirm', id: 'remove' });
  expect(renamedWays("locator('.dialog .btn-primary')", recorded, live)).toEqual(["locator('.dialog .btn-main')"]);
  expect(renamedWays("locator('.dialog .btn-primary-x')", recorded, live)).toEqual([]);
  expect(renamedWays("getByTestId('ok')", recorded, live)).toEqual(["getByTestId('confirm')"]);
  expect(renamedWays("locator('#del')", recorded, live)).toEqual(["locator('#remove')"]);
  // Two written classes hashed at once share no word with what they became: each order is a way.
  const hashed = renamedWays("locator('input.tc-titlebar.tc-edit-texteditor')", fp({ role: 'textbox', name: '', classes: ['tc-titlebar', 'tc-edit-texteditor'] }), fp({ role: 'textbox', name: '', classes: ['k2b7', 'x3f9'] }));
  expect(hashed.slice(0, 2)).toEqual(["locator('input.k2b7.x3f9')", "locator('input.x3f9.k2b7')"]);
});

test('a container\'s class the selector names that no element carries now is tried as its ancestors\' classes: shared words first, then the rarest, then the nearest', () => {
  const recorded = fp({ role: 'heading', name: 'Tasks', classes: ['tc-title'] });
  const live = fp({ role: 'heading', name: 'Tasks', classes: ['x9'] });
  const code = "locator('.tc-story-river h2.tc-title').last()";
  // Hashed names share no word: the container one of its kind nearest the element comes first.
  const hashed = { ancestors: [{ classes: ['a1'], counts: [3] }, { classes: ['b2', 'c3'], counts: [1, 1] }, { classes: ['d4'], counts: [1] }], absent: ['tc-story-river', 'tc-title'] };
  const ways = renamedWays(code, recorded, live, hashed);
  expect(ways.slice(0, 4)).toEqual(["locator('.b2 h2.x9').last()", "locator('.c3 h2.x9').last()", "locator('.d4 h2.x9').last()", "locator('.a1 h2.x9').last()"]);
  // A method of the chain is not a class: `.last()` stays.
  expect(ways.every((w) => w.endsWith('.last()'))).toBe(true);
  // A renamed prefix keeps the container's words: it comes before any rarer class.
  const prefixed = { ancestors: [{ classes: ['tw-tiddler'], counts: [2] }, { classes: ['tw-story-river'], counts: [1] }, { classes: ['tw-page'], counts: [1] }], absent: ['tc-story-river'] };
  expect(renamedWays(code, recorded, live, prefixed)[0]).toBe("locator('.tw-story-river h2.x9').last()");
  // A container class still on the page is not renamed: only the element's own class is.
  expect(renamedWays(code, recorded, live, { ...hashed, absent: ['tc-title'] })).toEqual(["locator('.tc-story-river h2.x9').last()"]);
});
