import type { Page } from 'playwright';
import { locatorFromCode } from '../core/locator/build.ts';
import { quote } from '../core/locator/code.ts';
import { itemKeyOf } from './relocate.ts';

/** Where a member's code passes its item's text. */
const kItemText = /\bthis\.text\b/g;

/**
 * The locator of the item (a table row, a list item) a failing call's element was looked for in:
 * the call's whole locator, printed as code, less the member's own locator at its end. A member of
 * an item is written relative to its item (`this.root.getByRole(...)`), and the item is found at run
 * time by the text it shows, so only the failing call knows which item it was.
 */
export function itemLocator(page: Page, selector: string | null, memberCode: string): { ok: true; code: string; member: string } | { ok: false; reason: string } {
  if (!selector) return { ok: false, reason: 'the failing call names no locator' };
  let whole: string;
  let inner: string;
  let member = memberCode;
  try {
    // A locator prints as the code that builds it; the member's code is printed the same way to compare.
    whole = page.locator(selector).toString();
    // A member found by its item's own text (`this.text`) was looked for by the text the failing call's item was.
    if (kItemText.test(memberCode)) member = memberCode.replace(kItemText, quote(itemKeyOf(whole)));
    inner = locatorFromCode(page, member).toString();
  } catch (err) {
    return { ok: false, reason: `its locator cannot be read (${err instanceof Error ? err.message : String(err)})` };
  }
  if (!whole.endsWith(`.${inner}`)) return { ok: false, reason: `the failing call's locator \`${whole}\` does not end in the member's \`${inner}\`` };
  return { ok: true, code: whole.slice(0, -(inner.length + 1)), member };
}
