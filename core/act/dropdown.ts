import type { Locator, Page } from 'playwright';
import { inPage } from '../in-page.ts';

/**
 * Dropdowns as capture, replay and the MCP tools all drive them: a native <select> by option
 * label (or value), an ARIA combobox or listbox by opening it and clicking the option by name.
 */

export async function nativeOptions(element: Locator): Promise<string[] | null> {
  return element.evaluate(await inPage.fn('nativeOptions'));
}

/** Options of an ARIA combobox/listbox: the ones it owns, else the ones visible after opening it. */
export async function ariaOptions(page: Page, element: Locator): Promise<string[]> {
  const owned = await element.getByRole('option').allInnerTexts();
  if (owned.length) return owned;
  await element.click();
  return page.getByRole('option').allInnerTexts();
}

export interface ChooseOptions {
  /** Runs bookkeeping reads (is it a native select?) out of any trace; identity by default. */
  quietly?: <T>(read: () => Promise<T>) => Promise<T>;
  timeout?: number;
  /**
   * Reads the native options (core/in-page/native-options.ts) another way than through the locator (replay reads it where it
   * found the element); `undefined` when it could not, and the locator is read instead.
   */
  readNative?: () => Promise<string[] | null | undefined>;
}

/** Chooses the option `text` in a native select or a custom dropdown. */
export async function chooseOption(page: Page, element: Locator, text: string, options: ChooseOptions = {}): Promise<void> {
  const quietly = options.quietly ?? ((read) => read());
  const timeout = options.timeout;
  const read = await options.readNative?.();
  const native = read === undefined ? await quietly(() => nativeOptions(element)) : read;
  if (native) {
    const byLabel = native.some((label) => label.trim() === text.trim());
    await element.selectOption(byLabel ? { label: text } : text, { timeout });
    return;
  }
  await element.click({ timeout });
  await page.getByRole('option', { name: text, exact: true }).click({ timeout });
}
