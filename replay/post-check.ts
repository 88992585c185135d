import type { Locator, Page } from 'playwright';
import { effectAgreement, effectOf, kMaxEffectLines, multisetMinus, outline } from '../core/aria/outline.ts';
import { typingAnswer } from '../core/aria/typing-answer.ts';
import type { LiveState } from '../core/in-page/live-state.ts';
import type { HistoryStep } from '../core/schema/history.ts';
import type { FoundAt } from '../locate/at-path.ts';
import type { Rebaser } from './inputs.ts';
import { expectedState, headingProblem, isIdLike, knownBefore, learnedIds, readHeading, readState, stateMismatch, waitForAnchorMove, waitForUrl, type Headings, type StateRead } from './verify.ts';

/**
 * After a step: is the app where the recording says it went? Checked in proportion to how the
 * element was found. Always: the URL (rebased), the main heading's movement, the element's new
 * value or checked state. A step found by the recorded locator alone tolerates a reworded or
 * translated heading. Every step with a recorded effect on the page (what appeared and went away,
 * by role) waits for it and fails when it never comes: a URL that moved as recorded says where the
 * app went, not that it did what it did then (a filter link that changes the hash route while the
 * list stays as it was). A heal that acted on the wrong control, or on one that does nothing, fails
 * here too. The one exception is a step found by its recorded locator alone that went to another
 * page (see `effectChecked`). Waiting for the effect also keeps the next step,
 * and the page the replay leaves, off a page that is still re-rendering.
 */

/**
 * An action that reloads the page in place (a script posting, then reloading) leaves the URL as
 * it was: the heading is read again within this while the new document settles.
 */
const kHeadingSettleMs = 3_000;
const kSettlePollMs = 100;
/**
 * Share of the recorded changes (by role) that must happen again: another release that draws part
 * of the change otherwise still passes, an action that changed nothing does not.
 */
export const kMinEffectShare = 0.5;
/**
 * How long the outline is read again while the page is still updating (an XHR-driven re-render, a
 * script answering typing, a list that follows its hash route a moment later). The action's own
 * requests were awaited before this starts, so what is left is the page's rendering: a recorded
 * effect not seen within this fails the step.
 */
const kEffectSettleMs = 2_000;
/**
 * Steps whose recorded effect is the page's own timing, not the action's: what loaded during a
 * wait, what a scroll brought into a viewport of the recorded size. A faster page or a taller
 * viewport shows it before the step, so it is waited for and reported, never failed on.
 */
const kEffectWaitedOnly = new Set<HistoryStep['action']>(['wait', 'scroll']);

/** A read made beside the check's first look at the page, with the page's heading if it read it. */
export interface Alongside<A> {
  value: A;
  heading?: string | null;
}

export interface PostCheckInput<A = unknown> {
  page: Page;
  step: HistoryStep;
  target: Locator | null;
  /** Where the target was found by its recorded CSS path, and what it looked like (its state is read back there, see at-path.ts). */
  targetAt?: FoundAt | null;
  headingBefore: string | null;
  /** The page's URL right before the action (its anchor is waited away from when the recording moved it). */
  urlBefore?: string;
  /** The page's outline before the action, when the effect is to be checked. */
  outlineBefore: string[] | null;
  /** Found by the recorded locator alone, uncontradicted. */
  strongMatch: boolean;
  /** The state of the element acted on, read from it (see ExecOutcome): read instead of through the target's locator. */
  actedState?: (() => Promise<LiveState | null>) | undefined;
  /**
   * The address the acted link leads to now, when the recorded step went where the recorded link
   * led (see `followedLink`): the URL after the step is checked against it.
   */
  followed?: string | null;
  /**
   * No frame navigated since the action began, and the check reads the page acted on: its document
   * is the one that was already loaded, so nothing is waited for before the first look.
   */
  sameDocument?: boolean;
  rebase: Rebaser;
  tolerantIds: boolean;
  text(value: string): string;
  /**
   * A read to make beside the first look at the page once its URL is right (replay reads the
   * next step's element there, see step.ts). When the step's effect is checked, it is made beside
   * the effect's first look instead, and kept only when that look saw the effect.
   */
  alongside?: (() => Promise<Alongside<A> | null>) | null;
}

export interface PostVerdict<A = unknown> {
  problem: string | null;
  /** What was checked, for the report: `url`, `heading`, `value`, `effect 2/3`, ... */
  checks: string[];
  /** What `alongside` read, when the page was as recorded at that first look (nothing waited for since). */
  alongside?: A;
}

/**
 * Changes the recording saw on the page, few enough to compare (kMaxEffectLines or more say "a new
 * page", which is the URL's and the heading's job). Whether the URL moved does not matter: a hash
 * route or `pushState` moves it before the app re-renders, and another document of the same app
 * shows what the step did by its lines as well.
 */
export function effectWorthChecking(step: HistoryStep): boolean {
  const effect = step.effect;
  if (!effect) return false;
  // Typing and choosing are verified by the field's own value, read back after the action.
  if (step.action === 'input' || step.action === 'select_dropdown') return false;
  const total = effect.appeared.length + effect.gone.length;
  return total > 0 && effect.appeared.length < kMaxEffectLines && effect.gone.length < kMaxEffectLines;
}

/**
 * Whether the step's effect is compared line by line. Not where the element was found by its
 * recorded locator alone and the recording moved to another page (another path or query, not an
 * anchor alone): there the URL moving as recorded and the heading moving with it say that the page
 * the action asked for came, as a hand-written test's `waitForURL` does, and comparing that page's
 * lines would cost a read of a new document on every such step of an unchanged app. A step found
 * any other way, or one whose URL stays or moves its anchor only (a filter link that changes the
 * hash route while the list stays as it was), is judged by its effect.
 */
export function effectChecked(step: HistoryStep, strongMatch: boolean): boolean {
  return effectWorthChecking(step) && !(strongMatch && movesToAnotherPage(step));
}

/** The recorded step went to another path or query of a web page. */
function movesToAnotherPage(step: HistoryStep): boolean {
  if (!URL.canParse(step.pre.url) || !URL.canParse(step.post.url) || !/^https?:/.test(step.post.url)) return false;
  const [pre, post] = [new URL(step.pre.url), new URL(step.post.url)];
  return pre.origin !== post.origin || pre.pathname !== post.pathname || pre.search !== post.search;
}

export async function liveOutline(page: Page): Promise<string[]> {
  return (await readOutline(page)) ?? [];
}

/**
 * Whether the recording saw the page change on its own between `previous` and `step`: the same tab
 * at the same address, but another page outline than the one `previous` left (a panel still
 * animating away, a list filled a moment later). Replay then finds the page as it was right after
 * the previous action, not yet as this step was recorded on.
 */
export function settlesFirst(previous: HistoryStep | null, step: HistoryStep): boolean {
  return previous !== null && previous.ok && previous.post.url === step.pre.url && previous.post.tab === step.pre.tab && previous.post.ariaHash !== step.pre.ariaHash;
}

/**
 * The page's outline right before an action whose effect is checked. A named line the recording
 * saw the action bring up that is on the page already cannot come again, and the effect check
 * counts it for nothing (see effectAgreement). With so many of them shown that the check could no
 * longer see its share of the effect (kMinEffectShare), or all of them, the page is not yet where
 * the action was recorded: it still shows what the previous step is taking away (a tray that a
 * route change closes half a second after the new page rendered; a sidebar whose toggle swapped at
 * once while its contents fade out, a fade the recording left out of the previous step's effect as
 * the page's own change). Acting then would close what it should open. The page is read again until
 * enough of those lines went, at most kEffectSettleMs; then the action goes ahead on the page as
 * it is, and its effect check judges it. When the recording saw the page settle after `previous`
 * (see settlesFirst), the page is read again until none of those lines is on it. On a page as
 * recorded none is, and the first read is the only one.
 */
export async function outlineBeforeAction(page: Page, step: HistoryStep, previous: HistoryStep | null = null, first: string[] | null = null, strongMatch = false): Promise<string[] | null> {
  if (!effectChecked(step, strongMatch)) return null;
  // `first`: the outline the step before read beside its own check, at the moment this one starts from.
  const { appeared, gone } = step.effect!;
  const named = appeared.filter((line) => line.includes('"'));
  if (!named.length) return first ?? liveOutline(page);
  const total = appeared.length + gone.length;
  // How many of them may be shown with the effect check still able to pass; never all of them.
  const mayShow = Math.min(total - Math.ceil(total * kMinEffectShare), named.length - 1);
  const settled = settlesFirst(previous, step)
    ? (outline: string[]) => multisetMinus(named, outline).length === named.length
    : (outline: string[]) => named.length - multisetMinus(named, outline).length <= mayShow;
  if (first && settled(first)) return first;
  return (await settledOutline(page, settled)).outline;
}

/** The page's outline, or null when it could not be read (a document still being replaced). */
export async function readOutline(page: Page): Promise<string[] | null> {
  const snapshot = await page.ariaSnapshot({ mode: 'ai', timeout: 5_000 }).catch(() => null);
  return snapshot === null ? null : outline(snapshot);
}

/**
 * Ids in the recorded post-state URL that the step could not have known beforehand: not in the
 * URL before, not in the link it followed, not in its parameters. The server handed them out
 * (a record created by a form post), so this run may get different ones.
 */
function freshIds(step: HistoryStep): Set<string> {
  const fresh = new Set<string>();
  try {
    for (const segment of new URL(step.post.url).pathname.split('/')) {
      if (isIdLike(segment) && !knownBefore(step, segment)) fresh.add(segment);
    }
  } catch {
    return fresh;
  }
  return fresh;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `first`: the heading as just read with other things, when it was, after the caller waited for
 * the document. `atOnce`: fine at the first read.
 */
async function settledHeadingProblem(page: Page, recorded: Headings, before: string | null, lenient: boolean, first?: string | null): Promise<{ problem: string | null; atOnce: boolean }> {
  const deadline = Date.now() + kHeadingSettleMs;
  let read = first;
  for (let atOnce = true; ; atOnce = false) {
    if (!atOnce) await page.waitForLoadState('domcontentloaded').catch(() => undefined);
    const now = read !== undefined ? read : await readHeading(page);
    read = undefined;
    const problem = headingProblem(recorded, { pre: before, post: now }, { lenient });
    if (!problem || Date.now() >= deadline) return { problem, atOnce: atOnce && !problem };
    await sleep(kSettlePollMs);
  }
}

/**
 * Reads the page's outline until `settled` accepts it, at most kEffectSettleMs (the page may still
 * be updating: an XHR-driven re-render, a script answering typing); the last outline read, and
 * whether it was accepted. A read that failed is never accepted: an empty outline would look like
 * every recorded line went away.
 */
async function settledOutline(page: Page, settled: (outline: string[]) => boolean, atFirst?: () => Promise<unknown>): Promise<{ outline: string[]; accepted: boolean; atOnce: boolean }> {
  const deadline = Date.now() + kEffectSettleMs;
  let last: string[] = [];
  for (let atOnce = true; ; atOnce = false) {
    // `atFirst`: a read made beside the first look only.
    const [outline] = await Promise.all([readOutline(page), atOnce ? atFirst?.() : null]);
    if (outline && settled(outline)) return { outline, accepted: true, atOnce };
    last = outline ?? last;
    if (Date.now() >= deadline) return { outline: last, accepted: false, atOnce: false };
    await sleep(kSettlePollMs);
  }
}

/**
 * Whether the recorded effect came within kEffectSettleMs; the reason when it did not. `atFirst`:
 * a read made beside the first look at the page; `atOnce`: that look saw the effect.
 */
async function effectProblem(page: Page, step: HistoryStep, before: string[], atFirst?: () => Promise<unknown>): Promise<{ problem: string | null; check: string; atOnce: boolean }> {
  const recorded = step.effect!;
  const agreement = (after: string[]) => effectAgreement(recorded, effectOf(before, after), { before, after });
  const { outline: after, accepted, atOnce } = await settledOutline(page, (outline) => {
    const { matched, total } = agreement(outline);
    return matched >= Math.ceil(total * kMinEffectShare);
  }, atFirst);
  const { matched, total } = agreement(after);
  const check = `effect ${matched}/${total}`;
  if (accepted) return { problem: null, check, atOnce };
  const live = effectOf(before, after);
  const show = (lines: string[]) => lines.slice(0, 3).join(', ') || 'nothing';
  return {
    atOnce: false,
    problem: `effect not seen within ${kEffectSettleMs / 1000} s, the page did not change as recorded: recorded appeared ${show(recorded.appeared)} / went ${show(recorded.gone)}; now appeared ${show(live.appeared)} / went ${show(live.gone)}`,
    check,
  };
}

export async function postCheck<A>(input: PostCheckInput<A>): Promise<PostVerdict<A>> {
  const { page, step } = input;
  const checks: string[] = [];
  const verdict = (problem: string | null, alongside?: A): PostVerdict<A> => (alongside === undefined ? { problem, checks } : { problem, checks, alongside });
  const urlChecked = /^https?:/.test(step.post.url);
  if (urlChecked) {
    const expected = input.followed ?? input.rebase.url(step.post.url);
    const fresh = freshIds(step);
    checks.push('url');
    const problem = await waitForUrl(page, expected, input.tolerantIds, undefined, fresh, new Set(step.volatileQuery));
    if (problem) return verdict(problem);
    for (const [from, to] of learnedIds(expected, page.url(), fresh)) input.rebase.learn(from, to);
    if (input.urlBefore !== undefined && await waitForAnchorMove(page, step.pre.url, step.post.url, input.urlBefore)) checks.push('anchor moved');
  }
  // Where the URL moved as recorded, it already says which page this is: the heading then only
  // has to move too, in whatever words (a translated release).
  const lenient = input.strongMatch || (urlChecked && step.pre.url !== step.post.url);
  checks.push(lenient ? 'heading moved' : 'heading');
  const expected = input.target ? expectedState(step, input.text) : null;
  if (expected) checks.push(Object.keys(expected).join('+'));
  // The first look: the element's state and the `alongside` read side by side, the heading read
  // with either of them where it can be; the heading's verdict comes first.
  if (!input.sameDocument) await page.waitForLoadState('domcontentloaded').catch(() => undefined);
  // What typing brought up when recorded is waited for below: the next step's element is read after it.
  const answer = step.action === 'input' ? typingAnswer(step.effect, input.text(step.params.text)) : null;
  const [read, aside] = await Promise.all([
    expected && input.target ? (input.actedState ? input.actedState().then((live): StateRead => ({ live })) : readState(input.target, input.targetAt ?? null)) : null,
    input.outlineBefore || answer ? null : (input.alongside?.().catch(() => null) ?? null),
  ]);
  const heading = await settledHeadingProblem(page, { pre: step.pre.heading, post: step.post.heading }, input.headingBefore, lenient, read?.heading !== undefined ? read.heading : aside?.heading);
  const state = expected && read ? stateMismatch(read.live, expected) : null;
  if (heading.problem) return verdict(heading.problem);
  if (state) return verdict(state);
  // Typing that brought up an answer when recorded (a suggestion showing the typed text) is
  // answered again before the next step acts: a search box pressed Enter on before its suggestions
  // module loaded searches the full text instead of opening the page. Never a failure: the value was checked.
  if (answer) checks.push((await settledOutline(page, (outline) => outline.includes(answer.line))).accepted ? 'answer shown' : 'answer not shown (waited)');
  if (input.outlineBefore) {
    // Found as recorded or healed, the step must do what it did when recorded: an action that
    // reached its element and left the page as it was is the failure a reader most needs to see
    // (the URL and the heading may well be right). The effect is compared by role and only half
    // of it is required, so a reworded or translated page still shows it. The `alongside` read is
    // made beside the first look, and kept when that look saw the effect: the page was then as recorded.
    let beside: Alongside<A> | null = null;
    const atFirst = answer || !input.alongside ? undefined : async () => { beside = await input.alongside!().catch(() => null); };
    const effect = await effectProblem(page, step, input.outlineBefore, atFirst);
    const required = !kEffectWaitedOnly.has(step.action);
    checks.push(effect.problem ? `${effect.check} (${required ? 'not seen' : 'waited'})` : effect.check);
    if (effect.problem && required) return verdict(effect.problem);
    const read = beside as Alongside<A> | null;
    return verdict(null, heading.atOnce && effect.atOnce && read ? read.value : undefined);
  }
  return verdict(null, heading.atOnce && aside ? aside.value : undefined);
}
