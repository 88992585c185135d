import type { Fingerprint } from '../../core/schema/history.ts';
import type { ModelLocator } from '../../core/schema/page-model.ts';
import { locatable, settleCandidate } from './locatable.ts';
import { steadyName } from '../../core/locator/steady-name.ts';
import { writtenId } from '../../core/locator/written-id.ts';

/**
 * The ways generated code could find an element, best first, and what each found in the DOM
 * snapshot of every step that used the element. Generate takes the first way that found exactly
 * the recorded element in every one of those snapshots.
 */

/** What one locator matched in one recorded DOM snapshot. */
export interface Hit {
  count: number;
  /** It matched exactly one element, the one the step acted on. */
  target: boolean;
}

/** The repeated item around a step's element, as checked in the step's DOM snapshot. */
export interface RowEvidence {
  /** Item role: `row`, `listitem`, `article`, `treeitem`. */
  role: string;
  /** A text one element of the item shows whole, and no sibling item does. */
  key: string;
  siblings: number;
  /** The list or table the items are in, when it can be named on its own. */
  scope: ModelLocator | null;
  /** The element, relative to its item. */
  inner: ModelLocator;
  /** Element id inside the item, e.g. `row > link`, `row > button:Delete`. */
  elementId: string;
  /** The header of the table column the element is in, when there is one. */
  column: string | null;
}

/** What a step's DOM snapshot said, for the element the step acted on. */
export interface StepEvidence {
  /** Page-wide candidates by `candidateKey`. */
  hits: Map<string, Hit>;
  /** The item the element is in, verified; null when it is not in one or no item key held. */
  row: RowEvidence | null;
  /**
   * Ways the DOM showed beyond the fingerprint's, each found only the recorded element (their hits
   * are in `hits`): a form field named by its table row's header cell.
   */
  fields: ModelLocator[];
}

/** A locator's identity for looking its hit up: what generated code would say, not how it was checked. */
export function candidateKey(locator: ModelLocator): string {
  return JSON.stringify([locator.kind, locator.role, locator.value, locator.exact, locator.scope, locator.row, locator.nth, locator.frames]);
}

/**
 * What a locator looks for, whether its name is matched whole or as a substring: two elements
 * whose locators differ only so read as one element in code.
 */
export function wayKey(locator: ModelLocator): string {
  return candidateKey({ ...locator, exact: false });
}

/** A locator to check: `matches` and `verified` are filled in by the check. */
function candidate(kind: ModelLocator['kind'], role: string | null, value: string | null, exact: boolean, extra: Partial<ModelLocator> = {}): ModelLocator {
  return { kind, role, value, exact, frames: [], scope: null, row: null, matches: null, verified: false, nth: null, ...extra };
}

/** Text shown by controls is short; longer text is content and makes a brittle locator. */
const kMaxTextChars = 80;
function cssIdentifier(id: string): string | null {
  return writtenId(id) ? `#${id}` : null;
}

/** Roles and tags whose text is what the user typed or picked, not a caption. */
const kValueRoles = new Set(['textbox', 'searchbox', 'combobox', 'spinbutton', 'listbox']);
const kValueTags = new Set(['textarea', 'select', 'input']);

/**
 * A field's text is its content: a textarea's page source, an editor's draft. It changes with
 * every edit, so neither its own text nor a recorder's text locator finds the field again.
 */
function holdsValue(fp: Fingerprint): boolean {
  return kValueTags.has(fp.tag.toLowerCase()) || (fp.role !== null && kValueRoles.has(fp.role));
}

export interface CandidateOptions {
  testIdAttribute: string;
  /** The attribute the fingerprint's test id came from. */
  testIdFrom: string | null;
  /** What the recorder chose, read back into public locator code; null when it has none. */
  recorded: ModelLocator | null;
  /** Ways found in the recorded DOM (`StepEvidence.fields`), tried after the recorder's. */
  found?: ModelLocator[];
}

/**
 * Every page-wide way to find the element, best first: role and the words of its name before a
 * count (`steadyName`), role and name (on the page, then inside each named landmark around it),
 * test id, label, placeholder, own text, the recorder's choice, role and name then role alone
 * inside its innermost landmark, role alone on the page, a hand-written-looking id selector, the
 * role and name pinned by position, and the structural CSS path last.
 */
export function elementCandidates(found: Fingerprint, options: CandidateOptions): ModelLocator[] {
  const usable = locatable(found);
  const fp = usable.fingerprint;
  const out: ModelLocator[] = [];
  const add = (unsettled: ModelLocator | null) => {
    const locator = unsettled && settleCandidate(unsettled, usable);
    if (locator && !out.some((known) => candidateKey(known) === candidateKey(locator))) out.push(locator);
  };
  // A name with a count in it ("Inbox (3)") is found by the words before the count first.
  const steady = fp.name ? steadyName(fp.name) : null;
  if (fp.role && steady) add(candidate('role', fp.role, steady, false));
  if (fp.role && fp.name) {
    add(candidate('role', fp.role, fp.name, false));
    add(candidate('role', fp.role, fp.name, true));
    for (const landmark of [...fp.landmarks].reverse()) {
      if (!landmark.name) continue;
      const scope = { role: landmark.role, name: landmark.name };
      add(candidate('role', fp.role, fp.name, false, { scope }));
      add(candidate('role', fp.role, fp.name, true, { scope }));
    }
  }
  if (fp.testId) {
    const from = options.testIdFrom ?? options.testIdAttribute;
    add(from === options.testIdAttribute
      ? candidate('testId', null, fp.testId, false)
      : candidate('selector', null, `[${from}=${JSON.stringify(fp.testId)}]`, false));
  }
  const steadyLabel = fp.label ? steadyName(fp.label) : null;
  if (steadyLabel) add(candidate('label', null, steadyLabel, false));
  if (fp.label) {
    add(candidate('label', null, fp.label, false));
    add(candidate('label', null, fp.label, true));
  }
  if (fp.placeholder) {
    add(candidate('placeholder', null, fp.placeholder, false));
    add(candidate('placeholder', null, fp.placeholder, true));
  }
  const field = holdsValue(fp);
  const text = fp.text?.replace(/\s+/g, ' ').trim();
  if (text && text.length <= kMaxTextChars && !field) add(candidate('text', null, text, true));
  if (!(field && options.recorded?.kind === 'text')) add(options.recorded && { ...options.recorded, matches: null, verified: false });
  for (const locator of options.found ?? []) add(locator);
  // Inside the landmark around the element (`banner`), which the next release adds fewer elements
  // to than the whole page: its role and name there, named landmark or not, and its role alone
  // (found while nothing else in it has that role). A name is kept wherever there is one.
  const innermost = fp.landmarks[fp.landmarks.length - 1];
  if (fp.role && innermost) {
    const scope = { role: innermost.role, name: innermost.name ?? null };
    if (fp.name) {
      add(candidate('role', fp.role, fp.name, false, { scope }));
      add(candidate('role', fp.role, fp.name, true, { scope }));
    }
    add(candidate('role', fp.role, null, false, { scope }));
  }
  if (fp.role) add(candidate('role', fp.role, null, false));
  if (fp.role && fp.landmarks.some((l) => l.name)) {
    const named = [...fp.landmarks].reverse().find((l) => l.name)!;
    add(candidate('role', fp.role, null, false, { scope: { role: named.role, name: named.name } }));
  }
  const byId = fp.id ? cssIdentifier(fp.id) : null;
  if (byId) add(candidate('selector', null, byId, false));
  if (fp.role && fp.name && fp.roleNameCount > 1) add(candidate('role', fp.role, fp.name, false, { nth: fp.roleNameIndex }));
  add(candidate('selector', null, fp.cssPath, false));
  return out;
}

/** The first candidate that found exactly the recorded element in every snapshot checked. */
export function firstVerified(candidates: ModelLocator[], evidence: StepEvidence[]): ModelLocator | null {
  if (!evidence.length) return null;
  for (const locator of candidates) {
    const key = candidateKey(locator);
    if (evidence.every((e) => e.hits.get(key)?.target === true)) return { ...locator, matches: 1, verified: true };
  }
  return null;
}

/** What a locator matched across the snapshots, in words, for a diagnostic. */
export function describeHits(locator: ModelLocator, evidence: StepEvidence[]): string {
  const hits = evidence.map((e) => e.hits.get(candidateKey(locator)));
  if (hits.some((h) => !h)) return 'was not checked in every snapshot';
  const counts = [...new Set(hits.map((h) => h!.count))];
  if (counts.every((c) => c === 1)) return 'matched one element, but another than the recorded one';
  return `matched ${counts.join(' or ')} elements in the recorded DOM snapshots`;
}
