import type { Locator, Page } from 'playwright';
import { hashRoutePath } from '../core/hash-route.ts';
import { isFieldTag } from '../core/act/type-into.ts';
import type { HistoryStep } from '../core/schema/history.ts';
import { holdsTypedText, holdsTypedTextWithin } from '../core/act/editable.ts';
import { inPage } from '../core/in-page.ts';
import type { LiveState } from '../core/in-page/live-state.ts';
import { readBackAtPath, type FoundAt } from '../locate/at-path.ts';
import { evaluateInMainWorld } from '../locate/main-world.ts';
import { containsWords, normalizeText, tokenSimilarity } from '../locate/text.ts';

/**
 * Checks after each step that the app is where the recording says it should be: the URL (rebased),
 * the main heading (tolerant of rewording, not of another page), and the element's new state.
 */

/** Navigations triggered by an action (form posts, redirects) finish within this. */
export const kPostTimeoutMs = 5_000;

/** Path segments and query values that look like ids a server hands out (numbers, hex, uuids). */
export function isIdLike(segment: string): boolean {
  return /^\d+$/.test(segment) || /^[0-9a-f]{8,}$/i.test(segment) || /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(segment);
}

interface UrlParts {
  origin: string;
  segments: string[];
  query: [string, string][];
  /** The route of a hash-routed app (`#/active` -> ['', 'active']), else null: other hashes are anchors. */
  route: string[] | null;
}

/** The segments of the route a hash names (see core/hash-route.ts), or null for an anchor. */
export function hashRoute(hash: string): string[] | null {
  const path = hashRoutePath(hash);
  return path === null ? null : (path.replace(/\/+$/, '') || '/').split('/');
}

function parts(text: string): UrlParts | null {
  try {
    const url = new URL(text);
    const segments = (url.pathname.replace(/\/+$/, '') || '/').split('/');
    const query = [...url.searchParams.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return { origin: url.origin, segments, query, route: hashRoute(url.hash) };
  } catch {
    return null;
  }
}

/**
 * Whether `actual` is the page `expected` names (an anchor hash ignored, a hash route compared). Ids may differ everywhere when
 * `tolerantIds` (the run changed variables), and `fresh` ids (ones the server handed out during
 * the step, e.g. the id of a newly created record) may differ where they appear. The values of
 * `volatileKeys` (a query value the app wrote from its clock, see the history's `volatileQuery`)
 * are not compared: the key is there, whatever its value.
 */
export function urlMatches(expected: string, actual: string, tolerantIds: boolean, fresh: ReadonlySet<string> = new Set(), volatileKeys: ReadonlySet<string> = new Set()): boolean {
  const e = parts(expected);
  const a = parts(actual);
  if (!e || !a) return expected === actual;
  const same = (x: string, y: string) => x === y || (isIdLike(x) && isIdLike(y) && (tolerantIds || fresh.has(x)));
  const sameDigits = (x: string, y: string) => same(x, y) || (tolerantIds && x.replace(/\d+/g, '#') === y.replace(/\d+/g, '#'));
  return (
    e.origin === a.origin &&
    e.segments.length === a.segments.length &&
    e.segments.every((seg, i) => sameDigits(seg, a.segments[i]!)) &&
    e.query.length === a.query.length &&
    e.query.every(([k, v], i) => k === a.query[i]![0] && (volatileKeys.has(k) || sameDigits(v, a.query[i]![1]))) &&
    (e.route === null || (a.route !== null && e.route.length === a.route.length && e.route.every((seg, i) => sameDigits(seg, a.route![i]!))))
  );
}

/** Pairs of (recorded fresh id -> id now) found where `expected` and `actual` differ. */
export function learnedIds(expected: string, actual: string, fresh: ReadonlySet<string>): [string, string][] {
  const e = parts(expected);
  const a = parts(actual);
  if (!e || !a || e.segments.length !== a.segments.length) return [];
  return e.segments
    .map((seg, i) => [seg, a.segments[i]!] as [string, string])
    .filter(([from, to]) => from !== to && fresh.has(from) && isIdLike(to));
}

/**
 * Whether `id` is one the step could have known before it acted: it stands, whole, in the page's
 * address before the step, the link it followed or its parameters. Another id in its place after
 * the step is another record, never one the server handed out to this one.
 */
export function knownBefore(step: Pick<HistoryStep, 'pre' | 'fingerprint' | 'params'>, id: string): boolean {
  const known = [step.pre.url, step.fingerprint?.hrefPath ?? '', JSON.stringify(step.params)].join(' ');
  return new RegExp(`(^|[^0-9A-Za-z])${id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^0-9A-Za-z])`).test(known);
}

/**
 * Ids the app handed out during a step that it named in what the step sent (a record created under
 * an id the page drew itself: `MKCOL /alice/<uuid>/`), as (recorded -> now) pairs: a recorded
 * request and the one request of this run with the same method and the same path but for id-like
 * segments. Nothing is learnt from a request this run sent several of, nor an id the step could
 * have known beforehand (`known`, see `knownBefore`): sent again under another id, that is another
 * record, never this one's id now.
 */
export function learnedFromSends(recorded: readonly string[], live: readonly string[], known: (id: string) => boolean): [string, string][] {
  const split = (send: string) => {
    const at = send.indexOf(' ');
    return at < 0 ? null : { method: send.slice(0, at), segments: send.slice(at + 1).split('/') };
  };
  const liveSends = live.map(split).filter((l) => l !== null);
  const learnt = new Map<string, string>();
  for (const sent of recorded) {
    const r = split(sent);
    if (!r) continue;
    // Each request of this run of that method and shape, with the ids it differs by (none: the same request).
    const matches = liveSends.filter((l) => l.method === r.method && l.segments.length === r.segments.length).map((l) => differingIds(r.segments, l.segments)).filter((ids) => ids !== null);
    if (matches.length !== 1) continue;
    for (const [from, to] of matches[0]!) if (!known(from)) learnt.set(from, to);
  }
  return [...learnt];
}

/** The segments where two paths of one length differ, when each such pair is two ids; null when another segment differs. */
function differingIds(recorded: readonly string[], live: readonly string[]): [string, string][] | null {
  const ids: [string, string][] = [];
  for (const [i, seg] of recorded.entries()) {
    const now = live[i]!;
    if (seg === now) continue;
    if (!isIdLike(seg) || !isIdLike(now)) return null;
    ids.push([seg, now]);
  }
  return ids;
}

/**
 * How a link's target moved between the recording and now, as (recorded -> now) pairs of the path
 * segments and query values that differ in a target of the same shape (the same number of
 * segments, the same query keys): a server-side path or a deployment's name in the link.
 * Empty when the targets differ in shape.
 */
export function targetMoves(recorded: string, live: string): [string, string][] {
  let a: URL;
  let b: URL;
  try {
    [a, b] = [new URL(recorded, 'http://relative.invalid'), new URL(live, 'http://relative.invalid')];
  } catch {
    return [];
  }
  const [sa, sb] = [a.pathname.split('/'), b.pathname.split('/')];
  const [qa, qb] = [[...a.searchParams.entries()], [...b.searchParams.entries()]];
  if (a.origin !== b.origin || sa.length !== sb.length || qa.length !== qb.length || qa.some(([k], i) => k !== qb[i]![0])) return [];
  const pairs: [string, string][] = [...sa.map((seg, i) => [seg, sb[i]!] as [string, string]), ...qa.map(([, v], i) => [v, qb[i]![1]] as [string, string])];
  return pairs.filter(([from, to]) => from !== to && from !== '');
}

/**
 * The (recorded -> now) moves of an acted link's target that the recorded URL after the step
 * holds as a path segment or query value: where the link went, the page went, so the expected URL
 * follows the link.
 */
export function movesToFollow(postUrl: string, recordedHref: string, liveHref: string): [string, string][] {
  const post = parts(postUrl);
  if (!post) return [];
  return targetMoves(recordedHref, liveHref).filter(([from]) => post.segments.includes(from) || post.query.some(([, v]) => v === from));
}

/**
 * Where the page goes now when the recorded step went where its link led: the link's target as the
 * page reads it now (`liveHref`, resolved against `pageUrl`), when the recorded URL after the step is
 * the recorded target resolved against the recorded URL before it (the same address, anchor and
 * hash route included). A build that routes `#!active` for `#/active`, or moved a page, is checked
 * against the address its link gives, not the recorded string. Null when the recorded step went
 * elsewhere (a script's link, a redirect) or a target cannot be read.
 */
export function followedLink(recorded: { preUrl: string; postUrl: string; href: string }, liveHref: string, pageUrl: string): string | null {
  if (!URL.canParse(recorded.href, recorded.preUrl) || !URL.canParse(liveHref, pageUrl)) return null;
  if (new URL(recorded.href, recorded.preUrl).href !== recorded.postUrl) return null;
  return new URL(liveHref, pageUrl).href;
}

export interface Headings {
  pre: string | null;
  post: string | null;
}

/**
 * Compares how the main heading moved at record time and now. Rewording ("Sign in" -> "Log in")
 * passes; a heading that should have changed and did not (a failed sign-in), or changed to
 * something unrelated, does not (unless `lenient`). Returns null when fine, else the reason.
 */
export function headingProblem(recorded: Headings, live: Headings, options: { lenient?: boolean } = {}): string | null {
  const n = (s: string | null) => normalizeText(s);
  if (n(live.post) === n(recorded.post)) return null;
  // The recording saw no heading before or after the step (a single-page app that had not yet
  // drawn the page it went to): it says nothing about one, and the address is checked apart.
  if (!n(recorded.pre) && !n(recorded.post)) return null;
  const recordedChanged = n(recorded.pre) !== n(recorded.post);
  const liveChanged = n(live.pre) !== n(live.post);
  if (recordedChanged && !liveChanged) return `the heading stayed "${live.post ?? ''}"; the recording went on to "${recorded.post ?? ''}"`;
  if (!recordedChanged && liveChanged) return `the heading changed to "${live.post ?? ''}"; the recording stayed on "${recorded.post ?? ''}"`;
  // A step whose element was found as recorded only needs the heading to move as it did: the
  // new heading may be reworded or translated.
  if (!recordedChanged || options.lenient) return null;
  if (containsWords(recorded.post, live.post) || tokenSimilarity(recorded.post, live.post) > 0) return null;
  return `arrived at "${live.post ?? ''}", the recording arrived at "${recorded.post ?? ''}"`;
}

/** Reads the page's main heading (the same rule as the recorder's page state). */
export async function readHeading(page: Page): Promise<string | null> {
  return inPage.source('mainHeading').then((source) => evaluateInMainWorld(page, source, undefined)).catch(() => null);
}

export interface ExpectedState {
  value?: string;
  /**
   * The editor held the typed text among other text when recorded (the blocks around a block
   * that moved the caret on, see core/in-page/held-text.ts): it must hold it as a part again.
   */
  within?: boolean;
  checked?: boolean;
  selected?: string;
}

/** The element state a step should leave, from its params (this run's values) and `targetAfter`. */
export function expectedState(step: HistoryStep, text: (s: string) => string): ExpectedState | null {
  switch (step.action) {
    case 'input': {
      if (step.params.clear === false) return null;
      // The app rewrote what was typed when it was recorded too (a path's `~` expanded, a number
      // formatted): what the field holds then is the app's, not a sign the typing went wrong.
      const typed = step.params.text;
      const held = step.targetAfter?.value;
      const editor = step.fingerprint !== null && !isFieldTag(step.fingerprint.tag);
      const within = editor && held !== null && held !== undefined && !holdsTypedText(held, typed) && holdsTypedTextWithin(held, typed);
      if (!typed.includes('{{') && held !== null && held !== undefined && held !== typed && !within) return null;
      return { value: text(typed), ...(within ? { within } : {}) };
    }
    case 'select_dropdown':
      return { selected: text(step.params.text) };
    case 'click':
      return step.targetAfter?.checked !== null && step.targetAfter?.checked !== undefined ? { checked: step.targetAfter.checked } : null;
    default:
      return null;
  }
}

export interface StateRead {
  /** Null when the locator names no element or several (gone after a navigation, re-rendered). */
  live: LiveState | null;
  /** The page's main heading, read with the state when it was read at the element's path. */
  heading?: string | null;
}

/**
 * The element's state after an action, read once: the action has returned, so the element is
 * either there or gone. With `at` (where the element was found, and what it looked like), it is
 * read back there with the page's heading while the same element is there (see at-path.ts).
 */
export async function readState(locator: Locator, at: FoundAt | null = null): Promise<StateRead> {
  const back = at === null ? undefined : await readBackAtPath(locator.page(), at.cssPath, at.identity, 'liveStateWithHeading', null);
  if (back) return back;
  return { live: await locator.evaluateAll(await inPage.fn('liveStateOfOne')).catch(() => null) };
}

/** Null when the element shows the expected state (or is gone: `live` null), else the reason. */
export function stateMismatch(live: LiveState | null, expected: ExpectedState): string | null {
  if (!live) return null;
  const sameValue = (value: string, wanted: string) => (live.editable && (live.within || expected.within) ? holdsTypedTextWithin(value, wanted) : live.editable ? holdsTypedText(value, wanted) : value === wanted);
  if (expected.value !== undefined && live.value !== null && !sameValue(live.value, expected.value)) return `the field holds "${live.value.slice(0, 40)}", not the typed text`;
  if (expected.checked !== undefined && live.checked !== null && live.checked !== expected.checked) return `the control is ${live.checked ? 'checked' : 'unchecked'}, recorded ${expected.checked ? 'checked' : 'unchecked'}`;
  if (expected.selected !== undefined && live.selected && !live.selected.includes(expected.selected)) return `the selected option is "${live.selected[0] ?? ''}", not "${expected.selected}"`;
  return null;
}

/** Null when the element shows the expected state (or is gone after a navigation), else the reason. */
export async function stateProblem(locator: Locator, expected: ExpectedState, at: FoundAt | null = null): Promise<string | null> {
  return stateMismatch((await readState(locator, at)).live, expected);
}

/** The anchor a URL ends in (`#tag/Beds`), or null: none, or a hash route (compared by `urlMatches`). */
export function anchorOf(url: string): string | null {
  try {
    const { hash } = new URL(url);
    return hash && hash !== '#' && hashRoute(hash) === null ? hash : null;
  } catch {
    return null;
  }
}

/**
 * An app that moves its anchor on a click (a reference page scrolling to a section) may write the
 * new anchor a moment after the click returned: an animation frame or a scroll handler later.
 * Within this, it has.
 */
export const kAnchorSettleMs = 1_000;

/**
 * When the recorded step moved the page's anchor (`recordedPre` -> `recordedPost`), waits until
 * the live one moved too: away from `liveBefore`, the anchor the page had right before the action,
 * or onto the recorded one. Anchors are not compared (another release may name them otherwise),
 * so this never fails: the step after it, or the page the replay leaves, sees the anchor where the
 * app puts it. Returns whether there was a move to wait for.
 */
export async function waitForAnchorMove(page: Page, recordedPre: string, recordedPost: string, liveBefore: string, timeoutMs = kAnchorSettleMs): Promise<boolean> {
  const [from, to] = [anchorOf(recordedPre), anchorOf(recordedPost)];
  if (to === null || from === to) return false;
  const before = anchorOf(liveBefore);
  const moved = (url: string) => anchorOf(url) !== before || anchorOf(url) === to;
  if (!moved(page.url())) await page.waitForURL((url) => moved(url.href), { timeout: timeoutMs, waitUntil: 'commit' }).catch(() => undefined);
  return true;
}

/** Waits until the page's URL matches; null when it does, else the reason. */
export async function waitForUrl(page: Page, expected: string, tolerantIds: boolean, timeoutMs = kPostTimeoutMs, fresh: ReadonlySet<string> = new Set(), volatileKeys: ReadonlySet<string> = new Set()): Promise<string | null> {
  if (urlMatches(expected, page.url(), tolerantIds, fresh, volatileKeys)) return null;
  try {
    await page.waitForURL((url) => urlMatches(expected, url.href, tolerantIds, fresh, volatileKeys), { timeout: timeoutMs, waitUntil: 'domcontentloaded' });
    return null;
  } catch {
    return `the page is ${page.url()}, expected ${expected}`;
  }
}
