import { z } from 'zod';
import type { Flow, ModelElement, PageModel } from '../../core/schema/page-model.ts';
import { sharedIdPrefix } from './element-marks.ts';
import { collectionWords, scopeId, elementMember, fieldParam, methodBase, showsItemKey } from './derive.ts';
import { pageBases, pageTitle } from './page-names.ts';
import { camel, kebab, NameAllocator, pascal, safeVariable, sanitizeIdentifier, words } from './identifiers.ts';

/**
 * Every name the emitters use, assigned in model order so the same model always gets the same
 * names. Proposals (from a language model) replace derived names only after sanitizing; the
 * allocator still resolves every collision.
 */

/** What a model may propose; any field may be null (keep the derived name). */
export const NameProposals = z.object({
  pages: z.array(z.object({
    id: z.string(),
    name: z.string().nullable().describe('PascalCase page name without the Page suffix, e.g. Login, ItemDetail'),
    purpose: z.string().nullable().describe('one or two sentences: what a user does on this page'),
    elements: z.array(z.object({ id: z.string(), name: z.string().nullable().describe('camelCase member, e.g. signInButton') })),
    methods: z.array(z.object({
      id: z.string(),
      name: z.string().nullable().describe('camelCase method, e.g. fillLoginForm, openItems'),
      params: z.array(z.string()).nullable().describe('camelCase parameter names, one per field that takes a value'),
    })),
  })),
  flows: z.array(z.object({
    sessionId: z.string(),
    name: z.string().nullable().describe('camelCase workflow function, e.g. signInAndCreateItem'),
    description: z.string().nullable().describe('one sentence: what the flow achieves'),
  })),
});
export type NameProposals = z.infer<typeof NameProposals>;

export interface MethodNames {
  name: string;
  /** One per form field; empty string for fields that take no value (radio `check`). */
  params: string[];
  /** The parameter holding the item's text when the interaction acts inside a collection item. */
  item: string | null;
}

/** A collection's item class and how the page object reaches one item. */
export interface CollectionNames {
  /** e.g. `TodosItem`. */
  className: string;
  /** The page object method returning one item, e.g. `item`; also the parameter name of item text. */
  accessor: string;
  /** Members of the item class by element id. */
  members: Map<string, string>;
}

export interface PageNames {
  className: string;
  /** Kebab-case name for the doc file, e.g. `item-detail`. */
  docFile: string;
  members: Map<string, string>;
  methods: Map<string, MethodNames>;
  collections: Map<string, CollectionNames>;
  purpose: string;
}

export interface FlowNames {
  functionName: string;
  /** Kebab-case base of the workflow and spec files. */
  fileBase: string;
  description: string;
}

export interface Names {
  pages: Map<string, PageNames>;
  flows: Map<string, FlowNames>;
}

/** How code reaches an element's member: `signInButton`, or `item(text).toggleCheckbox` inside a collection item. */
export function memberPath(names: PageNames, element: ModelElement): string {
  if (!element.collection) return names.members.get(element.id)!;
  const item = names.collections.get(element.collection)!;
  return `${item.accessor}(text).${item.members.get(element.id)!}`;
}

/** Item classes by item role: `TodosItem`, `ItemsRow`, `ProductsCard`. */
const kItemSuffix: Record<string, string> = { listitem: 'Item', row: 'Row', article: 'Card', treeitem: 'TreeItem' };
/** Members every item class has. */
const kItemMembers = ['root', 'constructor', 'then'];

/** Members every page object has; `then` would make an awaited page object look like a promise. */
export const kPageObjectMembers = ['page', 'goto', 'expectLoaded', 'constructor', 'url', 'urlPattern', 'then'];
/** Names when nothing else is usable (a page named only by emoji). */
const kFallbackClass = 'AppPage';
const kFallbackMember = 'element';
const kFallbackFlow = 'recordedFlow';
/** The words of a recording's own account of what it did that name its flow: a short phrase, not its sentence. */
const kMaxGoalWords = 4;
/** What generated workflows and specs import besides page classes. */
const kImportedNames = ['Page', 'page', 'expect', 'test', 'requireSecret', 'replayHistory'];
const kMaxProseLength = 400;

/** Prose for docs and JSDoc: one line, no comment terminators, bounded length. */
export function cleanProse(text: string | null | undefined): string | null {
  if (!text) return null;
  const line = text.replace(/\*\//g, '*').replace(/\p{Cc}+/gu, ' ').replace(/\s+/g, ' ').trim();
  return line ? line.slice(0, kMaxProseLength) : null;
}

function derivedPurpose(page: PageModel['pages'][number], model: PageModel): string {
  const own = pageTitle(page, model);
  const title = own === null ? '' : ` titled “${own}”`;
  const heading = page.heading ? `, headed “${page.heading.text}”` : '';
  return `The page at \`${page.urlPattern}\`${title}${heading}.`;
}

/** A landmark's role as a reader calls that part of the page. */
const kPartWords: Record<string, string> = {
  dialog: 'dialog', alertdialog: 'dialog', banner: 'header', contentinfo: 'footer', complementary: 'sidebar',
  navigation: 'nav', main: 'main', form: 'form', search: 'search', region: 'region',
};

/** The word for the part of the page `element` is in, when the member it clashes with (`holder`) is in another; else null. */
function partWord(element: ModelElement, holder: ModelElement | undefined): string | null {
  if (!holder) return null;
  const innermost = (e: ModelElement) => e.fingerprint.landmarks[e.fingerprint.landmarks.length - 1]?.role ?? null;
  const own = innermost(element);
  const word = own ? kPartWords[own] ?? null : null;
  return word && innermost(holder) !== own ? word : null;
}

function takesValue(control: string): boolean {
  return control !== 'check';
}

export function assignNames(model: PageModel, proposals: NameProposals | null): Names {
  const bases = pageBases(model);
  // Generated files import Page, Locator, expect and test from Playwright: no class may take those
  // names. Classes name their files, and some file systems do not tell case apart.
  const classes = new NameAllocator(['Page', 'Locator', 'Expect', 'Test'], (name) => name.toLowerCase());
  const docs = new NameAllocator([], (name) => name.toLowerCase());
  const pages = new Map<string, PageNames>();
  for (const page of model.pages) {
    const proposal = proposals?.pages.find((p) => p.id === page.id);
    const derived = bases.get(page.id)!;
    const proposed = proposal?.name ? sanitizeIdentifier(proposal.name, derived, 'pascal').replace(/Page$/, '') : '';
    const base = proposed || derived;
    const className = classes.allocate(sanitizeIdentifier(`${base}Page`, kFallbackClass, 'pascal'));
    const inClass = new NameAllocator(kPageObjectMembers);
    const elements = new Map<string, ModelElement>(page.elements.map((e) => [e.id, e]));
    const members = new Map<string, string>();
    const collections = new Map<string, CollectionNames>();
    // The namespace most ids of the page start with names none of them.
    const idPrefix = sharedIdPrefix(page.elements.flatMap((element) => (element.fingerprint.id ? [element.fingerprint.id] : [])));
    // One item of a collection is called after what its list holds (`torrent(text)`, `TorrentItem`), else by its role (`item(text)`).
    const itemWords = new Map<string, string[]>();
    // Lists with ids side by side (`app-header-deploy-submenu`, `app-header-main-submenu`): what their ids share names none of them.
    const listPrefix = sharedIdPrefix(page.collections.flatMap((c) => scopeId(c) ?? []));
    for (const collection of page.collections) {
      const suffix = kItemSuffix[collection.role] ?? 'Item';
      const held = collectionWords(collection, listPrefix.length ? listPrefix : idPrefix);
      const called = held.length ? held : words(suffix);
      const accessor = inClass.allocate(sanitizeIdentifier(camel(called), camel(words(suffix)), 'camel'));
      itemWords.set(collection.id, called);
      collections.set(collection.id, {
        className: classes.allocate(sanitizeIdentifier(`${held.length ? pascal(held) : base}${suffix}`, `${kFallbackClass}${suffix}`, 'pascal')),
        accessor,
        members: new Map(),
      });
    }
    const inItem = new Map([...collections.keys()].map((id) => [id, new NameAllocator(kItemMembers)]));
    // An element typed into is an input, whatever it is made of (an editable <div>).
    const filled = new Set(page.interactions.flatMap((i) => (i.kind === 'form' ? i.fields.filter((f) => f.control === 'fill' || f.control === 'append').map((f) => f.element) : [])));
    // Elements that show the text their item is found by: named after the item, not one item's data.
    const itemKeys = new Set(page.elements.filter((element) => showsItemKey(element, page.collections.find((c) => c.id === element.collection))).map((element) => element.id));
    // Look-alikes (a header's Login button and a dialog's) are told apart by the part of the page they are in.
    const holders = new Map<string, ModelElement>();
    const apart = new Map<string, string>();
    for (const element of page.elements) {
      const name = proposal?.elements.find((e) => e.id === element.id)?.name;
      const derivedMember = sanitizeIdentifier(elementMember(element, filled.has(element.id), idPrefix, itemWords, itemKeys.has(element.id)), kFallbackMember, 'camel');
      let member = name ? sanitizeIdentifier(name, derivedMember, 'camel') : derivedMember;
      const part = element.collection ? null : partWord(element, holders.get(member));
      if (part && inClass.has(member)) {
        apart.set(element.id, part);
        member = camel([part, ...words(member)]);
      }
      if (element.collection) collections.get(element.collection)!.members.set(element.id, inItem.get(element.collection)!.allocate(member));
      else {
        const allocated = inClass.allocate(member);
        holders.set(allocated, element);
        members.set(element.id, allocated);
      }
    }
    const methods = new Map<string, MethodNames>();
    // The page's first form of several fields is its form (`fillLoginForm`); a one-field form is named by its field.
    let formIndex = 0;
    for (const interaction of page.interactions) {
      const proposed = proposal?.methods.find((m) => m.id === interaction.id);
      let fallback = sanitizeIdentifier(methodBase(interaction, elements, className.replace(/Page$/, ''), interaction.kind === 'form' && interaction.fields.length > 1 ? formIndex++ : 0, idPrefix, itemWords, itemKeys), interaction.kind, 'camel');
      // The method on a look-alike says where it is too, after its verb: `clickDialogLogin`.
      const part = interaction.kind === 'click' || interaction.kind === 'hover' ? apart.get(interaction.element) : undefined;
      if (part && inClass.has(fallback)) fallback = fallback.replace(/^(\p{Ll}+)/u, (verb) => verb + pascal([part]));
      const name = inClass.allocate(proposed?.name ? sanitizeIdentifier(proposed.name, fallback, 'camel') : fallback);
      const item = interaction.collection ? collections.get(interaction.collection)!.accessor : null;
      methods.set(interaction.id, { name, item, params: interaction.kind === 'form' ? formParams(interaction.fields, elements, proposed?.params ?? null, item, idPrefix) : [] });
    }
    const purpose = cleanProse(proposal?.purpose) ?? derivedPurpose(page, model);
    pages.set(page.id, { className, docFile: docs.allocate(kebab(className.replace(/Page$/, '')) || 'page'), members, methods, collections, purpose });
  }
  // A workflow's name is imported beside the page classes and Playwright's, and names its files.
  const functions = new NameAllocator([...pages.values()].map((p) => p.className).concat(kImportedNames), kebab);
  const flows = new Map<string, FlowNames>();
  for (const flow of model.flows) {
    const proposal = proposals?.flows.find((f) => f.sessionId === flow.sessionId);
    const derived = safeVariable(sanitizeIdentifier(flowBase(flow, pages), kFallbackFlow, 'camel'), 'Flow');
    const functionName = functions.allocate(proposal?.name ? safeVariable(sanitizeIdentifier(proposal.name, derived, 'camel'), 'Flow') : derived);
    flows.set(flow.sessionId, {
      functionName,
      fileBase: kebab(functionName),
      description: cleanProse(proposal?.description) ?? derivedDescription(flow, pages),
    });
  }
  return { pages, flows };
}

function formParams(fields: { element: string; control: string }[], elements: Map<string, ModelElement>, proposed: string[] | null, item: string | null, idPrefix: readonly string[]): string[] {
  const valued = fields.filter((f) => takesValue(f.control));
  const usable = proposed && proposed.length === valued.length ? proposed : null;
  const params = new NameAllocator(item ? ['page', item] : ['page']);
  let next = 0;
  return fields.map((field) => {
    if (!takesValue(field.control)) return '';
    const derived = sanitizeIdentifier(fieldParam(elements.get(field.element)!, idPrefix), 'value', 'camel');
    const raw = usable ? sanitizeIdentifier(usable[next++]!, derived, 'camel') : derived;
    return params.allocate(safeVariable(raw));
  });
}

/** `NewItem` -> `New item`, `SwitchMode03` -> `Switch mode 03`. */
function sentence(identifier: string): string {
  const text = kebab(identifier).replace(/(\p{L})(\p{N})/gu, '$1 $2').replace(/-/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** `Dashboard`, `Dashboard and Items`, `Dashboard, Items and Item detail`. */
function list(items: string[]): string {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** The pages a flow passes through, as a sentence: `Goes from the Login page to the Items page, by way of Dashboard.` */
function derivedDescription(flow: Flow, pages: Map<string, PageNames>): string {
  const route: string[] = [];
  for (const step of flow.steps) {
    for (const id of [step.page, step.after.page]) {
      const name = sentence(pages.get(id)?.className.replace(/Page$/, '') ?? id);
      if (route[route.length - 1] !== name) route.push(name);
    }
  }
  const [first, ...rest] = route;
  const last = rest.pop();
  if (first === undefined) return 'Does nothing: the recording has no steps.';
  if (last === undefined) return `Stays on the ${first} page.`;
  return `Goes from the ${first} page to the ${last} page${rest.length ? `, by way of ${list(rest)}` : ''}.`;
}

/** `loginToItemDetail`: from the page a flow starts on to the page it ends on. */
function flowBase(flow: Flow, pages: Map<string, PageNames>): string {
  const start = flow.steps[0]?.page;
  const end = flow.steps[flow.steps.length - 1]?.after.page;
  const nameOf = (id: string | undefined) => words(pages.get(id ?? '')?.className.replace(/Page$/, '') ?? 'app');
  // A flow that stays on one page is named by what the recording said it did, when it said it.
  const goal = flow.goal ? words(flow.goal, kMaxGoalWords) : [];
  if (!start || start === end) return camel(goal.length ? goal : [...nameOf(start), 'flow']);
  return camel([...nameOf(start), 'to', ...nameOf(end)]) || pascal(['flow']);
}
