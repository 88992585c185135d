import type { Page } from 'playwright';
import { locatorFromCode } from '../core/locator/build.ts';

/**
 * The locator of the item (a table row, a list item) a failing call's element was looked for in:
 * the call's whole locator, printed as code, less the member's own locator at its end. A member of
 * an item is written relative to its item (`this.root.getByRole(...)`), and the item is found at run
 * time by the text it shows, so only the failing call knows which item it was.
 */
export function itemLocator(page: Page, selector: string | null, memberCode: string): { ok: true; code: string } | { ok: false; reason: string } {
  if (!selector) return { ok: false, reason: 'the failing call names no locator' };
  let whole: string;
  let inner: string;
  try {
    // A locator prints as the code that builds it; the member's code is printed the same way to compare.
    whole = page.locator(selector).toString();
    inner = locatorFromCode(page, memberCode).toString();
  } catch (err) {
    return { ok: false, reason: `its locator cannot be read (${err instanceof Error ? err.message : String(err)})` };
  }
  if (!whole.endsWith(`.${inner}`)) return { ok: false, reason: `the failing call's locator \`${whole}\` does not end in the member's \`${inner}\`` };
  return { ok: true, code: whole.slice(0, -(inner.length + 1)) };
}
