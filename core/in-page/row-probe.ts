/**
 * Runs in a rendered DOM snapshot: the repeated item (table row, list item, card) around the
 * element an action targeted, read the way Playwright reads text. `getByText(text, { exact: true })`
 * matches an element whose whole text, whitespace collapsed, is `text`; so an item's keys are the
 * whole texts of the elements inside it that hold text of their own (a cell, a link, a label), and
 * a key identifies its item when no sibling item holds an element with that same text. A text
 * holding an identifier the app generated (a UUID) is no key: it names the record of one run; nor
 * is one holding a word the page changed by itself (a clock, "573ms ago"): it names that moment.
 */

export interface RowProbeInput {
  /** The attribute that marks the recorded element. */
  target: string;
  /** CSS for the item role's elements (`tr, [role=row]`). */
  item: string;
  /** CSS for the list around items of that role (`table, [role=table], [role=grid]`). */
  list: string;
  testIdAttribute: string;
  /** Values the flow typed: an item that shows one was made by the flow, the best key there is. */
  typed: string[];
  /** Shapes of the words the page changed by itself (core/volatile/steady-text.ts): a text holding one is no key. */
  volatile: string[];
}

export interface RowKey {
  text: string;
  /** `typed`: a value the flow entered; `data`: words; `number`: digits and signs only; `control`: a button's or option's caption. */
  kind: 'typed' | 'data' | 'number' | 'control';
}

export interface RowProbe {
  /** Keys of the target's item that no sibling item has, best first. */
  keys: RowKey[];
  /** Items like it under the same parent, itself included. */
  siblings: number;
  /** The header of the table column the element is in, when there is one. */
  column: string | null;
  /**
   * The element is a form field and its row's header cell names it (`<th>Username</th><td><input>`):
   * a form laid out in a table, whose rows are fields of the page, not records. The header's text.
   */
  fieldLabel: string | null;
  /** Ways to name the list the item is in, best first. */
  lists: { testId: string | null; id: string | null; label: string | null; role: string | null }[];
}

/** Elements whose text is a control's caption, not the item's data. */
const kControlSelector = 'button, [role=button], select, option, [role=option], [role=menuitem], [role=tab]';
// An identifier the app generated (a UUID, a long hex digest) names one record of one run: the
// next run's record has another, so a key holding one finds nothing then.
const kGeneratedId = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|(?<![0-9a-z])(?=[a-z]*\d)[0-9a-f]{16,}(?![0-9a-z])/i;
const kKindRank: Record<RowKey['kind'], number> = { typed: 0, data: 1, number: 2, control: 3 };
const kField = 'input:not([type=hidden]), select, textarea, [contenteditable=""], [contenteditable=true], [role=textbox], [role=combobox], [role=checkbox], [role=switch], [role=spinbutton], [role=radio]';

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** A word's shape as core/volatile/steady-text.ts writes it (its own copy: it runs in the page). */
function shapeOf(word: string): string {
  return word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '').toLowerCase().replace(/\d+/g, '#');
}

function changesByItself(text: string, volatile: Set<string>): boolean {
  return volatile.size > 0 && text.split(' ').some((word) => /\d/.test(word) && volatile.has(shapeOf(word)));
}

/** The whole texts of the elements in `root` that hold text of their own, each with the first such element. */
function runsOf(root: Element): Map<string, Element> {
  const runs = new Map<string, Element>();
  for (const element of [root, ...root.querySelectorAll('*')]) {
    if (element.closest('script, style, template, noscript')) continue;
    const own = [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && /\S/.test(node.textContent ?? ''));
    if (!own) continue;
    const text = collapse(element.textContent ?? '');
    if (text && !runs.has(text)) runs.set(text, element);
  }
  return runs;
}

/** The header over `target`'s cell: same column position, counting spans, in the table's first row of headers. */
function columnHeader(target: Element, item: Element): string | null {
  const cell = target.closest('td, th, [role=cell], [role=gridcell]');
  if (!cell || cell.parentElement !== item) return null;
  const position = (cells: Element[], at: Element) => cells.slice(0, cells.indexOf(at)).reduce((sum, c) => sum + (Number(c.getAttribute('colspan')) || 1), 0);
  const at = position([...item.children], cell);
  const table = item.closest('table, [role=table], [role=grid], [role=treegrid]');
  // A row of column headers: in the table's head, or made of header cells only (a row whose first cell is a header names that row instead).
  const isHeaderRow = (row: Element) => Boolean(row.closest('thead')) || (row.children.length > 0 && [...row.children].every((cell) => cell.matches('th, [role=columnheader]')));
  const headerRow = [...(table?.querySelectorAll('tr, [role=row]') ?? [])].find(isHeaderRow);
  if (!headerRow || headerRow === item) return null;
  let column = 0;
  for (const header of headerRow.children) {
    if (column === at) return collapse(header.textContent ?? '') || null;
    column += Number(header.getAttribute('colspan')) || 1;
  }
  return null;
}

/** The texts of `item` that none of `siblings` holds and that name a record for good, best first. */
function uniqueKeys(item: Element, siblings: Element[], input: RowProbeInput): RowKey[] {
  const volatile = new Set(input.volatile);
  const taken = new Set<string>();
  for (const sibling of siblings) for (const text of runsOf(sibling).keys()) taken.add(text);
  const keys: RowKey[] = [];
  for (const [text, element] of runsOf(item)) {
    if (taken.has(text) || text.length > 80 || kGeneratedId.test(text) || changesByItself(text, volatile)) continue;
    const kind: RowKey['kind'] = input.typed.includes(text) ? 'typed'
      : element.closest(kControlSelector) ? 'control'
      : /\p{L}/u.test(text) ? 'data' : 'number';
    keys.push({ text, kind });
  }
  return keys.sort((a, b) => kKindRank[a.kind] - kKindRank[b.kind]);
}

/** The lists around `item`, innermost first (three at most). */
function listsAround(item: Element, input: RowProbeInput): RowProbe['lists'] {
  const lists: RowProbe['lists'] = [];
  for (let list = item.parentElement?.closest(input.list) ?? null; list && lists.length < 3; list = list.parentElement?.closest(input.list) ?? null) {
    const caption = list.querySelector(':scope > caption');
    lists.push({
      testId: list.getAttribute(input.testIdAttribute),
      id: list.id || null,
      label: list.getAttribute('aria-label') ?? (caption ? collapse(caption.textContent ?? '') || null : null),
      role: list.getAttribute('role'),
    });
  }
  return lists;
}

/** The text of the row header naming `target` when it is a form field laid out in a table row. */
function fieldLabelOf(target: Element, item: Element): string | null {
  const rowHeader = [...item.children].find((cell) => cell.matches('th, [role=rowheader]') && !cell.contains(target));
  return target.matches(kField) && rowHeader && !item.closest('thead') ? collapse(rowHeader.textContent ?? '') || null : null;
}

export function rowProbe(input: RowProbeInput): RowProbe | null {
  const target = document.querySelector(`[${input.target}]`);
  const item = target?.closest(input.item);
  if (!target || !item) return null;
  const parent = item.parentElement;
  const siblings = parent ? [...parent.children].filter((child) => child !== item && child.matches(input.item)) : [];
  const keys = uniqueKeys(item, siblings, input);
  const fieldLabel = fieldLabelOf(target, item);
  return {
    keys: keys.slice(0, 4), siblings: siblings.length + 1, column: columnHeader(target, item),
    fieldLabel: fieldLabel && keys.some((k) => k.text === fieldLabel) ? fieldLabel : null, lists: listsAround(item, input),
  };
}
