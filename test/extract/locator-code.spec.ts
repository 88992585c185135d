import { expect, test } from '../support/fixtures.ts';
import { parseLocatorCode, printLocatorCode } from '../../core/locator/code.ts';
import { selectorToCode, splitSelector } from '../../extract/records/locator-code.ts';
import { pageState } from '../../extract/records/navigation.ts';

const kCases: [string, string][] = [
  ['internal:role=button[name="Save"i]', "getByRole('button', { name: 'Save' })"],
  ['internal:role=button[name="Save"s]', "getByRole('button', { name: 'Save', exact: true })"],
  ['internal:role=heading[level=2]', "getByRole('heading', { level: 2 })"],
  ['internal:role=checkbox[checked=true][include-hidden=true]', "getByRole('checkbox', { checked: true, includeHidden: true })"],
  ['internal:role=link[name=/sign in/i]', "getByRole('link', { name: /sign in/i })"],
  ['internal:testid=[data-testid="login-submit"s]', "getByTestId('login-submit')"],
  ['internal:label="Password"i', "getByLabel('Password')"],
  ['internal:label="Email"s', "getByLabel('Email', { exact: true })"],
  ['internal:text="It\'s \\"here\\""i', "getByText('It\\'s \"here\"')"],
  ['internal:attr=[placeholder="Search"i]', "getByPlaceholder('Search')"],
  ['internal:attr=[alt="Logo"s]', "getByAltText('Logo', { exact: true })"],
  ['internal:attr=[title="Close"i]', "getByTitle('Close')"],
  ['#pw', "locator('#pw')"],
  ['css=div.item', "locator('div.item')"],
  ['internal:role=listitem >> nth=1', "getByRole('listitem').nth(1)"],
  ['li >> nth=0', "locator('li').first()"],
  ['li >> nth=-1', "locator('li').last()"],
  ['li >> internal:has-text="Star"i', "locator('li').filter({ hasText: 'Star' })"],
  ['iframe[name="pay"] >> internal:control=enter-frame >> internal:role=button[name="Pay"i]', "locator('iframe[name=\"pay\"]').contentFrame().getByRole('button', { name: 'Pay' })"],
  ['internal:text="a >> b"i', "getByText('a >> b')"],
  ['aria-ref=e5', "locator('aria-ref=e5')"],
  ['internal:role=button[name="x"i][unknown=1]', "locator('internal:role=button[name=\"x\"i][unknown=1]')"],
  // Options in the order Playwright prints them; a strict text filter has no locator form.
  ['internal:role=heading[level=2][name="Intro"i]', "getByRole('heading', { name: 'Intro', level: 2 })"],
  ['li >> internal:has-text="Star"s', "locator('li').locator('internal:has-text=\"Star\"s')"],
  ['internal:testid=[data-testid=/row-\\d+/]', "getByTestId(/row-\\d+/)"],
];

for (const [selector, code] of kCases) {
  test(`selector to code: ${selector}`, () => {
    expect(selectorToCode(selector)).toBe(code);
  });
}

test('every rendered selector reads back as the same locator code', () => {
  for (const [, code] of kCases) expect(printLocatorCode(parseLocatorCode(code))).toBe(code);
});

test('split keeps quoted >>', () => {
  expect(splitSelector('a >> internal:text="x >> y"i >> nth=2')).toEqual(['a', 'internal:text="x >> y"i', 'nth=2']);
});

test('page states normalize ids', () => {
  expect(pageState('http://127.0.0.1:8080/items/42?x=1#h')).toBe('127.0.0.1:8080/items/:id');
  expect(pageState('https://a.example/u/3f2504e0-4f89-11d3-9a0c-0305e82c3301/edit')).toBe('a.example/u/:id/edit');
  expect(pageState('https://a.example/')).toBe('a.example/');
  expect(pageState('about:blank')).toBe('about:blank');
});
