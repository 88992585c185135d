import type { BrowserContext, Locator, Page } from 'playwright';
import type { UploadPlaces } from '../core/act/upload-path.ts';
import { errorMessage } from '../core/errors.ts';
import { bestLocator } from '../core/locator/best.ts';
import { takeFingerprint } from '../core/fingerprint/take.ts';
import type { Fingerprint, HistoryStep, RecordedLocator } from '../core/schema/history.ts';
import type { FailureCategory, ReplayStep } from '../core/schema/replay-report.ts';
import { ExpectationFailed } from '../core/act/expectation.ts';
import { isExpectAction } from '../core/schema/actions.ts';
import { locatorFromCode } from '../core/locator/build.ts';
import { runElementStep } from './executors/element.ts';
import { runExpectStep, type ExpectStep } from './executors/expectation.ts';
import { notOnTheApp, PolicyBlocked, runPageStep } from './executors/page.ts';
import type { ElementStep, ExecContext, ExecOutcome } from './executors/types.ts';
import { isStrictViolation } from '../locate/at-path.ts';
import { confirmJudged } from './confirm-judged.ts';
import { readFinalPage, type FinalPage } from './final-page.ts';
import { findAhead, findElement, type FindOptions, type Found } from './find.ts';
import type { ReadAhead } from '../locate/cascade.ts';
import type { InFlight } from '../core/act/in-flight.ts';
import { sentToApp } from '../core/act/sent-to-app.ts';
import type { Rebaser } from './inputs.ts';
import { effectChecked, outlineBeforeAction, postCheck, readOutline } from './post-check.ts';
import { followedLink, knownBefore, learnedFromSends, movesToFollow, readHeading, waitForUrl } from './verify.ts';

/** One history step: check the page, find the element, act, verify the recorded post-state. */

/** Before a step, the previous one's navigation may still be landing. */
const kPreTimeoutMs = 3_000;
/** A new tab opened by an action shows up within this. */
const kNewTabTimeoutMs = 5_000;

export interface StepEnv {
  context: BrowserContext;
  /** The app's open requests: an action's own are awaited before verifying it. */
  inFlight: InFlight;
  page: Page;
  rebase: Rebaser;
  text(value: string): string;
  tolerantIds: boolean;
  find: FindOptions;
  actionTimeoutMs: number;
  files: UploadPlaces;
  writeBack: boolean;
  /** The page the replay leaves is read with its aria snapshot (see final-page.ts). */
  finalSnapshot: boolean;
  t0: number;
}

/** The next step's element, read beside this step's check of the page (see `runStep`). */
export interface Ahead {
  index: number;
  page: Page;
  /** Its element at its recorded path (see `findAhead`); null when it is not read ahead. */
  read: ReadAhead | null;
  /** The page's outline, when the step checks its effect (see `outlineBeforeAction`); null when not read. */
  outline: string[] | null;
}

export interface StepOutcome {
  report: ReplayStep;
  page: Page;
  /** Read for the next step while this one was checked, when the page was as recorded at once. */
  ahead?: Ahead;
  /** The element as it is now, for `--write-back` of a healed step. */
  rewritten?: { fingerprint: Fingerprint; locator: RecordedLocator };
  /** The page the replay leaves, read beside this step's check (asked for with `closing`). */
  final?: FinalPage;
}

/** Found by anything but the recorded locator alone naming exactly one element. */
/** Found other than by its recorded locator: another level, or one of several that locator matches now where it picked none as recorded. */
function isHealed(found: Extract<Found, { ok: true }>): boolean {
  return found.level !== 'recorded' || (found.candidates !== 1 && found.asRecorded !== true);
}

/** The element as it is now, for `--write-back` of a healed step. */
async function rewriteOf(target: Locator): Promise<StepOutcome['rewritten']> {
  // Written back into the history: with its peers, as capture records them.
  return Promise.all([takeFingerprint(target, undefined, { peersFrom: null }), bestLocator(target)])
    .then(([fingerprint, locator]) => ({ fingerprint, locator }))
    .catch(() => undefined);
}

function execContext(env: StepEnv, page: Page, found: Found | null): ExecContext {
  return { page, context: env.context, text: env.text, rebase: env.rebase, actionTimeoutMs: env.actionTimeoutMs, files: env.files, targetAt: found?.ok ? found.atPath ?? null : null };
}

/** What a step's check of the page read beside it: the next step's element, or the final page. */
type Aside = { ahead: ReadAhead | null; outline: string[] | null } | { final: FinalPage };

const kNoNavigation = new Set(['navigate', 'search', 'switch', 'close', 'done', 'write_file', 'read_file', 'replace_file']);

function isHttp(url: string): boolean {
  return /^https?:/.test(url);
}

async function pageForTab(env: StepEnv, tab: number, tabCount: number): Promise<Page> {
  const deadline = Date.now() + kNewTabTimeoutMs;
  while (env.context.pages().length < tabCount && Date.now() < deadline) {
    await env.context.waitForEvent('page', { timeout: Math.max(1, deadline - Date.now()) }).catch(() => undefined);
  }
  return env.context.pages()[tab] ?? env.page;
}

/**
 * Whether `next`'s element may be read beside this step's check: it acts on an element of the page
 * this step leaves, in the same tab. Its read is then one look at the page with this step's check.
 */
function readsAhead(step: HistoryStep, next: HistoryStep | null): next is HistoryStep {
  return next !== null && next.ok && next.fingerprint !== null && next.locator !== null && next.pre.url === step.post.url && next.pre.tab === step.post.tab && step.post.tab === step.pre.tab && step.post.tabCount === step.pre.tabCount;
}

/** The steps around the one run, and what was read for it. */
export interface StepAround {
  /** The step before it, as recorded (see `settlesFirst` in post-check.ts). */
  previous?: HistoryStep | null;
  /** The step after it, whose element is read beside this step's check of the page when it can be (the outcome's `ahead`). */
  next?: HistoryStep | null;
  /** This step's element, read by the step before. */
  ahead?: Ahead | null;
  /** No step after this one touches the app: the page it leaves is the replay's final page, read beside the check when the check finds the page as recorded at its first look. */
  closing?: boolean;
}

/** Runs one step. */
export async function runStep(env: StepEnv, step: HistoryStep, around: StepAround = {}): Promise<StepOutcome> {
  const { previous = null, next = null, ahead = null, closing = false } = around;
  const started = performance.now();
  const timing = { startMs: Math.round(started - env.t0), findMs: 0, actMs: 0, verifyMs: 0, totalMs: 0 };
  let page = env.page;
  const base = { index: step.index, action: step.action, level: null, candidates: null, score: null, locator: null as string | null, recordedLocator: step.locator?.code ?? null, notes: [] as string[], fallback: null, checks: [] as string[] };
  const finish = (partial: Partial<ReplayStep> & Pick<ReplayStep, 'status'>, extra: Omit<StepOutcome, 'report' | 'page'> = {}): StepOutcome => {
    timing.totalMs = Math.round(performance.now() - started);
    return { report: { ...base, category: null, message: null, ...partial, timing }, page, ...extra };
  };
  // A step on a page the app now answers at another address fails saying so (its elements were looked for there).
  const redirect = isHttp(step.pre.url) ? env.rebase.redirectOf(step.pre.url) : null;
  const fail = (category: FailureCategory, message: string, partial: Partial<ReplayStep> = {}) => finish({ ...partial, status: 'failed', category, message: redirect ? message.replace(/^[^\n]*/, (first) => `${first} (${redirect})`) : message });

  if (!step.ok) return finish({ status: 'skipped', message: 'the recorded action failed; nothing to replay' });
  const offApp = notOnTheApp(step.action);
  if (offApp) return finish({ status: 'skipped', message: offApp });
  if (!kNoNavigation.has(step.action) && isHttp(step.pre.url)) {
    page = env.context.pages()[step.pre.tab] ?? page;
    const problem = await waitForUrl(page, env.rebase.url(step.pre.url), env.tolerantIds, kPreTimeoutMs, undefined, new Set(step.volatileQuery));
    if (problem) return fail('page_changed', `before the step: ${problem}`);
  }

  // What the step before read for this one, on the page it acts on.
  const readForIt = ahead !== null && ahead.index === step.index && ahead.page === page;
  let target: Locator | null = null;
  let found: Found | null = null;
  let rewritten: StepOutcome['rewritten'];
  let healed = false;
  /** Finds the step's element (`read`: read ahead by the step before), and reports how. */
  const locate = async (read: ReadAhead | null, options: FindOptions): Promise<Found> => {
    const t = performance.now();
    const result = await findElement(page, step, options, read);
    timing.findMs += Math.round(performance.now() - t);
    Object.assign(base, { level: result.level, candidates: result.candidates, notes: [...base.notes, ...result.notes], fallback: result.fallback });
    if (!result.ok) return result;
    Object.assign(base, { score: result.score, locator: result.locator.toString() });
    return result;
  };
  if (step.action === 'expect_count') {
    // Counted, never re-found: the recorded locator is the question (how many match it now).
    if (!step.locator) return fail('missing_element', 'no recorded locator to count');
    target = locatorFromCode(page, step.locator.code);
    base.locator = step.locator.code;
  } else if (step.fingerprint || (step.action !== 'scroll' && step.locator)) {
    found = await locate(readForIt ? ahead.read : null, env.find);
    if (!found.ok) return fail(found.category, found.message);
    target = found.locator;
    // The recorded locator alone no longer finds exactly this element: the step is healed.
    healed = isHealed(found);
    if (env.writeBack && healed) rewritten = await rewriteOf(target);
  }

  if (isExpectAction(step.action)) return expectStep(env, step as ExpectStep, { page, target, found, healed, rewritten, timing, finish, fail, base });

  // Read with the element when it was found at its recorded path: the same moment, one round trip less.
  const headingBefore = found?.ok && found.atPath ? found.atPath.heading : await readHeading(page);
  // What the action changes on the page, whether or not it moves the URL: waited for after the
  // action and required of it (see post-check.ts), so a step is not passed on its URL alone and the
  // page read after it (the next step's element, the final page) is the re-rendered one.
  let outlineBefore = await outlineBeforeAction(page, step, previous, readForIt ? ahead.outline : null, found?.ok === true && !healed);
  if (found?.ok && found.judged) {
    // Found at a place among several matches: right before the action, still the element judged
    // there, or judged again on the page as it is now.
    const t = performance.now();
    found = await confirmJudged(page, step, found, env.find);
    timing.findMs += Math.round(performance.now() - t);
    base.notes = found.notes;
    if (!found.ok) return fail(found.category, found.message);
    target = found.locator;
    Object.assign(base, { level: found.level, candidates: found.candidates, score: found.score, locator: target.toString() });
  }
  let ctx = execContext(env, page, found);
  let outcome: ExecOutcome;
  const tAct = performance.now();
  const findBefore = timing.findMs;
  // The anchor is waited away from on the page acted on (see waitForAnchorMove).
  const [actedPage, urlBefore] = [page, page.url()];
  const before = env.inFlight.mark();
  let guard = found?.ok ? found.guard ?? null : null;
  let followed: string | null = null;
  try {
    const act = () => (target ? runElementStep(ctx, step as ElementStep, guard ?? target) : runPageStep(ctx, step as never));
    try {
      outcome = await act();
    } catch (err) {
      if (!guard || !isStrictViolation(err)) throw err;
      // The element read at its recorded path is not the recorded locator's one element by the
      // recorded role and name: nothing was done; it is found again by the count, on the page as it is now.
      guard = null;
      base.notes = [...base.notes, 'recorded: the locator and the element at the recorded path no longer agree; found again'];
      found = await locate(null, { ...env.find, guarded: false });
      if (!found.ok) return fail(found.category, found.message);
      target = found.locator;
      healed = isHealed(found);
      rewritten = env.writeBack && healed ? await rewriteOf(target) : undefined;
      // Found another way now: its effect is judged (see `effectChecked`), on the page as it still is.
      if (healed && outlineBefore === null) outlineBefore = await outlineBeforeAction(page, step, previous);
      ctx = execContext(env, page, found);
      outcome = await act();
    }
    await env.inFlight.settle(before, { newDocuments: false });
    // A record the step created under an id the page drew (in what it sent): the steps after it
    // look for that record's links under this run's id.
    if (step.sends?.length) {
      const recorded = step.sends.map((send) => send.replace(/ (.*)$/, (_, path: string) => ` ${env.rebase.path(path) ?? path}`));
      for (const [from, to] of learnedFromSends(recorded, sentToApp(env.inFlight.sentSince(before), urlBefore), (id) => knownBefore(step, id))) env.rebase.learn(from, to);
    }
    // The link's own target moved (another copy of the app: a server-side path in its query): the
    // page it leads to moves the same way, and so do the URLs of the steps after it. Learned from
    // the element acted on, once the action went through: a guarded find reads the element at the
    // recorded path before the action proves it is the recorded one, and a guard that refuses
    // (another link sits there now) must not move the expected URL to that link's target.
    if (found?.ok && found.target) for (const [from, to] of movesToFollow(env.rebase.url(step.post.url), found.target.recorded, found.target.live)) env.rebase.learn(from, to);
    // Where the recorded step went where its link led, the page now goes where the link leads now.
    if (found?.ok && found.target) {
      const postUrl = env.rebase.url(step.post.url);
      followed = followedLink({ preUrl: env.rebase.url(step.pre.url), postUrl, href: found.target.recorded }, found.target.live, urlBefore);
      if (followed) env.rebase.learnAddress(postUrl, followed);
    }
  } catch (err) {
    timing.actMs = Math.round(performance.now() - tAct) - (timing.findMs - findBefore);
    // A guarded action's own error names the element by its recorded locator.
    const message = guard && target ? errorMessage(err).replaceAll(guard.toString(), target.toString()) : errorMessage(err);
    return fail(err instanceof PolicyBlocked ? 'policy_blocked' : 'action_error', message.split('\n')[0]!);
  }
  timing.actMs = Math.round(performance.now() - tAct) - (timing.findMs - findBefore);
  const targetAt = ctx.targetAt;
  if (outcome.page) page = outcome.page;
  if (outcome.skipped) return finish({ status: 'skipped', message: outcome.skipped });

  const tVerify = performance.now();
  if (step.post.tabCount > step.pre.tabCount || step.post.tab !== step.pre.tab) page = await pageForTab(env, step.post.tab, step.post.tabCount);
  const checkedPage = page;
  // The next step's element, and the outline its effect is judged against, read at the moment it starts from.
  const alongside = readsAhead(step, next)
    ? async () => {
      // Not for a step that goes to another page: found as recorded, as it mostly is, its effect is not compared (found otherwise, it reads its own).
      const [read, outline] = await Promise.all([findAhead(checkedPage, next, env.find), effectChecked(next, true) ? readOutline(checkedPage) : null]);
      return read || outline ? { value: { ahead: read, outline } as Aside, heading: read?.at?.heading } : null;
    }
    : closing
      ? async () => {
        const { heading, ...final } = await readFinalPage(checkedPage, env.finalSnapshot);
        return { value: { final } as Aside, heading };
      }
      : null;
  const sameDocument = page === actedPage && !env.inFlight.navigatedSince(before);
  const verdict = await postCheck({ page, step, target, targetAt, headingBefore, urlBefore: page === actedPage ? urlBefore : undefined, outlineBefore, strongMatch: !healed, followed, actedState: outcome.actedState, sameDocument, rebase: env.rebase, tolerantIds: env.tolerantIds, text: env.text, alongside });
  timing.verifyMs = Math.round(performance.now() - tVerify);
  base.checks = verdict.checks;
  if (verdict.problem) return fail('postcondition_failed', verdict.problem);
  const aside = verdict.alongside;
  const readAhead = aside && 'ahead' in aside && next ? { ahead: { index: next.index, page: checkedPage, read: aside.ahead, outline: aside.outline } } : {};
  const final = aside && 'final' in aside ? { final: aside.final } : {};
  return finish({ status: healed ? 'healed' : 'passed', message: outcome.result?.slice(0, 200) ?? null }, { ...(rewritten ? { rewritten } : {}), ...readAhead, ...final });
}

interface ExpectScope {
  page: Page;
  target: Locator | null;
  found: Found | null;
  healed: boolean;
  /** The element as it is now, for `--write-back` of a healed step. */
  rewritten: StepOutcome['rewritten'];
  timing: { actMs: number };
  base: { notes: string[]; checks: string[] };
  finish(partial: Partial<ReplayStep> & Pick<ReplayStep, 'status'>, extra?: Omit<StepOutcome, 'report' | 'page'>): StepOutcome;
  fail(category: FailureCategory, message: string): StepOutcome;
}

/**
 * An expect step: the recorded check, on the element the cascade found. It acts on nothing, so
 * there is no post-state to verify; a check that does not hold fails as `expectation`, and a
 * target found by anything but its recorded locator is said to be healed, in the notes too.
 */
async function expectStep(env: StepEnv, step: ExpectStep, scope: ExpectScope): Promise<StepOutcome> {
  const { page, target, found, healed } = scope;
  const ctx: ExecContext = { page, context: env.context, text: env.text, rebase: env.rebase, actionTimeoutMs: env.actionTimeoutMs, files: env.files, targetAt: null };
  if (healed && found?.ok) {
    scope.base.notes.push(`the expectation's target was found by ${found.level}${found.candidates === 1 ? '' : ` among ${found.candidates}`}, not by its recorded locator ${step.locator?.code ?? '(none)'}: check it is still the element meant`);
  }
  scope.base.checks = [step.action];
  const t = performance.now();
  try {
    const outcome = await runExpectStep(ctx, step, target);
    scope.timing.actMs = Math.round(performance.now() - t);
    return scope.finish({ status: healed ? 'healed' : 'passed', message: outcome.result?.slice(0, 200) ?? null }, scope.rewritten ? { rewritten: scope.rewritten } : {});
  } catch (err) {
    scope.timing.actMs = Math.round(performance.now() - t);
    const message = errorMessage(err).split('\n')[0]!;
    return scope.fail(err instanceof ExpectationFailed ? 'expectation' : 'action_error', message);
  }
}
