import type { Fingerprint, RecordedLocator } from '../../core/schema/history.ts';
import type { ModelLocator } from '../../core/schema/page-model.ts';
import type { StepEvidence } from './candidates.ts';
import { locatable } from './locatable.ts';
import { testIdAttributeOf } from './locate.ts';
import { writtenId } from '../../core/locator/written-id.ts';
import { attributeSelector } from '../../core/locator/model-code.ts';

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
  /** The key is an element's whole text (`has: getByText(key, { exact: true })`), not a prefix of the item's text. */
  exactKey: boolean;
  /** The list or table the items are in, when named. */
  scope: ModelLocator | null;
  /** Items side by side at record time. */
  siblings: number;
  /** Element id inside the item, e.g. `listitem > checkbox`, `row > button:Delete`. */
  elementId: string;
  /** The header of the table column the element is in (from the DOM snapshot), else null. */
  column: string | null;
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

/** The item role of the repeated item around the element, or null when it is not inside one. */
export function itemRoleOf(fp: Fingerprint): string | null {
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
  return role;
}

/** CSS for the elements that can be items of a role, and for the lists that hold them. */
export const kItemCss: Record<string, { item: string; list: string }> = {
  row: { item: 'tr, [role=row]', list: 'table, [role=table], [role=grid], [role=treegrid]' },
  listitem: { item: 'li, [role=listitem]', list: 'ul, ol, menu, [role=list]' },
  article: { item: 'article, [role=article]', list: '[role=feed], main, section, [role=region]' },
  treeitem: { item: '[role=treeitem]', list: '[role=tree], [role=group]' },
};

/**
 * Ways to find the element inside its item, best first, each with its element id: the test id,
 * role and name (unless the name is the item's own data), the CSS selector the recorded locator
 * ended with, the item's key when the element shows it whole, role alone, an id a person wrote,
 * role at its slot, the tag, the tag at its slot, and role and name even
 * when the name is data.
 */
export function innerCandidates(found: Fingerprint, key: string, testIdAttribute: string, testIdFrom: string | null, recordedTail: string | null = null): { locator: ModelLocator; inner: string }[] {
  const fp = locatable(found).fingerprint;
  const base = { frames: [], scope: null, row: null, matches: null, verified: false, exact: false, nth: null };
  const slot = fp.container && fp.container.slot.count > 1 ? fp.container.slot.index : null;
  const out: { locator: ModelLocator; inner: string }[] = [];
  if (fp.testId && !normalize(key).includes(normalize(fp.testId))) {
    const from = testIdFrom ?? testIdAttribute;
    out.push({
      locator: from === testIdAttribute
        ? { ...base, kind: 'testId', role: null, value: fp.testId }
        : { ...base, kind: 'selector', role: null, value: attributeSelector(from, fp.testId) },
      inner: `testid:${fp.testId}`,
    });
  }
  const dataName = fp.role && fp.name ? nameIsData(fp, key) : true;
  if (fp.role && fp.name && !dataName) out.push({ locator: { ...base, kind: 'role', role: fp.role, value: fp.name }, inner: `${fp.role}:${fp.name}` });
  // What the recorded locator looked for inside the item (a plan's `.locator('[data-name=title]')`).
  if (recordedTail) out.push({ locator: { ...base, kind: 'selector', role: null, value: recordedTail }, inner: recordedTail });
  // The element that shows the item's key whole (a row's link to its record, a menu's caption) is
  // found by that text, which generated code passes on from the item: one way for every item, where
  // the element's kind alone is shared with the item's other links or cells.
  if (key && normalize(fp.text) === normalize(key)) {
    const byName = fp.role && normalize(fp.name) === normalize(key);
    out.push({
      locator: byName ? { ...base, kind: 'role', role: fp.role, value: key, exact: true, key: true } : { ...base, kind: 'text', role: null, value: key, exact: true, key: true },
      inner: `${byName ? fp.role : 'text'}:(key)`,
    });
  }
  if (fp.role) out.push({ locator: { ...base, kind: 'role', role: fp.role, value: null }, inner: fp.role });
  // An id a person wrote, before any position: a position finds whatever element takes the slot
  // after a change, an id finds its own element or fails. One that holds its item's data (`toggle-ann`)
  // finds nothing in another item, which a test then says, where a position could act on another control.
  const id = writtenId(fp.id);
  if (id) out.push({ locator: { ...base, kind: 'selector', role: null, value: `#${id}` }, inner: `#${id}` });
  if (fp.role && slot !== null) out.push({ locator: { ...base, kind: 'role', role: fp.role, value: null, nth: slot }, inner: `${fp.role}#${slot}` });
  const type = fp.type && fp.tag === 'input' ? `[type=${JSON.stringify(fp.type)}]` : '';
  out.push({ locator: { ...base, kind: 'selector', role: null, value: `${fp.tag}${type}` }, inner: `${fp.tag}${type}` });
  if (slot !== null) out.push({ locator: { ...base, kind: 'selector', role: null, value: `${fp.tag}${type}`, nth: slot }, inner: `${fp.tag}${type}#${slot}` });
  if (fp.role && fp.name && dataName) out.push({ locator: { ...base, kind: 'role', role: fp.role, value: fp.name }, inner: `${fp.role}:${fp.name}` });
  return out;
}

/**
 * The item an element belongs to, or null when it is not inside a repeated item. With the step's
 * DOM evidence, the item, its key and the element inside it are what was verified there (null
 * when nothing held: the element is then found page-wide); without, they come from the
 * fingerprint alone and the item is found by a prefix of its text.
 */
export function rowScope(fp: Fingerprint, recorded: RecordedLocator | null, testIdAttribute: string, evidence?: StepEvidence): RowScope | null {
  if (evidence) {
    const row = evidence.row;
    if (!row) return null;
    const collection = row.scope ? `${row.role} in ${describeScope(row.scope)}` : row.role;
    return { collection, role: row.role, key: row.key, exactKey: true, scope: row.scope, siblings: row.siblings, elementId: row.elementId, column: row.column, locator: { ...row.inner, matches: 1, verified: true } };
  }
  const role = itemRoleOf(fp);
  if (!role) return null;
  const container = fp.container!;
  const key = itemKey(container.text ?? container.name ?? '');
  // The key is a prefix of the item's text here, no element's whole text: no member is found by it.
  const candidates = innerCandidates(fp, key, testIdAttribute, testIdAttributeOf(fp, recorded)).filter((c) => !c.locator.key);
  // Unchecked: an unnamed control is pinned to its slot, the only position a fingerprint knows.
  const first = candidates[0]!;
  const named = first.locator.kind === 'testId' || first.inner.startsWith('testid:') || (first.locator.kind === 'role' && first.locator.value !== null);
  const chosen = named ? first : candidates.find((c) => c.locator.nth !== null) ?? first;
  const { locator, inner } = chosen;
  return { collection: role, role, key, exactKey: false, scope: null, siblings: container.siblings, elementId: `${role} > ${inner}`, column: null, locator: { ...locator, matches: null, verified: false } };
}

/** `table "Items"`, `testid items-table`, `#results`: how a collection's list reads in ids and docs. */
export function describeScope(scope: ModelLocator): string {
  switch (scope.kind) {
    case 'role': return scope.value ? `${scope.role} "${scope.value}"` : (scope.role ?? 'list');
    case 'testId': return `testid ${scope.value}`;
    default: return scope.value ?? 'list';
  }
}
