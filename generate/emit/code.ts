import { assertNever } from '../../core/errors.ts';
import type { FlowOutcome, FlowValue, ModelHeading, ModelLocator } from '../../core/schema/page-model.ts';
import { locatorText } from '../model/locator-text.ts';
import { nameOptions, str } from '../../core/locator/model-code.ts';

/** Small expressions shared by the emitters: locators, headings, flow values. */

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
