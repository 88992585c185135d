import type { Fingerprint, RecordedLocator } from '../../core/schema/history.ts';
import type { ModelLocator } from '../../core/schema/page-model.ts';
import { selectorToCode, splitSelector } from '../../extract/core/locator-code.ts';
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

type Base = Pick<ModelLocator, 'frames' | 'scope' | 'nth'>;

/** The most matches in any snapshot (0 when none shows it). */
function maxCount(snapshots: RecordedSnapshot[], role: string, name: string | null, exact: boolean, scope: SnapshotScope | null): number {
  return Math.max(0, ...snapshots.map((s) => countByRole(s.nodes, role, name, exact, scope)));
}

/** A unique role locator for the element, trying the page, then its landmarks innermost first. */
function uniqueRole(fp: Fingerprint, snapshots: RecordedSnapshot[], frames: string[]): ModelLocator | null {
  const role = fp.role!;
  const scopes: (SnapshotScope | null)[] = [null, ...[...fp.landmarks].reverse().map((l) => ({ role: l.role, name: l.name ?? '' }))];
  for (const scope of scopes) {
    if (scope && maxCount(snapshots, scope.role, scope.name || null, false, null) !== 1) continue;
    const base: Base = { frames, scope: scope && { role: scope.role, name: scope.name || null }, nth: null };
    for (const exact of [false, true]) {
      if (maxCount(snapshots, role, fp.name, exact, scope) === 1) {
        return { ...base, kind: 'role', role, value: fp.name, exact, matches: 1, verified: true };
      }
    }
  }
  return null;
}

/** Code that names no internal engine: what generated code may contain. */
function isPublicCode(code: string): boolean {
  return !/internal:|aria-ref=|>>/.test(code);
}

/**
 * Reads the recorder's selector back into a locator written with the public API only: one
 * `getBy*` part becomes its kind, a chain becomes `chain` code; null when some part has no
 * public form.
 */
function fromRecorded(recorded: RecordedLocator, frames: string[]): ModelLocator | null {
  const base = { role: null, frames, scope: null, matches: recorded.matches, verified: recorded.matches === 1, nth: null };
  const parts = splitSelector(recorded.selector);
  if (parts.length > 1) {
    const code = selectorToCode(recorded.selector);
    return isPublicCode(code) ? { ...base, kind: 'chain', value: code, exact: false } : null;
  }
  const simple = /^internal:(testid|label|text|attr)=(.*)$/s.exec(recorded.selector);
  const quoted = simple ? /"((?:[^"\\]|\\.)*)"([is]?)\]?$/.exec(simple[2]!) : null;
  if (!simple || !quoted) {
    return /^(internal:|aria-ref)/.test(recorded.selector) ? null : { ...base, kind: 'selector', value: recorded.selector.replace(/^css=/, ''), exact: false };
  }
  const value = quoted[1]!.replace(/\\(.)/g, '$1');
  const exact = quoted[2] === 's';
  switch (simple[1]) {
    case 'testid': return { ...base, kind: 'testId', value, exact: false };
    case 'label': return { ...base, kind: 'label', value, exact };
    case 'text': return { ...base, kind: 'text', value, exact };
    default: return simple[2]!.startsWith('[placeholder=') ? { ...base, kind: 'placeholder', value, exact } : null;
  }
}

/** The attribute a fingerprint's test id came from; older histories did not keep it. */
export function testIdAttributeOf(fp: Fingerprint, recorded: RecordedLocator | null): string | null {
  if (!fp.testId) return null;
  if (fp.testIdAttribute) return fp.testIdAttribute;
  const named = recorded ? /\[(data-[a-z-]+)=/.exec(recorded.selector) : null;
  return named ? named[1]! : kDefaultTestIdAttribute;
}

/** What Playwright's `getByTestId` matches unless configured otherwise. */
export const kDefaultTestIdAttribute = 'data-testid';

/** A CSS attribute selector: `[data-cy="save"]`. */
export function attributeSelector(attribute: string, value: string): string {
  return `[${attribute}=${JSON.stringify(value)}]`;
}

/** How Playwright's selectors step into an iframe. */
const kEnterFrame = ' >> internal:control=enter-frame >> ';

/**
 * Splits a recorded locator that reaches into iframes into its frame selectors and the part inside
 * the innermost frame. The recorder's frame selectors (a test id, a name) are sturdier than the
 * structural paths of the fingerprint's frame chain, so they are preferred.
 */
function splitFrames(recorded: RecordedLocator | null): { frames: string[] | null; inner: RecordedLocator | null } {
  if (!recorded || !recorded.selector.includes(kEnterFrame)) return { frames: null, inner: recorded };
  const parts = recorded.selector.split(kEnterFrame);
  return { frames: parts.slice(0, -1), inner: { ...recorded, selector: parts[parts.length - 1]! } };
}

export function chooseLocator(fp: Fingerprint, recordedFull: RecordedLocator | null, snapshots: RecordedSnapshot[], testIdAttribute = kDefaultTestIdAttribute): LocatorChoice {
  const split = splitFrames(recordedFull);
  const publicFrames = split.frames?.every((frame) => isPublicCode(selectorToCode(frame)));
  const frames = split.frames && publicFrames ? split.frames : fp.frameChain.map((hop) => hop.selector);
  const recorded = split.inner;
  // Snapshots of the top page do not tell frame contents apart.
  const checkable = frames.length ? [] : snapshots;
  const base: Base = { frames, scope: null, nth: null };
  if (fp.role && fp.name && checkable.length) {
    const unique = uniqueRole(fp, checkable, frames);
    if (unique) return { locator: unique, problem: null };
  }
  if (fp.testId) {
    const attribute = testIdAttributeOf(fp, recorded)!;
    const verified = recorded && recorded.selector.includes(JSON.stringify(fp.testId)) ? recorded.matches === 1 : true;
    const locator: ModelLocator = attribute === testIdAttribute
      ? { ...base, kind: 'testId', role: null, value: fp.testId, exact: false, matches: null, verified }
      : { ...base, kind: 'selector', role: null, value: attributeSelector(attribute, fp.testId), exact: false, matches: null, verified };
    return { locator, problem: null };
  }
  if (fp.role && fp.name && !checkable.length && recorded?.matches === 1 && /^internal:role=[^>]*$/.test(recorded.selector)) {
    return { locator: { ...base, kind: 'role', role: fp.role, value: fp.name, exact: false, matches: 1, verified: true }, problem: null };
  }
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
