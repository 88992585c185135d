import { assertNever } from '../errors.ts';
import type { ModelLocator } from '../schema/page-model.ts';
import { printLocatorCode, tryParseLocatorCode } from './code.ts';

/**
 * A page model's locator as the code that finds it: what generated page objects write, what
 * verification and heal check against a snapshot, and what a heal patch writes.
 */

/** A TypeScript string literal (single quotes) for any text. */
export function str(value: string): string {
  return `'${value
    .replace(/\\/g, '\\\\')
    .replace(/'/g, "\\'")
    .replace(/\n/g, '\\n')
    .replace(/\r/g, '\\r')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')}'`;
}

/** `valueCode`: the name as code (a string literal, or the item's text). */
export function nameOptions(valueCode: string | null, exact: boolean, extra: string[] = []): string {
  const parts = [...(valueCode !== null ? [`name: ${valueCode}`] : []), ...(exact ? ['exact: true'] : []), ...extra];
  return parts.length ? `, { ${parts.join(', ')} }` : '';
}

function textCall(method: string, valueCode: string, exact: boolean): string {
  return `${method}(${valueCode}${exact ? ', { exact: true }' : ''})`;
}

/**
 * `this.page.getByRole('button', { name: 'Sign in' })`, entering frames and pinning `nth` when
 * recorded so. `itemText`: the code of the item's own text (`this.text`), which a locator holding
 * its item's key (`locator.key`) passes instead of the text recorded; without it, the recorded text.
 */
export function locatorExpression(locator: ModelLocator, root: string, itemText?: string): string {
  const framed = locator.frames.reduce((expr, frame) => `${expr}.${chainCode(frame, root)}.contentFrame()`, root);
  const scoped = locator.scope ? `${framed}.getByRole(${str(locator.scope.role)}${nameOptions(locator.scope.name === null ? null : str(locator.scope.name), false)})` : framed;
  // A row is told by a text in it: the text is looked up from the page, as `has` wants.
  const scope = locator.row ? `${scoped}.getByRole(${str(locator.row.role)}).filter({ has: ${root}.getByText(${str(locator.row.key)}, { exact: true }) })` : scoped;
  const value = locator.value ?? '';
  const valueCode = locator.key && itemText ? itemText : str(value);
  let call: string;
  switch (locator.kind) {
    case 'role': call = `getByRole(${str(locator.role ?? 'generic')}${nameOptions(locator.value === null ? null : valueCode, locator.exact)})`; break;
    case 'testId': call = `getByTestId(${str(value)})`; break;
    case 'label': call = textCall('getByLabel', valueCode, locator.exact); break;
    case 'placeholder': call = textCall('getByPlaceholder', valueCode, locator.exact); break;
    case 'text': call = textCall('getByText', valueCode, locator.exact); break;
    case 'selector': call = `locator(${str(value)})`; break;
    case 'chain': call = chainCode(value, root); break;
    default: return assertNever(locator.kind, 'locator kind');
  }
  const nth = locator.nth === null ? '' : `.nth(${locator.nth})`;
  return `${scope}.${call}${nth}`;
}

/**
 * Recorded locator code as generated code writes it after `root.`: the chains it passes to others
 * (`filter({ has: getByText('x') })`, as Playwright prints them) looked up from `root` too, so it
 * compiles; code this build cannot read is kept as it is.
 */
export function chainCode(code: string, root: string): string {
  const read = tryParseLocatorCode(code);
  return read.ok ? printLocatorCode(read.chain, root) : code;
}

/** A CSS attribute selector: `[data-cy="save"]`. */
export function attributeSelector(attribute: string, value: string): string {
  return `[${attribute}=${JSON.stringify(value)}]`;
}

/**
 * Locator code to check from a page, relative to it: a test id as the CSS attribute match
 * `getByTestId` makes with the app's attribute, so checking never changes Playwright's
 * process-wide test id setting.
 */
export function checkCode(locator: ModelLocator, testIdAttribute: string): string {
  const checked: ModelLocator = locator.kind === 'testId' && locator.value !== null
    ? { ...locator, kind: 'selector', value: attributeSelector(testIdAttribute, locator.value) }
    : locator;
  return locatorExpression(checked, 'page').replace(/^page\./, '');
}
