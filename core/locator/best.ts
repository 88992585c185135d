import type { Locator } from 'playwright';
import type { RecordedLocator } from '../schema/history.ts';
import { locatorSelector as selectorOf } from '../playwright-internals.ts';

/**
 * The best Playwright locator for the element `locator` points at: the recorder's own choice
 * (`locator.normalize()`: test id, then role+name, label, placeholder, text ... ), verified against
 * the live page. When that choice matches several elements, it is pinned with `nth` and the
 * record says how many it matched, so replay knows it is positional.
 */
export async function bestLocator(locator: Locator): Promise<RecordedLocator> {
  const normalized = await locator.normalize();
  const matches = await normalized.count();
  if (matches <= 1) return { code: normalized.toString(), selector: selectorOf(normalized), matches };
  const handle = await locator.elementHandle();
  const position = handle
    ? await normalized.evaluateAll((els, target) => els.indexOf(target as HTMLElement), handle)
    : -1;
  await handle?.dispose();
  if (position < 0) return { code: normalized.toString(), selector: selectorOf(normalized), matches };
  const pinned = normalized.nth(position);
  return { code: pinned.toString(), selector: selectorOf(pinned), matches };
}
