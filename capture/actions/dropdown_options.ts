import type { Locator, Page } from 'playwright';
import { untraced } from '../record/untraced.ts';
import { defineAction } from './define.ts';

/** Option labels of a native <select>, or null when the element is something else. */
export async function nativeOptions(element: Locator): Promise<string[] | null> {
  return element.evaluate((el) =>
    el instanceof HTMLSelectElement ? [...el.options].map((option) => option.label || option.text) : null,
  );
}

/** Options of an ARIA combobox/listbox: the ones it owns, else the ones visible after opening it. */
export async function ariaOptions(page: Page, element: Locator): Promise<string[]> {
  const owned = await element.getByRole('option').allInnerTexts();
  if (owned.length) return owned;
  await element.click();
  return page.getByRole('option').allInnerTexts();
}

export default defineAction({
  name: 'dropdown_options',
  description: 'List the options of a dropdown (select, combobox or listbox) by its index.',
  async run(ctx) {
    const element = ctx.element!;
    const options = (await untraced(ctx.page, () => nativeOptions(element))) ?? (await ariaOptions(ctx.page, element));
    const list = options.map((option) => option.trim()).filter(Boolean);
    return { text: list.length ? `Options of ${ctx.elementLabel}: ${list.map((o) => JSON.stringify(o)).join(', ')}` : `${ctx.elementLabel} has no options` };
  },
});
