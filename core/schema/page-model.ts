import { z } from 'zod';
import { EdgeConfidence } from './extract.ts';
import { Fingerprint, StepDialog } from './history.ts';

/**
 * The page model (`model.json`, written by `bu generate` beside the generated code): the pages of an
 * app as seen in one or more extracted runs, the elements and interactions observed on each, the
 * navigation edges between them, and every run as a flow of page interactions. A pure function of
 * the extracted runs; the emitters turn it into page objects, workflows, specs and docs.
 */

export const kPageModelVersion = 1;

/**
 * `selector` is a CSS selector (`locator('[data-cy="save"]')`); `chain` is public locator code
 * read back from what the recorder chose (`getByRole('row', { name: 'Blue Kettle' }).getByRole('button')`).
 * Playwright's internal selector grammar never reaches generated code.
 */
export const LocatorKind = z.enum(['role', 'testId', 'label', 'placeholder', 'text', 'selector', 'chain']);
export type LocatorKind = z.infer<typeof LocatorKind>;

/** How generated code finds an element: `getByRole(role, { name })`, `getByTestId(value)`, ... */
export const ModelLocator = z.strictObject({
  kind: LocatorKind,
  /** The role for `role` locators, else null. */
  role: z.string().nullable(),
  /** The accessible name, test id, label, placeholder, text or selector, depending on `kind`. */
  value: z.string().nullable(),
  exact: z.boolean(),
  /**
   * The iframes to enter first, outermost first, each as public locator code relative to the
   * frame before it (`locator('iframe[title="Pay"]')`, `getByTestId('checkout')`).
   */
  frames: z.array(z.string()),
  /** A landmark to look inside (`getByRole('navigation', { name: 'Main' }).getByRole(...)`), when the page has look-alikes elsewhere. */
  scope: z.strictObject({ role: z.string(), name: z.string().nullable() }).nullable(),
  /**
   * A table row to look inside, named by a text one of its cells shows whole: a form laid out in a
   * table, whose row header names the field (`getByRole('row').filter({ has: page.getByText('Username', { exact: true }) })`).
   */
  row: z.strictObject({ role: z.string(), key: z.string() }).nullable(),
  /** Elements it matched in the recorded snapshots of the page; null when a snapshot cannot tell. */
  matches: z.number().int().min(0).nullable(),
  /** Resolved to exactly one element where it was checked (recorded snapshot, or record time). */
  verified: z.boolean(),
  /** Position among the matches when the locator is not unique (`.nth()`), else null. */
  nth: z.number().int().min(0).nullable(),
  /**
   * Inside an item of a collection: `value` is the text the item is found by (its key; the element
   * is the one that shows it), so generated code passes the item's own text (`this.text`), not the
   * one recorded. Absent elsewhere.
   */
  key: z.literal(true).optional(),
});
export type ModelLocator = z.infer<typeof ModelLocator>;

export const ModelElement = z.strictObject({
  /** Stable key within its page, e.g. `button:Sign in`. */
  id: z.string(),
  role: z.string().nullable(),
  /** Accessible name (may be empty). */
  name: z.string(),
  tag: z.string(),
  type: z.string().nullable(),
  testId: z.string().nullable(),
  label: z.string().nullable(),
  placeholder: z.string().nullable(),
  /** Its `title` attribute (a tooltip): what it is for, when nothing else names it. */
  title: z.string().nullable(),
  /** The innermost named landmark around it, e.g. `form "Login"`. */
  landmark: z.string().nullable(),
  /**
   * The collection (list, table, cards) whose items each hold one of it, or null: its locator is
   * then relative to one item (`row(name).getByRole('checkbox')`), never one for the whole page.
   */
  collection: z.string().nullable(),
  /**
   * Inside a table row whose data its name repeats (a link showing the record's title): the header
   * of its column, which names it better than one record's data; else null.
   */
  column: z.string().nullable(),
  locator: ModelLocator,
  /** What the element looked like when recorded: `bu heal` re-finds it by this when its locator breaks. */
  fingerprint: Fingerprint,
});
export type ModelElement = z.infer<typeof ModelElement>;

/**
 * Repeated items on a page (list items, table rows, cards): found by a text one of its elements
 * shows whole, `getByRole('row').filter({ has: page.getByText(text, { exact: true }) })`, inside
 * the list or table they are in, with members scoped to the item.
 */
export const ModelCollection = z.strictObject({
  /** Stable key within its page: the item role, and its list when named, e.g. `row in table "Items"`. */
  id: z.string(),
  /** ARIA role of one item: `listitem`, `row`, `article`, `treeitem`. */
  role: z.string(),
  /** The list or table the items are in, when it can be named on its own; else the whole page. */
  scope: ModelLocator.nullable(),
  /**
   * True: an item is the one with an element whose whole text is the key (checked in the recorded
   * DOM snapshots). False: an item is the one whose text contains the key (no snapshot to check).
   */
  exactKey: z.boolean(),
  /** Items side by side in the largest recorded sighting. */
  observed: z.number().int().min(1),
  /** The text of an item acted on when recorded: an example of the key. */
  example: z.string(),
});
export type ModelCollection = z.infer<typeof ModelCollection>;

/** How a field takes its value; `append`: typed after what it holds (an input recorded with `clear: false`), key by key from its end. */
export const FieldControl = z.enum(['fill', 'append', 'select', 'check', 'setChecked', 'upload']);
export type FieldControl = z.infer<typeof FieldControl>;

export const ModelField = z.strictObject({ element: z.string(), control: FieldControl });
export type ModelField = z.infer<typeof ModelField>;

const interactionBase = {
  id: z.string(), page: z.string(), observed: z.number().int().min(1),
  /** The collection whose item the interaction acts in (its method takes the item's text), or null. */
  collection: z.string().nullable(),
};

export const Interaction = z.discriminatedUnion('kind', [
  /** Consecutive field changes on one page: one method with one parameter per field. */
  z.strictObject({ kind: z.literal('form'), ...interactionBase, fields: z.array(ModelField).min(1) }),
  z.strictObject({ kind: z.literal('click'), ...interactionBase, element: z.string() }),
  z.strictObject({ kind: z.literal('hover'), ...interactionBase, element: z.string() }),
  z.strictObject({ kind: z.literal('press'), ...interactionBase, element: z.string().nullable(), keys: z.string() }),
]);
export type Interaction = z.infer<typeof Interaction>;

export const ModelHeading = z.strictObject({ text: z.string(), level: z.number().int().min(1).max(6).nullable() });
export type ModelHeading = z.infer<typeof ModelHeading>;

export const ModelLandmark = z.strictObject({ role: z.string(), name: z.string().nullable() });

export const ModelPage = z.strictObject({
  /** Stable key: the URL pattern, plus the title where one pattern shows several pages. */
  id: z.string(),
  /** Path with id-like segments replaced by `:param`, e.g. `/items/:itemId`. */
  urlPattern: z.string(),
  params: z.array(z.string()),
  /** Path (+ query) to open the page directly; null when it has parameters or varied. */
  stableUrl: z.string().nullable(),
  /** Titles observed, normalized (numbers kept), sorted. */
  titles: z.array(z.string()),
  /** The main heading when it was the same on every visit. */
  heading: ModelHeading.nullable(),
  landmarks: z.array(ModelLandmark),
  visits: z.number().int().min(1),
  collections: z.array(ModelCollection),
  elements: z.array(ModelElement),
  interactions: z.array(Interaction),
});
export type ModelPage = z.infer<typeof ModelPage>;

export const ModelEdge = z.strictObject({
  from: z.string(),
  interaction: z.string(),
  to: z.string(),
  confidence: EdgeConfidence,
  /** How often this interaction was observed, and how often it led to `to`. */
  observed: z.number().int().min(1),
  arrived: z.number().int().min(0),
});
export type ModelEdge = z.infer<typeof ModelEdge>;

export const FlowValue = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('literal'), value: z.string() }),
  z.strictObject({ kind: z.literal('boolean'), value: z.boolean() }),
  z.strictObject({ kind: z.literal('secret'), name: z.string() }),
  z.strictObject({ kind: z.literal('var'), name: z.string(), recorded: z.string() }),
]);
export type FlowValue = z.infer<typeof FlowValue>;

/** The page state a step left: what the specs assert. */
export const FlowState = z.strictObject({
  page: z.string(),
  url: z.string(),
  title: z.string(),
  heading: z.string().nullable(),
  /**
   * The tab it is in, counted among the tabs open then from 0 (the first); absent in a flow that
   * never had a second tab open.
   */
  tab: z.number().int().min(0).optional(),
});
export type FlowState = z.infer<typeof FlowState>;

/**
 * What an expect step of the recording checks, as a spec asserts it: `element` is the page's
 * element (its page object member), or null for the page as a whole; `locator` of a count is the
 * public locator code it counted with.
 */
export const FlowCheck = z.discriminatedUnion('assert', [
  z.strictObject({ assert: z.literal('text'), element: z.string().nullable(), text: FlowValue, exact: z.boolean() }),
  /** `url`: relative to the base URL when exact (`./items`), else the part of the address as written. */
  z.strictObject({ assert: z.literal('url'), url: FlowValue, exact: z.boolean() }),
  z.strictObject({ assert: z.literal('title'), title: FlowValue, exact: z.boolean() }),
  z.strictObject({ assert: z.literal('value'), element: z.string(), value: FlowValue }),
  z.strictObject({ assert: z.literal('checked'), element: z.string(), checked: z.boolean() }),
  z.strictObject({ assert: z.literal('count'), locator: z.string(), count: z.number().int().min(0) }),
]);
export type FlowCheck = z.infer<typeof FlowCheck>;

/**
 * The tab a step acts in (see FlowState.tab), when the flow had a second tab open then; absent:
 * the first.
 */
const kStepTab = z.number().int().min(0).optional();

export const FlowStep = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('goto'), page: z.string(), tab: kStepTab, url: z.string(), after: FlowState }),
  z.strictObject({
    kind: z.literal('interact'), page: z.string(), tab: kStepTab, interaction: z.string(), values: z.array(FlowValue),
    /**
     * The interaction opened a tab or window (a link with `target=_blank`, `window.open`): the
     * workflow awaits it as the page's popup, and the steps recorded in it act on it.
     */
    opensTab: z.literal(true).optional(),
    /** The page closed its own tab during the interaction (`window.close()`). */
    closesTab: z.literal(true).optional(),
    /** The text of the item acted in when the interaction's elements belong to a collection, else null. */
    item: FlowValue.nullable(),
    /**
     * Dialogs the interaction opened when recorded (a confirm before a delete), accepted as capture
     * accepted them; absent when it opened none. Playwright dismisses a dialog nobody handles.
     */
    dialogs: z.array(StepDialog).optional(),
    after: FlowState,
  }),
  z.strictObject({ kind: z.literal('back'), page: z.string(), tab: kStepTab, after: FlowState }),
  /** The recording closed a tab (the `close` action): the workflow closes it too. */
  z.strictObject({ kind: z.literal('close'), page: z.string(), tab: z.number().int().min(0), after: FlowState }),
  /**
   * Content that typing into a field brought up on the page (a suggestion showing the typed text)
   * before the next step acted, as the recording saw it: waited for, so the next step does not act
   * on a page whose scripts have not answered the typing yet.
   */
  z.strictObject({ kind: z.literal('wait'), page: z.string(), tab: kStepTab, role: z.string(), text: FlowValue, after: FlowState }),
  z.strictObject({
    kind: z.literal('expect'), page: z.string(), tab: kStepTab, check: FlowCheck,
    /** The text of the item its element is in when the element belongs to a collection, else null. */
    item: FlowValue.nullable(),
    after: FlowState,
  }),
]);
export type FlowStep = z.infer<typeof FlowStep>;

/** What a flow left on the page it ended on: content it added (`shown`) or removed (`gone`). */
export const FlowOutcome = z.strictObject({
  kind: z.enum(['shown', 'gone']),
  /** The role in the accessibility tree (`listitem`, `row`, `alert`, `text`, ...). */
  role: z.string(),
  text: z.string(),
  /** The flow variable holding the text when the flow typed it (a fresh value each run), else null. */
  variable: z.string().nullable(),
});
export type FlowOutcome = z.infer<typeof FlowOutcome>;

export const Flow = z.strictObject({
  sessionId: z.string(),
  startUrl: z.string(),
  /** Path of the history file relative to the output dir, for the replay spec; null without one. */
  history: z.string().nullable(),
  secrets: z.array(z.string()),
  variables: z.record(z.string(), z.string()),
  steps: z.array(FlowStep),
  outcomes: z.array(FlowOutcome),
  /** Variables holding values the flow creates records with: specs give them a fresh value per run. */
  fresh: z.array(z.string()),
  /** How the flow changes the app's data (deletes, creates, saves), one phrase each; empty when it only reads. */
  changes: z.array(z.string()),
  /**
   * What the recording said it did when it ended (a plan's or an agent's `done` text), when it
   * said anything: it names a flow that stays on one page.
   */
  goal: z.string().optional(),
});
export type Flow = z.infer<typeof Flow>;

export const Diagnostic = z.strictObject({
  page: z.string(),
  element: z.string().nullable(),
  message: z.string(),
});
export type Diagnostic = z.infer<typeof Diagnostic>;

export const PageModel = z.strictObject({
  version: z.literal(kPageModelVersion),
  /** The recorded origin (scheme + host + port) of the first run. */
  origin: z.string(),
  /**
   * The directory of the recorded start URL(s) on that origin: the default base URL. URLs under
   * it are written relative (`./items`), so generated code follows BASE_URL under any path.
   */
  baseUrl: z.string(),
  /** The attribute `getByTestId` matches: `data-testid` unless the app consistently uses another one. */
  testIdAttribute: z.string(),
  sessions: z.array(z.string()),
  pages: z.array(ModelPage),
  edges: z.array(ModelEdge),
  flows: z.array(Flow),
  diagnostics: z.array(Diagnostic),
  /**
   * How the elements' locators were checked: against the recorded DOM snapshot of every step that
   * used them (`found` only the recorded element there, or `failed`: matched none, several or
   * another, see diagnostics), or `unchecked` (no DOM snapshot: the trace has none for the step,
   * the element is in a frame, or no browser was at hand). `positional`: found only the recorded
   * element, but by its place alone (a CSS path, `locator('div').nth(5)`, the third button): not
   * counted in `found`, as a change of layout moves it onto another element.
   */
  locatorCheck: z.strictObject({
    found: z.number().int().min(0),
    failed: z.number().int().min(0),
    unchecked: z.number().int().min(0),
    positional: z.number().int().min(0).default(0),
  }),
});
export type PageModel = z.infer<typeof PageModel>;
