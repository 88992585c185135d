import type { Fingerprint, RecordedLocator } from '../../core/schema/history.ts';
import type { ModelLocator } from '../../core/schema/page-model.ts';
import { attributeSelector, testIdAttributeOf } from './locate.ts';

/**
 * Elements that belong to one item of a repeated collection (a list item, a table row, a card):
 * the same control exists once per item, so a page-wide locator matches several elements as soon
 * as the data grows. They are modelled inside the item instead, which generated code finds by the
 * text it shows. The fingerprint's container says which item the element was in and where.
 */

/** Container roles whose items repeat, and the item role generated code looks for. */
const kItemRoles: Record<string, string> = {
  listitem: 'listitem', row: 'row', cell: 'row', gridcell: 'row', columnheader: 'row', rowheader: 'row', article: 'article', treeitem: 'treeitem',
};
/** Lists in these landmarks are menus, not data. */
const kMenuLandmarks = new Set(['navigation', 'banner', 'contentinfo']);
/** The item text generated code passes: enough words to tell items apart, short enough to read. */
const kMaxKeyChars = 40;

export interface RowScope {
  /** Collection id on its page (the item role). */
  collection: string;
  /** The item's role. */
  role: string;
  /** The text that finds the item acted in. */
  key: string;
  /** Items side by side at record time. */
  siblings: number;
  /** Element id inside the item, e.g. `listitem > checkbox`, `row > button:Delete`. */
  elementId: string;
  /** The element's locator relative to its item. */
  locator: ModelLocator;
}

function normalize(text: string | null | undefined): string {
  return (text ?? '').replace(/\s+/g, ' ').trim().toLowerCase();
}

/** The first words of an item's text, cut at a word boundary. */
export function itemKey(text: string): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= kMaxKeyChars) return clean;
  const cut = clean.slice(0, kMaxKeyChars + 1);
  const space = cut.lastIndexOf(' ');
  return (space > kMaxKeyChars / 2 ? cut.slice(0, space) : cut.slice(0, kMaxKeyChars)).trim();
}

/** A name that repeats what the item shows (a link to the record, a label made of its data) is data, not identity. */
function nameIsData(fp: Fingerprint, key: string): boolean {
  const name = normalize(fp.name);
  const item = normalize(key);
  return Boolean(name) && (item.includes(name) || name.includes(item));
}

/** The item an element belongs to, or null when it is not inside a repeated item. */
export function rowScope(fp: Fingerprint, recorded: RecordedLocator | null, testIdAttribute: string): RowScope | null {
  const container = fp.container;
  if (!container) return null;
  const role = kItemRoles[container.role];
  const text = container.text ?? container.name;
  if (!role || !text || fp.frameChain.length) return null;
  if (fp.landmarks.some((l) => kMenuLandmarks.has(l.role))) return null;
  // The element is all the item shows (a list of links): its own name already identifies it.
  if (normalize(text) === normalize(fp.name)) return null;
  // A labelled field of a form laid out in a table is a field of the page, not of a record.
  if (fp.label && fp.roleNameCount <= 1 && fp.tag !== 'a') return null;
  const key = itemKey(text);
  const base = { frames: [], scope: null, matches: 1, verified: true, exact: false };
  const slot = container.slot.count > 1 ? container.slot.index : null;
  let locator: ModelLocator;
  let inner: string;
  const attribute = testIdAttributeOf(fp, recorded);
  if (fp.testId && !normalize(key).includes(normalize(fp.testId))) {
    locator = attribute === testIdAttribute
      ? { ...base, kind: 'testId', role: null, value: fp.testId, nth: null }
      : { ...base, kind: 'selector', role: null, value: attributeSelector(attribute!, fp.testId), nth: null };
    inner = `testid:${fp.testId}`;
  } else if (fp.role && fp.name && !nameIsData(fp, key)) {
    locator = { ...base, kind: 'role', role: fp.role, value: fp.name, nth: null };
    inner = `${fp.role}:${fp.name}`;
  } else if (fp.role) {
    locator = { ...base, kind: 'role', role: fp.role, value: null, nth: slot };
    inner = slot === null ? fp.role : `${fp.role}#${slot}`;
  } else {
    const type = fp.type && fp.tag === 'input' ? `[type=${JSON.stringify(fp.type)}]` : '';
    locator = { ...base, kind: 'selector', role: null, value: `${fp.tag}${type}`, nth: slot };
    inner = `${fp.tag}${type}${slot === null ? '' : `#${slot}`}`;
  }
  return { collection: role, role, key, siblings: container.siblings, elementId: `${role} > ${inner}`, locator };
}
