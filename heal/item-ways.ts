import type { Page } from 'playwright';
import { inPage } from '../core/in-page.ts';
import type { Fingerprint } from '../core/schema/history.ts';
import type { ModelLocator } from '../core/schema/page-model.ts';
import { innerCandidates, itemRoleOf, kItemCss } from '../generate/model/rows.ts';


/**
 * Ways to find an element that has a look-alike in every item of a list (a collapse button per
 * object of a code sample, a delete button per row): its item by a text one of the item's
 * elements shows whole and no sibling item shows, read from the snapshot as generate reads it,
 * then the element inside the item. Positions inside the item are left out.
 */


/** The ways, best first, as locators with their item (`row`); the element carries the `mark` attribute. `volatile`: the recorded page's (no key holds one). */
export async function itemWays(page: Page, live: Fingerprint, mark: string, testIdAttribute: string, volatile: string[] = []): Promise<ModelLocator[]> {
  const role = itemRoleOf(live);
  if (!role) return [];
  const css = kItemCss[role]!;
  const probe = await page.evaluate(await inPage.fn('rowProbe'), { target: mark, item: css.item, list: css.list, testIdAttribute, typed: [], volatile }).catch(() => null);
  if (!probe?.keys.length || probe.fieldLabel) return [];
  const out: ModelLocator[] = [];
  for (const key of probe.keys) {
    for (const inner of innerCandidates(live, key.text, testIdAttribute, live.testIdAttribute)) {
      if (inner.locator.nth !== null || inner.locator.kind === 'testId') continue;
      out.push({ ...inner.locator, row: { role, key: key.text } });
    }
  }
  return out;
}
