import type { Locator } from 'playwright';

/**
 * The selector string behind a Locator, in the form `page.locator()` accepts verbatim and that
 * traces record (`internal:role=button[name="Save"i]`). Playwright keeps it on the instance; there
 * is no public getter, so this is the one place that reads it.
 */
export function selectorOf(locator: Locator): string {
  const selector = (locator as unknown as { _selector?: unknown })._selector;
  if (typeof selector !== 'string') throw new Error('this Playwright version does not expose locator selectors');
  return selector;
}
