import { z } from 'zod';
import { ActionName, ActionParams } from './actions.ts';

/**
 * The replayable history: one step per executed action, each with the
 * target's fingerprint, the best locator at record time, and the page state before and after.
 */

export const kHistoryVersion = 3;

export const Box = z.strictObject({ x: z.number(), y: z.number(), width: z.number(), height: z.number() });
export type Box = z.infer<typeof Box>;

/** One frame between the page and the element: how to enter it. */
export const FrameHop = z.strictObject({
  /** CSS selector of the <iframe> element in its parent document. */
  selector: z.string(),
  name: z.string().nullable(),
  url: z.string().nullable(),
});

export const Landmark = z.strictObject({ role: z.string(), name: z.string().nullable() });

/**
 * The element's nearest meaningful container (list item, table row, cell, card, dialog, form,
 * group, tab panel) and its slot there: a row's text identifies the unnamed controls inside it.
 */
export const Container = z.strictObject({
  /** ARIA role (explicit or implicit), or `item` for a repeated look-alike sibling (a card). */
  role: z.string(),
  tag: z.string(),
  name: z.string().nullable(),
  /** The container's text without its controls' captions (a row's data), collapsed and cut. */
  text: z.string().nullable(),
  /** n-th (0-based) of the container's elements of the element's kind (tag, input type), of count. */
  slot: z.strictObject({ index: z.number().int().min(0), count: z.number().int().min(1) }),
  /** Elements like the container under the same parent (the rows of its list). */
  siblings: z.number().int().min(1),
});
export type Container = z.infer<typeof Container>;

/**
 * What a submit control sends (core/fingerprint/probe.ts): the form's target as written (the
 * control's `formaction`, else the form's `action`; null when neither is written), its method,
 * the names of the fields it posts (sorted, once each, submit controls left out) and how many of
 * the form's submit controls post no name of their own. The only unnamed submit control of a form
 * that sends the same fields to the same place sends what the recorded one sent, whatever its caption.
 */
export const FormSubmission = z.strictObject({
  action: z.string().nullable(),
  method: z.string(),
  fields: z.array(z.string()),
  unnamedSubmits: z.number().int().min(0),
});
export type FormSubmission = z.infer<typeof FormSubmission>;

/** How many names of other elements of its role a fingerprint keeps (see `peers`): a long list's far end is another region. */
export const kMaxPeers = 80;

/** Everything known about an element at record time, so replay can find it again. */
export const Fingerprint = z.strictObject({
  role: z.string().nullable(),
  /** Accessible name. */
  name: z.string(),
  tag: z.string(),
  testId: z.string().nullable(),
  /**
   * The attribute the test id came from (`data-testid`, `data-test-id`, `data-test`, `data-qa`,
   * `data-cy`): `getByTestId` matches only the one Playwright is configured for. Null when
   * unknown (recorded before it was kept).
   */
  testIdAttribute: z.string().nullable().default(null),
  id: z.string().nullable(),
  nameAttr: z.string().nullable(),
  type: z.string().nullable(),
  placeholder: z.string().nullable(),
  label: z.string().nullable(),
  /** Visible text, whitespace-collapsed, truncated. */
  text: z.string().nullable(),
  /** Pathname (+search) of a link's href, or null. */
  hrefPath: z.string().nullable(),
  title: z.string().nullable(),
  alt: z.string().nullable(),
  ariaLabel: z.string().nullable(),
  /**
   * What the element's pictures show: an image's file (`img:bin.png`), an svg sprite reference
   * (`use:#icon-trash`), an icon font's classes (`class:fa.fa-trash`) or a digest of an inline
   * drawing (`svg:1x2y3z`). Null when it has none or it was recorded before this was kept.
   */
  icon: z.string().nullable().default(null),
  classes: z.array(z.string()),
  frameChain: z.array(FrameHop),
  /** CSS paths of open shadow hosts from the document down to the element's root. */
  shadowHosts: z.array(z.string()),
  landmarks: z.array(Landmark),
  nearbyHeading: z.string().nullable(),
  nearbyText: z.string().nullable(),
  xpath: z.string(),
  cssPath: z.string(),
  box: Box.nullable(),
  /** Position of this element among elements sharing its role+name in the same frame. */
  roleNameIndex: z.number().int().min(0),
  roleNameCount: z.number().int().min(0),
  /** Value-like state at record time, used to verify the step. */
  state: z.strictObject({
    value: z.string().nullable(),
    checked: z.boolean().nullable(),
    selected: z.array(z.string()).nullable(),
    disabled: z.boolean(),
  }),
  /** Null when no container says anything beyond the element itself (history version 2). */
  container: Container.nullable(),
  /** Elements of its kind (tag, input type) in its innermost landmark, itself included; null when unknown. */
  kindPeers: z.number().int().min(1).nullable(),
  /** For a submit control in a form, what submitting it sends; null or absent otherwise, or when recorded before this was kept. */
  form: FormSubmission.nullable().optional(),
  /**
   * The language the element's document declared (`<html lang>`, lower-cased) when recorded: a
   * page whose language changed was translated, and its names are no longer comparable. Null when
   * it declared none; absent when recorded before this was kept.
   */
  lang: z.string().nullable().optional(),
  /**
   * The accessible names of the other elements of its role on the page when recorded (every
   * frame), each once, nearest in document order first, at most `kMaxPeers`, cut at 60 characters;
   * its own name left out. An element that answers to one of these names was another element when
   * recorded, and is never taken for this one. Null or absent when unknown (recorded before this was kept).
   */
  peers: z.array(z.string()).nullable().optional(),
  /**
   * The shapes of the words its page changed by itself while nothing acted (a clock, a poll's
   * figures), or that showed the recorder's clock, each digit run written `#` (`#:#:#`, `#ms`).
   * Any word of those shapes in its texts or a live element's is the page's clock or counter, not
   * what the element is: texts are compared with such words set aside (core/volatile). Absent when
   * none was seen.
   */
  volatile: z.array(z.string()).optional(),
  /**
   * What a pointer at the element's centre reached when it was recorded, where its click landed:
   * the element itself (`self`), or a descendant drawn over its middle (a button's caption, a
   * canvas's background), by its tag and sorted classes. Replay clicks where the same thing is under
   * the pointer when another descendant now covers the centre. Absent when the centre was out of
   * view or covered by something else, or when recorded before this was kept.
   */
  hit: z.strictObject({ self: z.boolean(), tag: z.string(), classes: z.array(z.string()) }).optional(),
});
export type Fingerprint = z.infer<typeof Fingerprint>;

export const RecordedLocator = z.strictObject({
  /**
   * Playwright's public locator code, as `Locator.toString()` prints it and relative to the page:
   * `getByRole('button', { name: 'Save' })`, `getByRole('listitem').filter({ hasText: 'Buy milk' })
   * .getByRole('checkbox')`, `locator('iframe').contentFrame().getByLabel('Email').nth(0)`.
   * core/locator/code.ts reads it (docs/history-format.md lists the grammar).
   */
  code: z.string(),
  /** How many elements it matched at record time (1 when verified unique). */
  matches: z.number().int().min(0),
  /**
   * A person wrote it: a plan's target given as a selector or locator code (`css=.task-entry`,
   * `getByTestId('save')`), what its author chose to find the element by. Replay tries it first as
   * it tries any recorded locator, with the fingerprint judging what it finds; generated code keeps
   * it where it finds the element alone in every recorded snapshot. Absent otherwise.
   */
  written: z.literal(true).optional(),
});
export type RecordedLocator = z.infer<typeof RecordedLocator>;

export const PageState = z.strictObject({
  url: z.string(),
  title: z.string(),
  /** Hash of the normalized aria snapshot (volatile text removed). */
  ariaHash: z.string(),
  /** The main heading (first h1, else first heading), used to verify arrival. */
  heading: z.string().nullable(),
  /** Index of the active tab. */
  tab: z.number().int().min(0),
  tabCount: z.number().int().min(1),
});
export type PageState = z.infer<typeof PageState>;

/** Element state after the action, when the action changes it (input, check, select). */
export const TargetAfter = z.strictObject({
  value: z.string().nullable(),
  checked: z.boolean().nullable(),
  selected: z.array(z.string()).nullable(),
});

/** What the action changed in the accessibility tree (see core/aria/outline.ts); null when unknown. */
export const StepEffect = z.strictObject({ appeared: z.array(z.string()), gone: z.array(z.string()) });

/** A dialog the page opened during a step (alert, confirm, prompt, beforeunload), which capture accepted. */
export const StepDialog = z.strictObject({ type: z.enum(['alert', 'confirm', 'prompt', 'beforeunload']), message: z.string() });
export type StepDialog = z.infer<typeof StepDialog>;

const stepBase = {
  index: z.number().int().min(0),
  fingerprint: Fingerprint.nullable(),
  locator: RecordedLocator.nullable(),
  targetAfter: TargetAfter.nullable(),
  pre: PageState,
  post: PageState,
  /** Milliseconds the action took at record time (informational; replay never sleeps it). */
  durationMs: z.number().min(0),
  ok: z.boolean(),
  error: z.string().nullable(),
  /** Short text result of the action (extracted content, dropdown options, ...). */
  result: z.string().nullable(),
  effect: StepEffect.nullable().default(null),
  /** Dialogs the step opened, accepted as they came; absent when it opened none. */
  dialogs: z.array(StepDialog).optional(),
  /**
   * What the action asked the app's server to change: each request it set off with a method other
   * than GET, HEAD or OPTIONS to the page's own origin, as `METHOD /path` (no query, no body), in
   * the order sent, each once; absent when it sent none.
   */
  sends: z.array(z.string()).optional(),
  /**
   * The keys of the URL's query (before or after the step) whose value was the recorder's clock
   * (`moment_input=2026-11-28 06:38:17`): their values hold on no other run and are not compared.
   * Absent when none.
   */
  volatileQuery: z.array(z.string()).optional(),
};

function step<N extends ActionName>(name: N) {
  return z.strictObject({ action: z.literal(name), params: ActionParams[name], ...stepBase });
}

export const HistoryStep = z.discriminatedUnion('action', [
  step('navigate'), step('search'), step('go_back'), step('wait'), step('click'), step('input'),
  step('scroll'), step('send_keys'), step('hover'), step('switch'), step('close'), step('extract'),
  step('screenshot'), step('dropdown_options'), step('select_dropdown'), step('upload_file'),
  step('write_file'), step('read_file'), step('replace_file'), step('done'),
  step('expect_text'), step('expect_url'), step('expect_title'), step('expect_value'), step('expect_checked'), step('expect_count'),
]);
export type HistoryStep = z.infer<typeof HistoryStep>;

export const SubtaskStatus = z.enum(['pending', 'current', 'done', 'replaced']);
export type SubtaskStatus = z.infer<typeof SubtaskStatus>;

/** One subtask of an agent run that worked through subtasks (capture/agent/subtasks.ts). */
export const Subtask = z.strictObject({
  id: z.number().int().min(1),
  text: z.string(),
  /** `replaced`: dropped by a revision of the plan. */
  status: SubtaskStatus,
  /** Turns in which it was the current subtask, each by the step (history position, from 1) it began at. */
  steps: z.array(z.number().int().min(0)),
  doneAtStep: z.number().int().min(0).nullable(),
});
export type Subtask = z.infer<typeof Subtask>;

export const HistoryCurrent = z.strictObject({
  version: z.literal(kHistoryVersion),
  sessionId: z.string(),
  startUrl: z.string(),
  recordedAt: z.string(),
  viewport: z.strictObject({ width: z.number().int(), height: z.number().int() }).nullable(),
  /** Names of secrets referenced as `{{secret:NAME}}` in params. */
  secrets: z.array(z.string()),
  /** Names of variables referenced as `{{var:NAME}}`, with their recorded values. */
  variables: z.record(z.string(), z.string()),
  /** Run metadata of an agent run with subtasks: the plan as it went (absent otherwise). Replay ignores it. */
  subtasks: z.array(Subtask).optional(),
  steps: z.array(HistoryStep),
});

/**
 * Older histories, brought forward one version at a time by pure functions. Version 1 had no
 * container in fingerprints and no step effects: both are unknown (null), so replay judges those
 * steps without them.
 */
function fromV1(v1: Record<string, unknown>): Record<string, unknown> {
  return {
    ...v1,
    version: 2,
    steps: stepsOf(v1).map((step) => {
      if (!step || typeof step !== 'object') return step;
      const fingerprint = (step as { fingerprint?: unknown }).fingerprint;
      const withEffect = { effect: null, ...step };
      return fingerprint && typeof fingerprint === 'object' ? { ...withEffect, fingerprint: { container: null, kindPeers: null, ...fingerprint } } : withEffect;
    }),
  };
}

/** A version 2 selector that is one test id: `internal:testid=[data-qa="save"s]`. */
const kTestIdSelector = /^internal:testid=\[([\w-]+)=("(?:[^"\\]|\\.)*")s\]$/;

/** The attribute a version 2 selector names for the fingerprint's own test id. */
function testIdAttributeIn(selector: unknown, fingerprint: { testId?: unknown }): string | null {
  const match = typeof selector === 'string' ? kTestIdSelector.exec(selector) : null;
  if (!match) return null;
  try {
    return JSON.parse(match[2]!) === fingerprint.testId ? match[1]! : null;
  } catch {
    return null;
  }
}

/**
 * Version 2 kept Playwright's internal selector beside the code; version 3 keeps the code alone.
 * What only the selector said, the test id attribute behind `getByTestId`, moves to the
 * fingerprint when the fingerprint does not already know it.
 */
function fromV2(v2: Record<string, unknown>): Record<string, unknown> {
  return {
    ...v2,
    version: 3,
    steps: stepsOf(v2).map((step) => {
      if (!step || typeof step !== 'object') return step;
      const { locator, fingerprint } = step as { locator?: unknown; fingerprint?: unknown };
      if (!locator || typeof locator !== 'object') return step;
      const { selector, ...rest } = locator as { selector?: unknown };
      const fp = fingerprint && typeof fingerprint === 'object' ? (fingerprint as { testId?: unknown; testIdAttribute?: unknown }) : null;
      const attribute = fp && (fp.testIdAttribute === null || fp.testIdAttribute === undefined) ? testIdAttributeIn(selector, fp) : null;
      return { ...step, locator: rest, ...(attribute ? { fingerprint: { ...fp, testIdAttribute: attribute } } : {}) };
    }),
  };
}

function stepsOf(history: Record<string, unknown>): unknown[] {
  return Array.isArray(history.steps) ? history.steps : [];
}

export function migrateHistory(value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  let current = value as Record<string, unknown>;
  if (current.version === 1) current = fromV1(current);
  if (current.version === 2) current = fromV2(current);
  return current;
}

/** A history of any supported version, migrated to the current one. */
export const History = z.preprocess(migrateHistory, HistoryCurrent);
export type History = z.infer<typeof HistoryCurrent>;
