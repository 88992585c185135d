import { expect, test } from '../support/fixtures.ts';
import { Project } from '../../generate/ts-morph.ts';
import { presenceAt, readExpectation, receivedValue } from '../../heal/expectation.ts';

/** A failing assertion read for review: what it expects as written, what the page showed, what would be written. */

function source(code: string) {
  return new Project({ useInMemoryFileSystem: true }).createSourceFile('/suite/a.spec.ts', code);
}

/** 1-based line and column of `marker` in `code`, as a stack frame names a matcher. */
function at(code: string, marker: string): [number, number] {
  const before = code.slice(0, code.indexOf(marker)).split('\n');
  return [before.length, before.at(-1)!.length + 1];
}

const kError = (received: string) => `Error: expect(locator).toHaveText(expected) failed\n\nLocator:  locator('#status')\nExpected: "Pong"\nReceived: ${received}\nTimeout:  2000ms\n`;

test('what Playwright received is read from its message: a string, a number, else the last value its call log saw', () => {
  expect(receivedValue(kError('"Pong!"'))).toBe('Pong!');
  expect(receivedValue(kError('"say \\"hi\\""'))).toBe('say "hi"');
  expect(receivedValue('Expected: 3\nReceived: 2\n')).toBe('2');
  expect(receivedValue('Expected: "a"\nReceived: <element(s) not found>\n')).toBeNull();
  expect(receivedValue('- Expected\n+ Received\n\nCall log:\n  - unexpected value "Aufgaben"\n')).toBe('Aufgaben');
});

test('a value matcher with a literal is rewritten in its quotes; a pattern, a computed value, a part of a text or a negation is not', () => {
  const code = `await expect(page.locator('#status')).toHaveText('Pong');
await expect(page.locator('#status')).toHaveText(/Pong/);
await expect(page.locator('#status')).toHaveText(expected);
await expect(page.locator('#status')).toContainText("Po");
await expect(page.locator('#status')).not.toHaveText('Ping');
await expect(page.locator('li')).toHaveCount(3);
`;
  const file = source(code);
  const read = (marker: string, error: string) => readExpectation(file, ...at(code, marker), error, null);
  expect(read("toHaveText('Pong')", kError('"Pong!"'))).toMatchObject({ matcher: 'toHaveText', before: "'Pong'", now: 'Pong!', after: "'Pong!'", why: null });
  expect(read('toHaveText(/Pong/)', kError('"Pong!"'))).toMatchObject({ after: null, why: expect.stringContaining('a pattern') });
  expect(read('toHaveText(expected)', kError('"Pong!"'))).toMatchObject({ after: null, why: expect.stringContaining('a value the code computes') });
  expect(read('toContainText', kError('"Pong!"'))).toMatchObject({ now: 'Pong!', after: null, why: expect.stringContaining('a part of the text') });
  expect(read("not.toHaveText('Ping')", kError('"Ping"'))).toMatchObject({ after: null, why: expect.stringContaining('negated') });
  expect(read('toHaveCount(3)', 'Expected: 3\nReceived: 2\n')).toMatchObject({ before: '3', now: '2', after: '2' });
});

test('a heading expected by its name takes the page\'s main heading; presence assertions are told apart', () => {
  const code = `await expect(this.page.getByRole('heading', { name: 'Orders' })).toBeVisible();
await expect(page.getByRole('button', { name: 'Save' })).toBeVisible();
await expect(page.locator('.x')).not.toBeVisible();
await expect(page.locator('.x')).toHaveText('x');
`;
  const file = source(code);
  expect(readExpectation(file, ...at(code, 'toBeVisible();\nawait expect(page.getByRole(\'button\''), '', 'Bestellungen')).toMatchObject({ before: "'Orders'", now: 'Bestellungen', after: "'Bestellungen'" });
  expect(readExpectation(file, ...at(code, "toBeVisible();\nawait expect(page.locator('.x')).not"), '', 'Aufgaben')).toMatchObject({ before: "'Save'", now: null, after: null });
  expect(presenceAt(file, ...at(code, "toBeVisible();\nawait expect(page.locator('.x')).not"))).toBe(true);
  expect(presenceAt(file, ...at(code, "toBeVisible();\nawait expect(page.locator('.x')).toHaveText"))).toBe(false);
  expect(presenceAt(file, ...at(code, "toHaveText('x')"))).toBe(false);
});
