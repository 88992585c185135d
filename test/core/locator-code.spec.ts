import { expect, test } from '../support/fixtures.ts';
import fc from 'fast-check';
import { LocatorChain, type LocatorStep, type RegexText, type TextMatch } from '../../core/locator/chain.ts';
import { parseLocatorCode, printLocatorCode } from '../../core/locator/code.ts';

/** Locator code read into chains and printed back; the browser side is in locator-build.spec.ts. */

/** Pattern characters that exercise escaping: quotes, slashes, classes, `>>`. */
const kPatternChars = [...'ab.*+?()[]{}|^$\\/\'"`>- \n'];

const regexText: fc.Arbitrary<RegexText> = fc
  .tuple(fc.string({ unit: fc.constantFrom(...kPatternChars), minLength: 1, maxLength: 8 }), fc.subarray(['d', 'g', 'i', 'm', 's', 'u', 'y']))
  .map(([raw, flags]) => {
    try {
      const re = new RegExp(raw, flags.join(''));
      return { source: re.source, flags: re.flags };
    } catch {
      return null;
    }
  })
  .filter((value): value is RegexText => value !== null);

/** Any string, lone surrogates and control characters included. */
const anyText = fc.oneof(fc.string({ unit: 'binary', maxLength: 12 }), fc.constantFrom("It's", 'say "hi"', 'a >> b', 'back\\slash', 'line\nbreak', '`tick`'));
const textMatch: fc.Arbitrary<TextMatch> = fc.oneof(anyText, regexText);

const chains = fc.letrec<{ chain: LocatorChain; step: LocatorStep }>((tie) => {
  const chain = tie('chain');
  const filter = fc.record({ hasText: textMatch, hasNotText: textMatch, has: chain, hasNot: chain, visible: fc.boolean() }, { requiredKeys: [] });
  return {
    chain: fc.array(tie('step'), { minLength: 1, maxLength: 4 }) as fc.Arbitrary<LocatorChain>,
    step: fc.oneof(
      { depthSize: 'small' },
      fc.record({ kind: fc.constant('getByRole' as const), role: fc.constantFrom('button', 'listitem', 'heading', 'row'), options: fc.record({
        name: textMatch, description: textMatch, exact: fc.boolean(), checked: fc.oneof(fc.boolean(), fc.constant('mixed' as const)), disabled: fc.boolean(),
        selected: fc.boolean(), expanded: fc.boolean(), includeHidden: fc.boolean(), level: fc.integer({ min: 1, max: 6 }), pressed: fc.boolean(),
      }, { requiredKeys: [] }) }),
      fc.record({ kind: fc.constantFrom('getByText', 'getByLabel', 'getByPlaceholder', 'getByAltText', 'getByTitle'), text: textMatch, exact: fc.boolean() }, { requiredKeys: ['kind', 'text'] }),
      fc.record({ kind: fc.constant('getByTestId' as const), testId: textMatch }),
      fc.record({ kind: fc.constant('nth' as const), index: fc.integer({ min: -3, max: 1000 }) }),
      fc.record({ kind: fc.constantFrom('first', 'last', 'visible', 'contentFrame') }),
      fc.record({ kind: fc.constant('frameLocator' as const), selector: fc.option(anyText, { nil: null }) }),
      fc.record({ kind: fc.constant('describe' as const), description: anyText }),
      fc.record({ kind: fc.constant('locator' as const), selector: fc.oneof(anyText, chain), options: fc.record({ hasText: textMatch, hasNotText: textMatch, has: chain, hasNot: chain }, { requiredKeys: [] }) }, { requiredKeys: ['kind', 'selector'] })
        .filter((step) => !step.options || Object.keys(step.options).length > 0),
      fc.record({ kind: fc.constant('filter' as const), options: filter }),
      fc.record({ kind: fc.constantFrom('and', 'or'), chain }),
    ) as fc.Arbitrary<LocatorStep>,
  };
}).chain;

test('printed chains read back to the same chain and print the same code', () => {
  fc.assert(fc.property(chains, (chain) => {
    expect(LocatorChain.safeParse(chain).success).toBe(true);
    const code = printLocatorCode(chain);
    const parsed = parseLocatorCode(code);
    expect(parsed).toEqual(chain);
    expect(printLocatorCode(parsed)).toBe(code);
  }), { numRuns: 500 });
});

test('the forms Playwright prints read into their steps', () => {
  expect(parseLocatorCode("getByRole('button', { name: 'Save' })")).toEqual([{ kind: 'getByRole', role: 'button', options: { name: 'Save' } }]);
  expect(parseLocatorCode("getByRole('listitem').filter({ hasText: 'Buy milk' }).getByRole('checkbox')")).toEqual([
    { kind: 'getByRole', role: 'listitem', options: {} },
    { kind: 'filter', options: { hasText: 'Buy milk' } },
    { kind: 'getByRole', role: 'checkbox', options: {} },
  ]);
  expect(parseLocatorCode("getByLabel('Email').nth(0)")).toEqual([{ kind: 'getByLabel', text: 'Email' }, { kind: 'nth', index: 0 }]);
  expect(parseLocatorCode("getByRole('link', { name: /sign \\/ in/i, exact: true, level: 2, checked: 'mixed' })")).toEqual([
    { kind: 'getByRole', role: 'link', options: { name: { source: 'sign \\/ in', flags: 'i' }, exact: true, level: 2, checked: 'mixed' } },
  ]);
  expect(parseLocatorCode("getByText('It\\'s \"here\"\\n\\u00e9')")).toEqual([{ kind: 'getByText', text: 'It\'s "here"\né' }]);
  expect(parseLocatorCode("locator('iframe').contentFrame().locator(getByTestId('x').first()).filter({ has: getByText(/[/]a/) })")).toEqual([
    { kind: 'locator', selector: 'iframe' },
    { kind: 'contentFrame' },
    { kind: 'locator', selector: [{ kind: 'getByTestId', testId: 'x' }, { kind: 'first' }] },
    { kind: 'filter', options: { has: [{ kind: 'getByText', text: { source: '[/]a', flags: '' } }] } },
  ]);
});

test('code as people write it reads too: page. prefix, double quotes, spacing, trailing commas', () => {
  const chain = parseLocatorCode(' page.getByRole("button", {\n  name: "Save",\n  exact: true,\n})\n  .first() ');
  expect(printLocatorCode(chain)).toBe("getByRole('button', { name: 'Save', exact: true }).first()");
  expect(printLocatorCode(parseLocatorCode("locator('li', { hasText: `Walk` }).filter({ has: page.getByRole('checkbox') })"))).toBe("locator('li', { hasText: 'Walk' }).filter({ has: getByRole('checkbox') })");
});

test('unknown syntax fails naming the part it could not read', () => {
  const failure = (code: string) => {
    try {
      parseLocatorCode(code);
    } catch (err) {
      return (err as Error).message;
    }
    throw new Error(`parsed: ${code}`);
  };
  expect(failure("getByRole('button').click()")).toContain('click() is not a locator method');
  expect(failure("getByRole('button').click()")).toContain('(in "click()")');
  expect(failure("getByRole('button', { nmae: 'Save' })")).toContain('unknown option nmae');
  expect(failure("getByText('open")).toContain('unterminated string');
  expect(failure("getByText(/a(/)")).toContain('invalid regular expression');
  expect(failure("getByText('a') + 1")).toContain('unexpected text after the locator');
  expect(failure('nth(1.5)')).toContain('nth() takes an integer');
  expect(failure("getByText(`a${b}`)")).toContain('template substitutions');
  expect(failure("filter({ has: 'x' })")).toContain('has must be a locator');
  expect(failure('')).toContain('empty');
  expect(failure('Save button')).toContain('expected "("');
});
