import type { Locator, Page } from 'playwright';
import { actionError } from './action-error.ts';
import { heldStateOf, type Typed } from '../../core/act/type-into.ts';
import { kRecordEventLagMs, kRecordFollowUpMs, kRecordNewDocumentFollowUpMs, type InFlightMark } from '../../core/act/in-flight.ts';
import { sentToApp } from '../../core/act/sent-to-app.ts';
import { effectOf, outline } from '../../core/aria/outline.ts';
import { observedState } from '../../core/aria/state.ts';
import { describeIssues, errorMessage } from '../../core/errors.ts';
import { takeFingerprint } from '../../core/fingerprint/take.ts';
import { bestLocator } from '../../core/locator/best.ts';
import { locatorFromCode } from '../../core/locator/build.ts';
import { steadyRoleLocator } from '../../core/locator/steady-locator.ts';
import { kLeavesPageAlone, type ActionName } from '../../core/schema/actions.ts';
import type { Fingerprint, PageState, RecordedLocator } from '../../core/schema/history.ts';
import { clockQueryKeys, clockShapes } from '../../core/volatile/clock-values.ts';
import { steadyText } from '../../core/volatile/steady-text.ts';
import { withoutForeign } from '../../core/volatile/foreign-changes.ts';
import { inPage } from '../../core/in-page.ts';
import type { Secrets } from '../record/secrets.ts';
import type { StepShots } from '../record/step-shots.ts';
import { untraced } from '../record/untraced.ts';
import type { Session } from '../session.ts';
import type { ActionCall, ActionOutcome, Observation } from '../types.ts';
import type { ActionRunResult } from './define.ts';
import type { Executed, PageRead, RecordedStep } from './executed.ts';
import type { ImageAsker } from './define-skill.ts';
import { actionDef, isSkillName } from './registry.ts';
import { describeTarget, resolveTarget, targetLocator, type ResolvedTarget } from './resolve-target.ts';

/**
 * Runs one ActionCall through its action module and collects what the history needs: the
 * target's fingerprint and best locator (taken before acting), the element's state after, and
 * the page state before and after. Everything returned is already secret-redacted.
 */

/** Actions after which the page may load or re-render; the post state waits for it to settle. */
const kPageChanging = new Set<ActionName>(['navigate', 'search', 'go_back', 'click', 'input', 'send_keys', 'select_dropdown', 'switch', 'close']);
/**
 * Actions whose page is pictured once they settled (record/step-shots.ts): those that change it,
 * and those that show something without changing the document (a hover's menu, a scroll, an
 * upload's file name). The others (reads, expectations, files, done) draw nothing new.
 */
const kShotActions = new Set<ActionName>([...kPageChanging, 'hover', 'scroll', 'upload_file']);
/** Recorded locator code that finds an element by the text it shows or by its position. */
const kWeakForEditor = /(^|\.)getByText\(|\.nth\(\d+\)$/;
/** Recorded locator code that finds an element by its place among look-alikes. */
const kPositional = /\.(?:nth\(-?\d+\)|first\(\)|last\(\))$/;
/** Recorded locator code that finds an element by the text it shows. */
const kByText = /(^|\.)getByText\(/;
/** Expectations that check the text their element shows. */
const kTextChecks = new Set<ActionName>(['expect_text']);
/** Load events after an action; a page still loading after this is recorded as it is. */
const kLoadTimeoutMs = 5_000;
/**
 * The page is read once its elements and styles stood still this long: longer than the 13-16 ms
 * between two frames of a script animation (a DokuWiki tree sliding shut, 200 ms), which the post
 * state and the next look would otherwise catch half-way, its elements about to be removed.
 */
const kDomQuietMs = 50;
/** A page that never stands still (a carousel) is read after this. */
const kDomQuietTimeoutMs = 1_000;
/**
 * A recorded post-state waits for what the action's requests set off (a reload after a post), and
 * after a navigation for what the new document loads, until the network is quiet; after a command
 * to the server, for the page's next poll of it, whose answer shows the command's outcome.
 */
export const kRecordSettle = { followUpMs: kRecordFollowUpMs, eventLagMs: kRecordEventLagMs, newDocumentFollowUpMs: kRecordNewDocumentFollowUpMs, awaitPolls: true };

export interface ExecuteOptions {
  session: Session;
  observation: Observation | null;
  secrets: Secrets;
  filesDir: string;
  cwd: string;
  signal: AbortSignal;
  timeoutMs: number;
  step: number;
  /** Files or folders `upload_file` may use besides the session files (`--upload-path`). */
  uploadPaths?: readonly string[];
  /** The model skills ask about images (`ask_element`), when the capture has one. */
  askImage?: ImageAsker | null;
  /** Actions the history may still take; a skill stops before an action past it. */
  actionsLeft?: () => number;
  /**
   * The title of the trace group around an action that runs (the capture loop's `bu step N: ...`,
   * N its place in the history); without it no group is opened. A malformed call opens none.
   */
  stepTitle?: (call: ActionCall) => string;
  /**
   * What the page was read as just before this action with nothing done since (the post state of
   * the action before it in the same turn, or the look it was chosen on): its pre state is that read.
   */
  preRead?: PageRead | null;
  /** The capture's own step screenshots for the trace (record/step-shots.ts), when it takes them. */
  stepShots?: StepShots | null;
}
interface Observed {
  state: PageState;
  /** The page's outline (core/aria/outline.ts), empty when it could not be read. */
  outline: string[];
  /** The snapshot it was read from, or null when it could not be taken. */
  read: PageRead | null;
}

async function currentState(session: Session, fallback?: Observed, given?: PageRead | null): Promise<Observed> {
  try {
    const page = session.currentPageOrDie();
    const known = given?.page === page ? { snapshot: given.snapshot, title: given.title, heading: given.heading } : {};
    const { state, snapshot } = await untraced(page, () => observedState(page, { tab: session.activeTab, tabCount: Math.max(1, session.pages.length), ...known }));
    return { state, outline: outline(snapshot), read: snapshot ? { page, snapshot, title: state.title, heading: state.heading } : null };
  } catch (err) {
    if (fallback) return fallback;
    throw err;
  }
}

/** Fields whose pages answer typing with suggestions or results as it goes (their role, or `type=search`). */
const kSuggestingRoles = new Set(['combobox', 'searchbox']);
/**
 * After typing into such a field, the quiet time in which what the page does still counts as the
 * typing's: longer than the debounce search boxes put on their input handlers (typedoc's 200 ms,
 * commonly 150-300 ms), so the step's post-state shows the results and the next step (Enter, a
 * click on a suggestion) meets them, as a person who waits for the list does.
 */
const kSuggestFollowUpMs = 400;

function suggesting(action: ActionName, fingerprint: Fingerprint | null): boolean {
  return action === 'input' && fingerprint !== null && (kSuggestingRoles.has(fingerprint.role ?? '') || fingerprint.type === 'search');
}

async function settle(session: Session, action: ActionName, mark: InFlightMark, suggests = false): Promise<void> {
  if (!kPageChanging.has(action) || session.isClosed) return;
  const page = session.pages[session.activeTab];
  if (!page) return;
  // The action's requests first: a post that reloads when it returns has not started loading yet.
  await session.inFlight.settle(mark, suggests ? { ...kRecordSettle, followUpMs: kSuggestFollowUpMs } : kRecordSettle);
  await untraced(page, async () => {
    await page.waitForLoadState('load', { timeout: kLoadTimeoutMs }).catch(() => undefined);
    // After typing that suggests, the page's debounce timer is awaited on the page's clock too.
    const quiet = { quietMs: kDomQuietMs, timeoutMs: kDomQuietTimeoutMs, ...(suggests ? { firstQuietMs: kSuggestFollowUpMs } : {}) };
    await page.evaluate(await inPage.fn('domQuiet'), quiet).catch(() => undefined);
  });
}

/**
 * Whether the page's URL, title or main heading is no longer what `pre` recorded: one round trip,
 * and a new read of the page only when it did move on.
 */
async function movedOn(page: Page, pre: PageState): Promise<boolean> {
  const now = await page.evaluate(await inPage.fn('titleAndHeading')).catch(() => null);
  return now !== null && (page.url() !== pre.url || now.title !== pre.title || now.heading !== pre.heading);
}

/** The shapes of the words the page changed by itself, and of the element's words that show the clock. */
function volatileWords(selfShapes: string[], fingerprint: Fingerprint, at: Date): string[] {
  const texts = [fingerprint.name, fingerprint.text, fingerprint.container?.text ?? null];
  return [...new Set([...selfShapes, ...texts.flatMap((text) => clockShapes(text, at))])];
}

async function stateAfter(element: Locator): Promise<RecordedStep['targetAfter']> {
  // Read once, never waited for: the page has settled, and an element an action navigated away
  // from is not coming back (waiting for it cost every navigating step its whole timeout).
  return element
    .evaluateAll((els) => {
      if (els.length !== 1) return null;
      const el = els[0]!;
      // By tag, not `instanceof` a page global (a page may replace those: MooTools replaces Element).
      const isField = ['input', 'textarea', 'select'].includes(el.localName);
      // An editor's text as shown, line breaks included (its textContent runs paragraphs together).
      const value = isField ? (el as HTMLInputElement).value : (el as HTMLElement).isContentEditable ? (el as HTMLElement).innerText : null;
      const aria = el.getAttribute('aria-checked');
      const checked =
        el.localName === 'input' && ((el as HTMLInputElement).type === 'checkbox' || (el as HTMLInputElement).type === 'radio') ? (el as HTMLInputElement).checked : aria === null ? null : aria === 'true';
      const selected = el.localName === 'select' ? Array.from((el as HTMLSelectElement).selectedOptions).map((option) => option.label || option.text) : null;
      return { value, checked, selected };
    })
    .catch(() => null);
}

/**
 * The state of the element typed into, read from the element itself (an editor that renamed its
 * block or moved the text to a new one no longer matches the locator it was found by); the
 * element is let go of once read.
 */
async function typedStateAfter(typed: Typed): Promise<RecordedStep['targetAfter']> {
  const live = await heldStateOf(typed);
  await typed.element.dispose().catch(() => undefined);
  return live && { value: live.value, checked: live.checked, selected: null };
}

/** The recorded locator code as a Locator on the page, or null when this build cannot read it back. */
function rebuilt(page: Page, code: string): Locator | null {
  try {
    return locatorFromCode(page, code);
  } catch {
    return null;
  }
}

export async function executeAction(options: ExecuteOptions, call: ActionCall): Promise<Executed> {
  const { session } = options;
  const name = call.action;
  if (isSkillName(name)) {
    return { outcome: { action: name, ok: false, text: '', error: `${name} is a skill: it runs through executeCall` }, record: null, pageChanged: false, label: null };
  }
  const def = actionDef(name);
  const parsed = def.recorded.safeParse(call.params);
  if (!parsed.success) {
    const error = `invalid params for ${name}: ${describeIssues(parsed.error)}`;
    return { outcome: { action: name, ok: false, text: '', error }, record: null, pageChanged: false, label: null };
  }
  const title = options.stepTitle?.(call);
  const tracing = session.context.tracing;
  if (title) await tracing.group(title).then(() => options.stepShots?.groupOpened(), () => undefined);
  try {
    return await act(options, call, def, parsed.data);
  } finally {
    if (title) await tracing.groupEnd().catch(() => undefined);
  }
}

/** An action whose params parsed: find its element, run it, and describe what it did. */
async function act(options: ExecuteOptions, call: ActionCall, def: ReturnType<typeof actionDef>, asGiven: unknown): Promise<Executed> {
  const { session, secrets } = options;
  const name = def.name;
  // Where the page's changes stood when it was read (core/volatile/foreign-changes.ts): a read
  // carried over from the step before has its own mark.
  const changeMark = (on: Page) => untraced(on, async () => on.evaluate(await inPage.fn('foreignMark'))).catch(() => null);
  const reusing = options.preRead?.page === session.currentPageOrDie();
  let readAt = reusing ? options.preRead!.mark ?? null : await changeMark(session.currentPageOrDie());
  let before = await currentState(session, undefined, options.preRead);
  const recorded = (state: PageState): unknown => (def.recordAs ? (def.recordAs as (params: unknown, pageUrl: string) => unknown)(asGiven, state.url) : asGiven);
  let pre = before.state;
  let data = recorded(pre);
  const mark = session.inFlight.mark();
  const dialogsFrom = session.dialogCount;
  const page = session.currentPageOrDie();
  // What the page changed by itself since the last step settled (a clock, a poll's figures).
  const selfShapes = await session.selfChanges.beforeAction(page);
  const wantsElement = def.element === 'required' || (def.element === 'optional' && (call.index !== undefined || call.target !== undefined || call.ref !== undefined));
  let target: ResolvedTarget | null = null;
  let fingerprint: Fingerprint | null = null;
  let locator: RecordedLocator | null = null;
  let result: ActionRunResult | null = null;
  let error: string | null = null;
  let durationMs = 0;
  let from = before;
  try {
    if (wantsElement) {
      const found = await untraced(page, () => resolveTarget({ page, observation: options.observation, call, timeoutMs: options.timeoutMs, loading: (ms) => session.inFlight.loading(ms) }));
      target = found;
      // The page may have gone on changing while its element was awaited (an app that was still
      // drawing itself from its data when it was read): the step starts from the page as it is now.
      const moved = await untraced(page, () => movedOn(page, pre));
      if (moved) {
        readAt = await changeMark(page);
        before = await currentState(session, before);
        pre = before.state;
        data = recorded(pre);
      }
      // The page as perceived names the element's peers, unless it moved on since (then it is read again).
      const peersFrom = !moved && options.observation?.url === page.url() ? options.observation.ariaSnapshot : null;
      [fingerprint, locator] = await untraced(page, async () => [await takeFingerprint(found.locator, found.hints, { peersFrom }), await bestLocator(found.locator)] as const);
      // A name with a changing figure in it is recorded by the part before the figure.
      const taken = fingerprint;
      locator = await untraced(page, () => steadyRoleLocator(page, taken, locator!));
      // An editor found by its path is named by that path rather than by the text it holds (which
      // typing replaces) or by its place among the page's divs: the recorder's choices for an
      // unnamed editor.
      if (found.byPath && kWeakForEditor.test(locator.code)) locator = { code: found.locator.toString(), matches: 1 };
      // A plan's target is what its author chose to find the element by (an attribute, a scope):
      // when the recorder could only tell the element apart by its position (unnamed fields of
      // one form), the author's own locator is recorded instead, which replay and generate try
      // first and which still finds the element once a look-alike is added before it.
      if (call.target !== undefined && kPositional.test(locator.code) && !kPositional.test(found.locator.toString())) locator = { code: found.locator.toString(), matches: 1 };
      // A check of an element's text (`#filter-count` shows '1 Transfer') recorded as the recorder's
      // `getByText('1 Transfer')` would find the element by what the step checks: once the text
      // changes, replay and generated code lose the element instead of failing the check. The
      // plan's own target, which does not depend on the text, is recorded.
      if (call.target !== undefined && kTextChecks.has(name) && kByText.test(locator.code) && !kByText.test(found.locator.toString())) locator = { code: found.locator.toString(), matches: 1 };
      // Act through the verified best locator, not the aria ref: the tracer's own per-action aria
      // snapshot invalidates refs before the action resolves its target, and the trace then names
      // the element the way a person would write it.
      // Code this build cannot read back leaves the action on the element as it was found.
      // A locator holding a word the page changes by itself (a row's "602ms ago") stops finding the
      // element as the page ticks: a plan's own target is recorded instead, and the action goes
      // through the element as found.
      const ticking = selfShapes.length > 0 && steadyText(locator.code, selfShapes) !== locator.code;
      if (ticking && call.target !== undefined) locator = { code: found.locator.toString(), matches: 1 };
      // A target the plan's author wrote as a selector or locator code is how a person chose to
      // find the element: it is the step's recorded locator, marked as written (it matched the
      // element alone, or the step would have failed).
      else if (typeof call.target === 'string') locator = { code: found.locator.toString(), matches: 1, written: true };
      if (locator.matches === 1 && !ticking) target = { ...found, locator: rebuilt(page, locator.code) ?? found.locator };
    } else if (def.element === 'matching') {
      // Any number of elements, none included: nothing to fingerprint, the locator is what is recorded.
      if (call.target === undefined) throw new Error(`${name} needs a target (a selector or locator code)`);
      target = { locator: targetLocator(page, call.target), label: describeTarget(call.target) };
    }
    const params = secrets.substituteParams(data as Record<string, unknown>);
    // The effect counts from right before the action (what the page did while its element was found
    // is not the action's: read again unless nothing changed since it was read), and from here what
    // a timer set before this step does to the page is not this step's either
    // (core/volatile/foreign-changes.ts).
    const startAt = await untraced(page, async () => page.evaluate(await inPage.fn('beginStep'))).catch(() => null);
    if (startAt === null || startAt !== readAt) from = await currentState(session, before);
    const started = performance.now();
    try {
      result = await (def.run as (ctx: unknown, params: unknown) => Promise<ActionRunResult>)(
        {
          session, page, element: target?.locator ?? null, elementLabel: target?.label ?? '', filesDir: options.filesDir, cwd: options.cwd,
          signal: options.signal, timeoutMs: options.timeoutMs, step: options.step, uploadPaths: options.uploadPaths ?? [],
        },
        params,
      );
    } finally {
      durationMs = Math.round(performance.now() - started);
    }
  } catch (err) {
    const message = actionError(errorMessage(err));
    error = session.isClosed && !message.includes(session.closedBecause ?? '') ? `${session.closedBecause} (${message})` : message;
  }
  await settle(session, name, mark, suggesting(name, fingerprint));
  // What changed while a step left the page alone (a wait) the page did by itself: kept for the next.
  if (!kLeavesPageAlone.has(name)) await session.selfChanges.afterAction(session.pages[session.activeTab]);
  if (options.stepShots && kShotActions.has(name)) await options.stepShots.take(page, Boolean(options.stepTitle));
  const acted = target;
  if (acted && def.element === 'matching') {
    const matches = await untraced(page, () => acted.locator.count()).catch(() => 0);
    locator = { code: acted.locator.toString(), matches };
  }
  const targetAfter = acted && fingerprint && !session.isClosed ? await untraced(page, () => (result?.acted ? typedStateAfter(result.acted) : stateAfter(acted.locator))) : null;
  const samePage = !session.isClosed && session.pages[session.activeTab] === page;
  // Marked before the read, so a change in between makes the next step read the page again.
  const postAt = samePage ? await changeMark(page) : null;
  const after = await currentState(session, before);
  const post = after.state;
  const foreign = samePage ? await untraced(page, async () => page.evaluate(await inPage.fn('takeForeign'))).catch(() => null) : null;
  const postRead = after === before || !after.read ? null : { ...after.read, mark: after.read.page === page ? postAt : null };
  const ok = error === null;
  const text = secrets.redactText(result?.text ?? '');
  const outcome: ActionOutcome = { action: name, ok, text, error: error && secrets.redactText(error) };
  const dialogs = session.dialogsSince(dialogsFrom);
  const sends = sentToApp(session.inFlight.sentSince(mark), pre.url);
  const now = new Date();
  const volatileQuery = [...new Set([pre.url, post.url].flatMap((url) => clockQueryKeys(url, now)))];
  const words = fingerprint ? volatileWords(selfShapes, fingerprint, now) : [];
  if (fingerprint && words.length) fingerprint = { ...fingerprint, volatile: words };
  if (result?.done) outcome.done = secrets.redactDeep(result.done);
  const record = secrets.redactDeep({
    action: name,
    params: data,
    fingerprint,
    locator,
    targetAfter,
    pre,
    post,
    durationMs,
    ok,
    error,
    result: result ? result.text : null,
    effect: from.outline.length && after !== before ? withoutForeign(effectOf(from.outline, after.outline), foreign) : null,
    ...(dialogs.length ? { dialogs } : {}),
    ...(sends.length ? { sends } : {}),
    ...(volatileQuery.length ? { volatileQuery } : {}),
  } as RecordedStep);
  const pageChanged = pre.tab !== post.tab || pre.url !== post.url || pre.tabCount !== post.tabCount;
  return { outcome, record, pageChanged, label: target?.label ?? null, postRead };
}

