import type { Locator } from 'playwright';
import type { RecordedLocator } from '../schema/history.ts';

/**
 * The best Playwright locator for the element `locator` points at: the recorder's own choice
 * (`locator.normalize()`: test id, then role+name, label, placeholder, text ... ), verified against
 * the live page, kept as its public code (`toString()`). When that choice matches several
 * elements, it is pinned with `nth` and the record says how many it matched, so replay knows it
 * is positional.
 */
export async function bestLocator(locator: Locator): Promise<RecordedLocator> {
  const normalized = await locator.normalize();
  const matches = await normalized.count();
  if (matches <= 1) return { code: normalized.toString(), matches };
  const handle = await locator.elementHandle();
  const position = handle
    ? await normalized.evaluateAll((els, target) => els.indexOf(target as HTMLElement), handle)
    : -1;
  await handle?.dispose();
  if (position < 0) return { code: normalized.toString(), matches };
  return { code: normalized.nth(position).toString(), matches };
}
