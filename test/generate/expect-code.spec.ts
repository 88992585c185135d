import { expect, test } from '../support/fixtures.ts';
import type { FlowCheck, FlowValue } from '../../core/schema/page-model.ts';
import { checkStatement, type CheckCode } from '../../generate/emit/expect-code.ts';
import { valueExpression } from '../../generate/emit/code.ts';
import { locatorExpression } from '../../core/locator/model-code.ts';

/** The assertion each kind of expect step becomes in generated code. */

const code: CheckCode = {
  page: 'page',
  element: (id) => `itemsPage.${id}`,
  value: (value: FlowValue) => valueExpression(value, { secret: (name) => `requireSecret('${name}')`, variable: (name) => `vars.${name}` }),
};
const literal = (value: string): FlowValue => ({ kind: 'literal', value });

test('every check is a web-first assertion, on the page object member when it has an element', () => {
  const cases: Array<[FlowCheck, string]> = [
    [{ assert: 'text', element: 'titleHeading', text: literal('Blue Kettle'), exact: true }, "await expect(itemsPage.titleHeading).toHaveText('Blue Kettle');"],
    [{ assert: 'text', element: 'titleHeading', text: literal('Kettle'), exact: false }, "await expect(itemsPage.titleHeading).toContainText('Kettle');"],
    [{ assert: 'text', element: null, text: literal('Saved'), exact: false }, "await expect(page.getByText('Saved').filter({ visible: true }).first()).toBeVisible();"],
    [{ assert: 'text', element: null, text: literal('Saved'), exact: true }, "await expect(page.getByText('Saved', { exact: true }).filter({ visible: true }).first()).toBeVisible();"],
    [{ assert: 'url', url: literal('./items?page=2'), exact: true }, "await expect(page).toHaveURL('./items?page=2');"],
    [{ assert: 'url', url: literal('/items?page=2'), exact: false }, 'await expect(page).toHaveURL(/\\/items\\?page=2/);'],
    [{ assert: 'title', title: literal('Items (2)'), exact: false }, 'await expect(page).toHaveTitle(/Items \\(2\\)/);'],
    [{ assert: 'title', title: literal('Items'), exact: true }, "await expect(page).toHaveTitle('Items');"],
    [{ assert: 'value', element: 'priceInput', value: { kind: 'var', name: 'price', recorded: '12.50' } }, 'await expect(itemsPage.priceInput).toHaveValue(vars.price);'],
    [{ assert: 'checked', element: 'newsletterCheckbox', checked: true }, 'await expect(itemsPage.newsletterCheckbox).toBeChecked();'],
    [{ assert: 'checked', element: 'newsletterCheckbox', checked: false }, 'await expect(itemsPage.newsletterCheckbox).not.toBeChecked();'],
    [{ assert: 'count', locator: "getByRole('listitem')", count: 3 }, "await expect(page.getByRole('listitem')).toHaveCount(3);"],
    // A counted locator that filters by another, as Playwright prints it: that one is looked up from the page too.
    [{ assert: 'count', locator: "locator('article').filter({ has: getByText('Garden', { exact: true }) })", count: 0 }, "await expect(page.locator('article').filter({ has: page.getByText('Garden', { exact: true }) })).toHaveCount(0);"],
  ];
  for (const [check, statement] of cases) expect(checkStatement(check, code), JSON.stringify(check)).toBe(statement);
});

test('a contained title or address held in a variable is matched literally, special characters and all', () => {
  const statement = checkStatement({ assert: 'title', title: { kind: 'var', name: 'title', recorded: 'a' }, exact: false }, code);
  const pattern = /toHaveTitle\((.*)\);$/.exec(statement)![1]!;
  const regex = new Function('vars', `return ${pattern};`)({ title: 'Kettle (1.5 l) [new]?' }) as RegExp;
  expect(regex.test('Shop · Kettle (1.5 l) [new]? · Items')).toBe(true);
  expect(regex.test('Shop · Kettle (1x5 l) [new]')).toBe(false);
});

test('a member found by the recorded locator chain looks up the locators it filters by from the page, so it compiles', () => {
  const chain = "getByRole('listitem').filter({ has: getByText('Milk') }).getByRole('checkbox')";
  const locator = { kind: 'chain' as const, role: null, value: chain, exact: false, frames: [], scope: null, row: null, matches: 1, verified: true, nth: null };
  expect(locatorExpression(locator, 'this.page')).toBe("this.page.getByRole('listitem').filter({ has: this.page.getByText('Milk') }).getByRole('checkbox')");
});
