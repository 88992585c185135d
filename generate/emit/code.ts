import { assertNever } from '../../core/errors.ts';
import { printLocatorCode, tryParseLocatorCode } from '../../core/locator/code.ts';
import type { FlowOutcome, FlowValue, ModelHeading, ModelLocator } from '../../core/schema/page-model.ts';
import { locatorText } from '../model/locator-text.ts';
import { str } from './source.ts';

/** Small expressions shared by the emitters: locators, headings, flow values. */

/** `valueCode`: the name as code (a string literal, or the item's text). */
function nameOptions(valueCode: string | null, exact: boolean, extra: string[] = []): string {
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

/** How sure generated code can be that a locator finds one element: only a count of one is sure. */
export function uniqueness(locator: ModelLocator): 'unique' | 'unchecked' | 'not found' | 'several' {
  if (locator.verified && locator.matches === 1) return 'unique';
  if (locator.matches === null) return 'unchecked';
  return locator.matches === 0 ? 'not found' : 'several';
}

/**
 * The heading an assertion waits for. Apps repeat their main heading (a site title and a page
 * title both `<h1>Garden notes</h1>`): the assertion is that one shows, so the first is taken.
 */
export function headingExpression(heading: ModelHeading, root: string): string {
  // Recorded headings are the text a reader sees: an all-capitals one is often CSS upper-casing a
  // name written otherwise, so it is matched without case (Playwright's default), not exactly.
  // One the page shortened is matched by its start (the model keeps no heading with too little left).
  const text = locatorText(heading.text, heading.text !== heading.text.toUpperCase()) ?? { value: heading.text, exact: false };
  return `${root}.getByRole('heading'${nameOptions(str(text.value), text.exact, heading.level ? [`level: ${heading.level}`] : [])}).first()`;
}

/** An ai snapshot template for a heading, for `toMatchAriaSnapshot`; a shortened one by a pattern of its start. */
export function headingSnapshot(heading: ModelHeading): string {
  const text = locatorText(heading.text, true);
  const name = text && !text.exact ? `/${text.value.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&')}/` : JSON.stringify(heading.text);
  return `- heading ${name}${heading.level ? ` [level=${heading.level}]` : ''}`;
}

export interface ValueContext {
  /** Expression reading a secret, e.g. `requireSecret('password')`. */
  secret(name: string): string;
  /** Expression reading a variable, e.g. `vars.email`. */
  variable(name: string): string;
}

export function valueExpression(value: FlowValue, ctx: ValueContext): string {
  switch (value.kind) {
    case 'literal': return str(value.value);
    case 'boolean': return String(value.value);
    case 'secret': return ctx.secret(value.name);
    case 'var': return ctx.variable(value.name);
    default: return assertNever(value, 'flow value');
  }
}

/**
 * Roles whose accessible name is their content: content of one is found by role and name. A list
 * item, a status or an alert shows its text without being named by it: found by that text.
 */
const kNamedByContent = new Set(['row', 'cell', 'gridcell', 'columnheader', 'rowheader', 'link', 'heading', 'tab', 'treeitem', 'tooltip', 'option', 'menuitem']);

/**
 * The locator code (from the page) for content shown in `role` (an outcome, what typing brought
 * up), with `text` as the expression of its text: `getByRole('row', { name: text, exact: true })`
 * or `getByText(text, { exact: true })`.
 */
export function outcomeLocatorCode(outcome: Pick<FlowOutcome, 'role'>, text: string): string {
  return kNamedByContent.has(outcome.role)
    ? `getByRole(${str(outcome.role)}, { name: ${text}, exact: true })`
    : `getByText(${text}, { exact: true })`;
}

/** Text with digits changes between runs (counters, ids, dates): not worth asserting verbatim. */
export function isStableText(text: string | null | undefined): text is string {
  return Boolean(text) && !/\d/.test(text!);
}
