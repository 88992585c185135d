import type { ModelLocator } from '../../core/schema/page-model.ts';

/**
 * Whether a locator finds its element by its place alone: a CSS path of tags and positions
 * (`html > body > div:nth-child(3) > button`), a tag and an index (`locator('div').nth(5)`), a role
 * with no name and an index (the third button). Nothing of the element itself is in it, so a
 * change of layout moves it onto another element.
 */
export function positionOnly(locator: ModelLocator): boolean {
  if (locator.kind === 'selector') return locator.value !== null && !/[#.[="']/.test(locator.value) && (locator.nth !== null || /[>:]/.test(locator.value));
  if (locator.kind === 'role') return !locator.value && locator.nth !== null;
  return false;
}
