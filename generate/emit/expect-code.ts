import type { FlowCheck, FlowValue } from '../../core/schema/page-model.ts';
import { regexLiteral } from './source.ts';
import { chainCode } from '../../core/locator/model-code.ts';

/**
 * The web-first assertion an expect step of the recording becomes: the same matcher and the same
 * meaning as the check capture and replay ran (core/act/expectation.ts), on a page object member
 * where the check has an element (`await expect(itemsPage.blueLampLink).toContainText('Blue')`).
 */

export interface CheckCode {
  /** The page (`page`, `this.page`). */
  page: string;
  /** The page object member of an element of the page. */
  element(id: string): string;
  /** An expression for a flow value (a literal, a variable, a secret). */
  value(value: FlowValue): string;
}

const kRegexSpecial = /[.*+?^${}()|[\]\\/]/g;

/** A part of an address or title to look for: a regular expression literal, or one built from a variable. */
function containing(value: FlowValue, code: CheckCode): string {
  if (value.kind === 'literal') return regexLiteral(value.value.replace(kRegexSpecial, '\\$&'));
  return `new RegExp(${code.value(value)}.replace(/[.*+?^\${}()|[\\]\\\\/]/g, '\\\\$&'))`;
}

export function checkStatement(check: FlowCheck, code: CheckCode): string {
  switch (check.assert) {
    case 'text': {
      const text = code.value(check.text);
      if (check.element !== null) return `await expect(${code.element(check.element)}).${check.exact ? 'toHaveText' : 'toContainText'}(${text});`;
      return `await expect(${code.page}.getByText(${text}${check.exact ? ', { exact: true }' : ''}).filter({ visible: true }).first()).toBeVisible();`;
    }
    case 'url':
      return `await expect(${code.page}).toHaveURL(${check.exact ? code.value(check.url) : containing(check.url, code)});`;
    case 'title':
      return `await expect(${code.page}).toHaveTitle(${check.exact ? code.value(check.title) : containing(check.title, code)});`;
    case 'value':
      return `await expect(${code.element(check.element)}).toHaveValue(${code.value(check.value)});`;
    case 'checked':
      return check.checked ? `await expect(${code.element(check.element)}).toBeChecked();` : `await expect(${code.element(check.element)}).not.toBeChecked();`;
    case 'count':
      return `await expect(${code.page}.${chainCode(check.locator, code.page)}).toHaveCount(${check.count});`;
  }
}
