import { steadyText } from '../../core/volatile/steady-text.ts';
import type { FieldControl, Interaction, ModelCollection, ModelElement } from '../../core/schema/page-model.ts';
import { steadyName } from '../../core/locator/steady-name.ts';
import { iconText, idText } from './element-marks.ts';
import { isSingleChord, keySegments } from '../../core/act/key-segments.ts';
import { camel, keyWords, pascal, words } from './identifiers.ts';

/**
 * Names derived from what the page shows, without a model (pages: page-names.ts):
 * `signInButton`, `emailInput`, `fillLoginForm(email, password)`, `openItems()`.
 */

const kRoleSuffix: Record<string, string> = {
  button: 'Button', link: 'Link', textbox: 'Input', searchbox: 'Input', spinbutton: 'Input', combobox: 'Select',
  listbox: 'List', checkbox: 'Checkbox', radio: 'Radio', switch: 'Switch', slider: 'Slider', heading: 'Heading',
  tab: 'Tab', menuitem: 'MenuItem', option: 'Option', row: 'Row', cell: 'Cell', img: 'Image', dialog: 'Dialog',
  listitem: 'Item', article: 'Card', treeitem: 'TreeItem',
  table: 'Table', grid: 'Grid', treegrid: 'Grid', gridcell: 'Cell', columnheader: 'ColumnHeader', rowheader: 'RowHeader',
  list: 'List', tree: 'Tree', menu: 'Menu', menubar: 'Menu', menuitemcheckbox: 'MenuItem', menuitemradio: 'MenuItem',
  toolbar: 'Toolbar', tablist: 'Tabs', tabpanel: 'Panel', form: 'Form', region: 'Region', navigation: 'Nav', group: 'Group',
  alertdialog: 'Dialog', alert: 'Alert', status: 'Status', progressbar: 'Progress', figure: 'Figure',
};

/** Roles of parts of a page a heading above them names when they have no name of their own (`Categories` over a table). */
const kCaptionedRoles = new Set(['table', 'grid', 'treegrid', 'list', 'tree', 'form', 'region', 'group', 'tabpanel', 'toolbar', 'menu', 'figure']);

export function singular(word: string): string {
  if (word.endsWith('ies')) return word.slice(0, -3) + 'y';
  if (/(ss|us)$/.test(word)) return word;
  return word.endsWith('s') ? word.slice(0, -1) : word;
}

/** Words that say a container holds a list, not what the list holds (`torrent_list`, `items-table`). */
const kListWords = new Set(['list', 'lists', 'table', 'grid', 'tree', 'feed', 'container', 'wrapper', 'items', 'rows', 'entries', 'ul', 'ol', 'tbody', 'submenu', 'dropdown', 'popup']);
/** An id's leading words are namespaces (`red-ui-header-button-...`); its last ones say what it is. */
const kMaxIdWords = 3;

/** A CSS scope that is one id (`#torrent_list`, `ul#results`) or one class (`ul.results`). */
const kIdSelector = /^[a-z]*#([A-Za-z][\w-]*)$/;
const kClassSelector = /^[a-z]*\.([A-Za-z][\w-]*)$/;

/** The id a collection's CSS scope names (`#torrent_list`), else null. */
export function scopeId(collection: ModelCollection): string | null {
  const scope = collection.scope;
  if (scope?.kind !== 'selector' || !scope.value) return null;
  return kIdSelector.exec(scope.value.trim())?.[1] ?? null;
}

/** An id or class a person wrote in a collection's CSS scope, as text; null when it looks generated. */
function selectorText(selector: string, idPrefix: readonly string[]): string | null {
  const id = kIdSelector.exec(selector.trim());
  if (id) return idText(id[1]!, idPrefix);
  const cls = kClassSelector.exec(selector.trim());
  return cls ? idText(cls[1]!, []) : null;
}

/**
 * What a collection holds, in words, from the list its items are in: its accessible name (`list
 * "Transfers"` -> `transfer`), its test id, the id or class a person gave it (`#torrent_list` ->
 * `torrent`) less `idPrefix`, less the words that only say it is a list, one item's worth
 * (singular); empty when the list has no name (the items are then called by their role).
 */
export function collectionWords(collection: ModelCollection, idPrefix: readonly string[] = []): string[] {
  const scope = collection.scope;
  if (!scope?.value) return [];
  const raw = scope.kind === 'selector' ? selectorText(scope.value, idPrefix) : scope.value;
  let found = words(steadyName(raw ?? '') ?? raw ?? '');
  while (found.length && kListWords.has(found[found.length - 1]!)) found.pop();
  if (!found.length) return [];
  if (scope.kind === 'selector') found = found.slice(-kMaxIdWords);
  found[found.length - 1] = singular(found[found.length - 1]!);
  return found;
}

/** What to call an element without a role that names its kind, by what it is. */
const kTagKind: Record<string, string> = { input: 'Input', textarea: 'Input', select: 'Select', a: 'Link', button: 'Button', img: 'Image' };

/** `Button`, `Input`, `MenuItem`: the kind of element, from its role, else what it is; `filled`: typed into. */
function kindSuffix(element: ModelElement, filled = false): string {
  if (element.role === 'combobox' && element.tag !== 'select') return 'Combobox';
  return kRoleSuffix[element.role ?? ''] ?? (filled ? 'Input' : kTagKind[element.tag] ?? 'Element');
}

/** Names that tell a person how to use the element before what it does: `Click to open actions`, `Tap here to edit`. */
const kInstruction = /^\s*(click|tap|press|select|choose)(\s+(here|me))?\s+to\s+/i;

interface Purpose {
  words: string[];
  /** The words are what the element does, as a verb phrase (`open actions`): a method is named by them alone. */
  action: boolean;
}

/**
 * What an element is for, in words: its label, its column's header (inside a row whose data its
 * name is), its accessible name, its placeholder, its title, its test id, its id when a person
 * wrote it (less `idPrefix`, the namespace most ids of its page carry), the icon it shows, the
 * first that has words; never its tag, which says nothing to a reader. A count in parentheses
 * (`Inbox (3)`) is left out: it changes, the element does not.
 */
function purposeOf(element: ModelElement, idPrefix: readonly string[] = [], itemWords?: ReadonlyMap<string, string[]>, itemKey = false): Purpose {
  const holder = element.collection ? itemWords?.get(element.collection) ?? [] : [];
  // Its name is the text its item is found by (`1.0.0` in the list of releases): one item's data,
  // which the next item does not show. It stands for the item and is named after what the list holds.
  if (itemKey && holder.length) return { words: holder, action: false };
  const own = ownPurpose(element, idPrefix);
  if (own.words.length || !element.collection) return own;
  // Nothing of its own says what it is, and it is no control of a kind (a row clicked as a whole,
  // the cell showing the row's text): it stands for the item, and is named after what the list holds.
  return holder.length && standsForItem(element) ? { words: holder, action: false } : own;
}

/** Item roles: an element with one is the item itself. */
const kItemRoles = new Set(['listitem', 'row', 'article', 'treeitem']);

function standsForItem(element: ModelElement): boolean {
  return kindSuffix(element) === 'Element' || kItemRoles.has(element.role ?? '');
}

/**
 * The element whose whole text is the one its item is found by and that stands for the item: one
 * of no kind (`garden-notes.txt` in its list item), or a link to the record it shows (`1.0.0` to
 * `/v/1.0.0` in a list of releases), or an anchor without an address (no link role: a script's
 * menu entry, `File` among `Edit` and `View`). It is named after the item (`torrentText`,
 * `releaseLink`, `openRelease(release)`, `clickItem(item)`), never after the one item recorded
 * first. A control of a toolbar built as a list (`Deploy` to `#`) keeps its own name.
 */
export function showsItemKey(element: ModelElement, collection: ModelCollection | undefined): boolean {
  const text = element.fingerprint.text?.replace(/\s+/g, ' ').trim();
  if (!collection?.exactKey || !text || text !== collection.example.replace(/\s+/g, ' ').trim()) return false;
  const scriptAnchor = element.tag === 'a' && element.role !== 'link' && element.fingerprint.hrefPath === null;
  return kindSuffix(element) === 'Element' || scriptAnchor || (element.role === 'link' && linksToRecord(element.fingerprint.hrefPath, text));
}

/** The link's target names the record its text shows (`/-/web/detail/garden-planner` for `garden-planner`). */
function linksToRecord(hrefPath: string | null, text: string): boolean {
  if (!hrefPath) return false;
  let target = hrefPath;
  try {
    target = decodeURIComponent(hrefPath);
  } catch {
    // Kept as written: a malformed escape is still compared literally.
  }
  return target.toLowerCase().includes(text.toLowerCase());
}

/**
 * The element of no kind that shows its item's key (`showsItemKey`): it is the item's text, and is
 * called so (`torrentText`), not an element.
 */
export function showsItemText(element: ModelElement, collection: ModelCollection | undefined): boolean {
  return showsItemKey(element, collection) && kindSuffix(element) === 'Element';
}

function ownPurpose(element: ModelElement, idPrefix: readonly string[]): Purpose {
  const id = idText(element.fingerprint.id, idPrefix);
  for (const raw of [element.label, element.column, element.name, element.placeholder, element.title, element.testId, id, iconText(element.fingerprint.icon)]) {
    if (!raw) continue;
    // Words its page changed by itself (a clock, a poll's figures) name nothing.
    const text = steadyText(steadyName(raw) ?? raw, element.fingerprint.volatile).replace(/(^|\s)#(?=\s|$)/g, ' ');
    const action = words(text.replace(kInstruction, ''));
    if (action.length && kInstruction.test(text)) return { words: action, action: true };
    const found = words(text);
    if (found.length) return { words: found, action: false };
  }
  const caption = kCaptionedRoles.has(element.role ?? '') ? element.fingerprint.nearbyHeading : null;
  return { words: caption ? words(steadyName(caption) ?? caption) : [], action: false };
}

/** The words that name an element; empty when nothing about it has words. */
export function elementWords(element: ModelElement, idPrefix: readonly string[] = [], itemWords?: ReadonlyMap<string, string[]>, itemKey = false): string[] {
  return purposeOf(element, idPrefix, itemWords, itemKey).words;
}

/**
 * A member: its purpose and kind (`signInButton`, `notesInput`), or its kind alone (`button`).
 * `itemWords`: what one item of each collection is called (`torrent`), by collection id;
 * `itemKey`: the element shows the text its item is found by (`torrentText`, `torrentLink`).
 */
export function elementMember(element: ModelElement, filled = false, idPrefix: readonly string[] = [], itemWords?: ReadonlyMap<string, string[]>, itemKey = false): string {
  const base = elementWords(element, idPrefix, itemWords, itemKey);
  const kind = kindSuffix(element, filled);
  const suffix = words(itemKey && kind === 'Element' && base.length ? 'Text' : kind);
  const last = base[base.length - 1];
  return camel(last && last === suffix.join('') ? base : [...base, ...suffix]);
}

/** A field is named by its first words: a long label (`Destination folder for new downloads`) says it in three. */
const kMaxFieldWords = 3;

/** A parameter name for a form field: `email`, `password`, `displayName`. */
export function fieldParam(element: ModelElement, idPrefix: readonly string[] = []): string {
  return camel(elementWords(element, idPrefix).slice(0, kMaxFieldWords));
}

/** What a method setting one field does to it, by how it is set. */
const kFieldVerb: Record<FieldControl, string> = { fill: 'fill', append: 'append', select: 'select', check: 'check', setChecked: 'set', upload: 'upload' };

/**
 * A method acting on an element: the verb and what the element is for (`clickSignIn`), the
 * element's own verb phrase when its name is an instruction (`Click to open actions` ->
 * `openActions`), and never the verb twice (`Open settings` link -> `openSettings`).
 */
function actionMethod(verb: string, element: ModelElement, idPrefix: readonly string[], itemWords?: ReadonlyMap<string, string[]>, itemKey = false): string {
  const purpose = purposeOf(element, idPrefix, itemWords, itemKey);
  if (purpose.action) return camel(purpose.words);
  const rest = purpose.words[0] === verb ? purpose.words.slice(1) : purpose.words;
  return verb + pascal(rest.length ? rest : words(kindSuffix(element)));
}

/**
 * A key press: one key or chord by what it presses (`pressEnter`, `pressControlA`); a sequence by
 * what it does and where, never by the text it types (`typeIntoPostBody`, `pressKeysInNotes`,
 * `typeText` when no field had the focus).
 */
function pressMethod(interaction: Extract<Interaction, { kind: 'press' }>, elements: Map<string, ModelElement>, idPrefix: readonly string[], itemWords?: ReadonlyMap<string, string[]>): string {
  if (isSingleChord(interaction.keys)) return `press${pascal(keyWords(interaction.keys))}`;
  const types = keySegments(interaction.keys).some((segment) => segment.kind === 'text');
  const element = interaction.element ? elements.get(interaction.element)! : null;
  if (!element) return types ? 'typeText' : 'pressKeys';
  const named = elementWords(element, idPrefix, itemWords).slice(0, kMaxFieldWords);
  const target = pascal(named.length ? named : words(kindSuffix(element, true)));
  return types ? `typeInto${target}` : `pressKeysIn${target}`;
}

export function methodBase(
  interaction: Interaction, elements: Map<string, ModelElement>, pageBaseName: string, formIndex: number,
  idPrefix: readonly string[] = [], itemWords?: ReadonlyMap<string, string[]>, itemKeys: ReadonlySet<string> = new Set(),
): string {
  switch (interaction.kind) {
    case 'form': {
      // One field: the method says what it sets (`fillSearchPackages`), not the page it is on.
      const only = interaction.fields.length === 1 ? interaction.fields[0]! : null;
      const onlyWords = only ? elementWords(elements.get(only.element)!, idPrefix, itemWords).slice(0, kMaxFieldWords) : [];
      if (only && onlyWords.length) return `${kFieldVerb[only.control]}${pascal(onlyWords)}`;
      if (formIndex === 0) return `fill${pageBaseName}Form`;
      const fields = interaction.fields.slice(0, 2).map((f) => {
        const element = elements.get(f.element)!;
        const named = elementWords(element, idPrefix, itemWords).slice(0, 2);
        return pascal(named.length ? named : words(kindSuffix(element, f.control === 'fill' || f.control === 'append')));
      });
      return `fill${fields.join('And')}`;
    }
    case 'click': {
      const element = elements.get(interaction.element)!;
      // A form's submit control says what submitting does (`Add New User`, `Save Changes`): the method is that (`addNewUser`).
      const submits = element.fingerprint.form ? ownPurpose(element, idPrefix).words : [];
      if (submits.length && !element.collection) return camel(submits);
      return actionMethod(element.role === 'link' ? 'open' : 'click', element, idPrefix, itemWords, itemKeys.has(element.id));
    }
    case 'hover':
      return actionMethod('hover', elements.get(interaction.element)!, idPrefix, itemWords, itemKeys.has(interaction.element));
    case 'press':
      return pressMethod(interaction, elements, idPrefix, itemWords);
  }
}
