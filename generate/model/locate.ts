import type { Fingerprint, RecordedLocator } from '../../core/schema/history.ts';
import type { ModelLocator } from '../../core/schema/page-model.ts';
import { entersFrame, type FilterOptions, type LocatorChain, type LocatorStep } from '../../core/locator/chain.ts';
import { printLocatorCode, tryParseLocatorCode } from '../../core/locator/code.ts';
import { attributeSelector } from '../../core/locator/model-code.ts';
import { assertNever } from '../../core/errors.ts';
import { candidateKey, describeHits, elementCandidates, firstVerified, wayKey, type StepEvidence } from './candidates.ts';
import { locatable, settleLocator } from './locatable.ts';
import { shownLocator } from './shown-locator.ts';
import { countByRole, type RecordedSnapshot, type SnapshotScope } from './snapshot.ts';

/**
 * The locator generated code uses for an element: `getByRole` with its name first (inside its
 * landmark when the page has a look-alike elsewhere), the test id when role+name is not unique,
 * then what the recorder chose at record time. Role locators are verified against the recorded
 * snapshots of the page: exactly one match wherever the element appears. Other kinds rely on the
 * record-time count.
 */

export interface LocatorChoice {
  locator: ModelLocator;
  /** Why the locator may not resolve to exactly one element; null when verified. */
  problem: string | null;
}

type Base = Pick<ModelLocator, 'frames' | 'scope' | 'row' | 'nth'>;

/** The most matches in any snapshot (0 when none shows it). */
function maxCount(snapshots: RecordedSnapshot[], role: string, name: string | null, exact: boolean, scope: SnapshotScope | null): number {
  return Math.max(0, ...snapshots.map((s) => countByRole(s.nodes, role, name, exact, scope)));
}

/**
 * A unique role locator for the element, trying the page, then its landmarks innermost first;
 * never one of `taken`, the locators other elements of the page already have.
 */
function uniqueRole(fp: Fingerprint, snapshots: RecordedSnapshot[], frames: string[], taken: ReadonlySet<string>): ModelLocator | null {
  const role = fp.role!;
  const scopes: (SnapshotScope | null)[] = [null, ...[...fp.landmarks].reverse().map((l) => ({ role: l.role, name: l.name ?? '' }))];
  for (const scope of scopes) {
    if (scope && maxCount(snapshots, scope.role, scope.name || null, false, null) !== 1) continue;
    const base: Base = { frames, scope: scope && { role: scope.role, name: scope.name || null }, row: null, nth: null };
    for (const exact of [false, true]) {
      const locator: ModelLocator = { ...base, kind: 'role', role, value: fp.name, exact, matches: 1, verified: true };
      if (!taken.has(wayKey(locator)) && maxCount(snapshots, role, fp.name, exact, scope) === 1) return locator;
    }
  }
  return null;
}

/** A recorded locator read into its chain. */
interface Recorded {
  chain: LocatorChain;
  matches: number;
}

/** The recorded locator's chain; null when there is none or this build cannot read it. */
function readRecorded(recorded: RecordedLocator | null): Recorded | null {
  if (!recorded) return null;
  const read = tryParseLocatorCode(recorded.code);
  return read.ok ? { chain: read.chain, matches: recorded.matches } : null;
}

/** Every step of a chain, those of nested chains (`has`, `and`, `locator(...)`) included. */
function allSteps(chain: LocatorChain): LocatorStep[] {
  return chain.flatMap((step): LocatorStep[] => {
    switch (step.kind) {
      case 'locator': return [step, ...(typeof step.selector === 'string' ? [] : allSteps(step.selector)), ...optionChains(step.options)];
      case 'filter': return [step, ...optionChains(step.options)];
      case 'and': case 'or': return [step, ...allSteps(step.chain)];
      default: return [step];
    }
  });
}

function optionChains(options: FilterOptions | undefined): LocatorStep[] {
  return [...(options?.has ? allSteps(options.has) : []), ...(options?.hasNot ? allSteps(options.hasNot) : [])];
}

/** Selector strings a chain passes to `locator()` or `frameLocator()`. */
function selectorsOf(chain: LocatorChain): string[] {
  return allSteps(chain).flatMap((step): string[] => {
    if (step.kind === 'locator') return typeof step.selector === 'string' ? [step.selector] : [];
    return step.kind === 'frameLocator' && step.selector !== null ? [step.selector] : [];
  });
}

/**
 * A chain generated code may contain: its selector strings are CSS, not an internal engine, an
 * aria ref or a `>>` chain of engines.
 */
function isPublicChain(chain: LocatorChain): boolean {
  return selectorsOf(chain).every((selector) => !/^\s*(internal:|aria-ref=)|>>/.test(selector));
}

/**
 * Reads the recorder's locator back into a locator written with the public API only: one
 * `getBy*` or `locator()` step becomes its kind, a longer chain becomes `chain` code; null when
 * some part has no public form.
 */
function fromRecorded(recorded: Recorded, frames: string[]): ModelLocator | null {
  const base = { role: null, frames, scope: null, row: null, matches: recorded.matches, verified: recorded.matches === 1, nth: null };
  const { chain } = recorded;
  if (!isPublicChain(chain)) return null;
  if (chain.length > 1) return { ...base, kind: 'chain', value: printLocatorCode(chain), exact: false };
  const step = chain[0]!;
  switch (step.kind) {
    case 'getByTestId': return typeof step.testId === 'string' ? { ...base, kind: 'testId', value: step.testId, exact: false } : null;
    case 'getByLabel': case 'getByText': case 'getByPlaceholder': {
      if (typeof step.text !== 'string') return null;
      const kind = step.kind === 'getByLabel' ? 'label' : step.kind === 'getByText' ? 'text' : 'placeholder';
      return { ...base, kind, value: step.text, exact: step.exact === true };
    }
    case 'locator':
      if (typeof step.selector !== 'string' || step.options) return { ...base, kind: 'chain', value: printLocatorCode(chain), exact: false };
      return { ...base, kind: 'selector', value: step.selector.replace(/^css=/, ''), exact: false };
    default: return null;
  }
}

/** The attribute a fingerprint's test id came from; older histories did not keep it. */
export function testIdAttributeOf(fp: Fingerprint, recorded: RecordedLocator | null): string | null {
  if (!fp.testId) return null;
  if (fp.testIdAttribute) return fp.testIdAttribute;
  const chain = readRecorded(recorded)?.chain;
  const named = chain ? selectorsOf(chain).map((selector) => /\[(data-[a-z-]+)=/.exec(selector)).find(Boolean) : null;
  return named ? named[1]! : kDefaultTestIdAttribute;
}

/** What Playwright's `getByTestId` matches unless configured otherwise. */
export const kDefaultTestIdAttribute = 'data-testid';


/** The chain finds the element by this test id (`getByTestId`, or an attribute selector naming it). */
function namesTestId(chain: LocatorChain, testId: string): boolean {
  return allSteps(chain).some((step) => step.kind === 'getByTestId' && step.testId === testId) || selectorsOf(chain).some((selector) => selector.includes(JSON.stringify(testId)));
}

/** An iframe to enter, as locator code, from the CSS path the fingerprint recorded. */
function frameCode(css: string): string {
  return printLocatorCode([{ kind: 'locator', selector: css }]);
}

/**
 * Splits a recorded locator that reaches into iframes into the locators of its frames and the part
 * inside the innermost frame. The recorder's frame locators (a test id, a name) are sturdier than
 * the structural paths of the fingerprint's frame chain, so they are preferred. `frames` is null
 * when the chain enters no frame or one it names no element for (`frameLocator()`: any frame).
 */
function splitFrames(chain: LocatorChain): { frames: LocatorChain[] | null; inner: LocatorChain | null } {
  const frames: LocatorChain[] = [];
  let segment: LocatorStep[] = [];
  let named = true;
  for (const step of chain) {
    if (!entersFrame(step)) {
      segment.push(step);
      continue;
    }
    if (step.kind === 'frameLocator') {
      if (step.selector === null) named = false;
      else segment.push({ kind: 'locator', selector: step.selector });
    }
    if (!segment.length) named = false;
    else frames.push(segment as LocatorChain);
    segment = [];
  }
  return { frames: frames.length && named ? frames : null, inner: segment.length ? (segment as LocatorChain) : null };
}

/** The recorder's locator as public code generated code could use on the top page, or null. */
export function readRecordedLocator(recorded: RecordedLocator | null): ModelLocator | null {
  const read = readRecorded(recorded);
  if (!read) return null;
  const split = splitFrames(read.chain);
  if (split.frames || !split.inner || split.inner.length !== read.chain.length) return null;
  return fromRecorded({ chain: split.inner, matches: read.matches }, []);
}

/**
 * The locator for an element. With DOM evidence (the recorded DOM snapshot of every step that
 * used it), the first candidate that found exactly the recorded element in all of them; when
 * none did, the best guess below, with a problem that says what it matched.
 */
/**
 * `taken`: the locators (`wayKey`) other elements of the page already have. Two elements each
 * found alone by one locator at their own moments (a header's "Login" button, hidden while the
 * login dialog is open, and the dialog's) read as one element in code: the later is told apart.
 */
export function chooseLocator(fp: Fingerprint, recordedFull: RecordedLocator | null, snapshots: RecordedSnapshot[], testIdAttribute = kDefaultTestIdAttribute, evidence: StepEvidence[] = [], asserted: readonly string[] = [], taken: ReadonlySet<string> = new Set()): LocatorChoice {
  const usable = locatable(fp);
  const choice = chooseFor(fp, usable.fingerprint, recordedFull, snapshots, testIdAttribute, evidence, asserted, taken);
  const locator = settleLocator(choice.locator, usable, () => chooseFor(fp, usable.fingerprint, null, snapshots, testIdAttribute, evidence, asserted, taken).locator);
  return { locator, problem: [...usable.notes, choice.problem].filter(Boolean).join('; ') || null };
}

/** Whether `locator` finds its element by a text a check asserts of it (then the check holds by construction). */
function byAssertedText(locator: ModelLocator, asserted: readonly string[]): boolean {
  if (locator.kind !== 'text' || locator.value === null) return false;
  const flat = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();
  const found = flat(locator.value);
  return asserted.some((text) => flat(text) !== '' && found.includes(flat(text)));
}

/** `recordedFp`: the fingerprint as recorded (candidates settle its texts themselves); `fp`: as `locatable` left it. */
function chooseFor(recordedFp: Fingerprint, fp: Fingerprint, recordedFull: RecordedLocator | null, snapshots: RecordedSnapshot[], testIdAttribute: string, evidence: StepEvidence[], asserted: readonly string[] = [], taken: ReadonlySet<string> = new Set()): LocatorChoice {
  if (!evidence.length || fp.frameChain.length) return guessLocator(fp, recordedFull, snapshots, testIdAttribute, taken);
  const found = [...new Map(evidence.flatMap((e) => e.fields).map((l) => [candidateKey(l), l])).values()];
  const ranked = elementCandidates(recordedFp, { testIdAttribute, testIdFrom: testIdAttributeOf(fp, recordedFull), recorded: readRecordedLocator(recordedFull), found });
  // What a person wrote (a plan's selector or locator code) comes first: kept where it finds the element alone.
  const written = recordedFull?.written ? readRecordedLocator(recordedFull) : null;
  const candidates = (written ? [written, ...ranked.filter((c) => candidateKey(c) !== candidateKey(written))] : ranked)
    .filter((candidate) => !byAssertedText(candidate, asserted) && !taken.has(wayKey(candidate)));
  const verified = firstVerified(candidates, evidence);
  if (verified) {
    // It holds where it was recorded, but only by where the element sits: say so.
    const positional = verified.nth !== null || (verified.kind === 'selector' && verified.value === fp.cssPath);
    return { locator: verified, problem: positional ? `found only by its position (${printModelLocator(verified)}): it may find another element once the page changes` : null };
  }
  const guess = guessLocator(fp, recordedFull, snapshots, testIdAttribute, taken).locator;
  return {
    locator: { ...guess, verified: false },
    problem: `no way to find it matched only the recorded element in the recorded DOM snapshots; ${printModelLocator(guess)} ${describeHits(guess, evidence)}`,
  };
}

/** `getByRole('button', { name: 'Save' })`, for messages. */
function printModelLocator(locator: ModelLocator): string {
  const row = locator.row ? `getByRole('${locator.row.role}').filter({ has: getByText(${JSON.stringify(locator.row.key)}) }).` : '';
  return row + printOwn(locator);
}

function printOwn(locator: ModelLocator): string {
  const value = locator.value === null ? '' : JSON.stringify(locator.value);
  switch (locator.kind) {
    case 'role': return `getByRole('${locator.role}'${value ? `, { name: ${value} }` : ''})${locator.nth === null ? '' : `.nth(${locator.nth})`}`;
    case 'testId': return `getByTestId(${value})`;
    case 'label': return `getByLabel(${value})`;
    case 'placeholder': return `getByPlaceholder(${value})`;
    case 'text': return `getByText(${value})`;
    case 'selector': return `locator(${value})`;
    case 'chain': return locator.value ?? '';
    default: return assertNever(locator.kind, 'locator kind');
  }
}

/** The locator from the fingerprint, the recorded aria snapshots and the record-time count alone. */
function guessLocator(fp: Fingerprint, recordedFull: RecordedLocator | null, snapshots: RecordedSnapshot[], testIdAttribute: string, taken: ReadonlySet<string> = new Set()): LocatorChoice {
  const read = readRecorded(recordedFull);
  const split = read ? splitFrames(read.chain) : null;
  const frames = split?.frames?.every(isPublicChain) ? split.frames.map((frame) => printLocatorCode(frame)) : fp.frameChain.map((hop) => frameCode(hop.selector));
  const recorded: Recorded | null = read && split?.inner ? { chain: split.inner, matches: read.matches } : null;
  // Snapshots of the top page do not tell frame contents apart.
  const checkable = frames.length ? [] : snapshots;
  const base: Base = { frames, scope: null, row: null, nth: null };
  if (fp.role && fp.name && checkable.length) {
    const unique = uniqueRole(fp, checkable, frames, taken);
    if (unique) return { locator: unique, problem: null };
  }
  const field = fp.role ? null : shownLocator(fp, ['label', 'placeholder'], recorded, base);
  if (field) return { locator: field, problem: null };
  if (fp.testId) {
    const attribute = testIdAttributeOf(fp, recordedFull)!;
    const verified = recorded && namesTestId(recorded.chain, fp.testId) ? recorded.matches === 1 : true;
    const locator: ModelLocator = attribute === testIdAttribute
      ? { ...base, kind: 'testId', role: null, value: fp.testId, exact: false, matches: null, verified }
      : { ...base, kind: 'selector', role: null, value: attributeSelector(attribute, fp.testId), exact: false, matches: null, verified };
    return { locator, problem: null };
  }
  if (fp.role && fp.name && !checkable.length && recorded?.matches === 1 && recorded.chain.length === 1 && recorded.chain[0]!.kind === 'getByRole') {
    return { locator: { ...base, kind: 'role', role: fp.role, value: fp.name, exact: false, matches: 1, verified: true }, problem: null };
  }
  const shown = fp.role ? null : shownLocator(fp, ['text'], recorded, base);
  if (shown) return { locator: shown, problem: null };
  const fromRecord = recorded && recorded.matches === 1 ? fromRecorded(recorded, frames) : null;
  if (fromRecord) return { locator: fromRecord, problem: null };
  if (fp.role) {
    const count = checkable.length ? maxCount(checkable, fp.role, fp.name || null, false, null) : fp.roleNameCount;
    const locator: ModelLocator = { ...base, kind: 'role', role: fp.role, value: fp.name || null, exact: false, matches: count, verified: count === 1 };
    const what = `getByRole('${fp.role}'${fp.name ? `, { name: '${fp.name}' }` : ''})`;
    if (count > 1) {
      return { locator: { ...locator, nth: fp.roleNameIndex }, problem: `${what} matches ${count} elements in the recorded snapshots; pinned to position ${fp.roleNameIndex}` };
    }
    return { locator, problem: count === 1 ? null : `${what} was not found in the recorded snapshots of the page` };
  }
  const readable = recorded ? fromRecorded(recorded, frames) : null;
  if (readable) {
    return { locator: { ...readable, verified: false }, problem: `no role, name or test id: falls back to what the recorder chose, which matched ${recorded!.matches} elements` };
  }
  return {
    locator: { ...base, kind: 'selector', role: null, value: fp.cssPath, exact: false, matches: null, verified: false },
    problem: `no role, name or test id: falls back to the structural selector ${fp.cssPath}`,
  };
}
