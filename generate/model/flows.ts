import { kNormalizedStandIn } from '../../core/aria/state.ts';
import { typingAnswer } from '../../core/aria/typing-answer.ts';
import type { HistoryStep, PageState, StepDialog } from '../../core/schema/history.ts';
import type { ExpectName } from '../../core/schema/actions.ts';
import type { FieldControl, Flow, FlowCheck, FlowOutcome, FlowState, FlowStep, FlowValue, ModelField } from '../../core/schema/page-model.ts';
import { isSingleChord } from '../../core/act/key-segments.ts';
import { isFieldTag } from '../../core/act/type-into.ts';
import { freshenCreatedValues } from './fresh.ts';
import { keepsFocus, takesTyping } from './keeps-focus.ts';
import { flowOutcomes, isDestructiveName } from './outcomes.ts';
import type { RunInput } from './inputs.ts';
import type { PageKeyer } from './pages.ts';
import type { Observed } from './registry.ts';
import { rowScope, type RowScope } from './rows.ts';
import { signInSteps } from './sign-in.ts';
import { appRelative, routeOf, type AppBase } from './url-pattern.ts';

/**
 * One recorded run as a flow of page interactions. Consecutive field changes on one page
 * (typing, choosing, checking, uploading) become one form interaction with one value per field;
 * clicks, hovers and key presses are interactions of their own; navigations are `goto` steps.
 */

const kWholePlaceholder = /^\{\{(secret|var):([A-Za-z0-9_]+)\}\}$/;

function textValue(text: string, variables: Record<string, string>): FlowValue {
  const match = kWholePlaceholder.exec(text);
  if (!match) return { kind: 'literal', value: text };
  const name = match[2]!;
  return match[1] === 'secret' ? { kind: 'secret', name } : { kind: 'var', name, recorded: variables[name] ?? '' };
}

interface FieldChange {
  control: FieldControl;
  value: FlowValue;
}

/** The field change a step made, or null when the step is not a field change. */
function fieldChange(step: HistoryStep, variables: Record<string, string>): FieldChange | null {
  const fp = step.fingerprint;
  if (!fp) return null;
  switch (step.action) {
    case 'input': return { control: step.params.clear === false ? 'append' : 'fill', value: textValue(step.params.text, variables) };
    case 'select_dropdown': return { control: 'select', value: textValue(step.params.text, variables) };
    case 'upload_file': return { control: 'upload', value: textValue(step.params.path, variables) };
    case 'click': {
      if (fp.role === 'checkbox' || fp.type === 'checkbox') {
        const checked = step.targetAfter?.checked ?? !fp.state.checked;
        return { control: 'setChecked', value: { kind: 'boolean', value: checked ?? true } };
      }
      if (fp.role === 'radio' || fp.type === 'radio') return { control: 'check', value: { kind: 'boolean', value: true } };
      return null;
    }
    default: return null;
  }
}

/** The field the focus is in, on its page, with the item it is in when it belongs to one. */
interface Focused {
  page: string;
  element: string;
  row: RowScope | null;
  /** A rich-text editor rather than a form field: keys go to the keyboard, where the focus is (emit/pom.ts). */
  editor: boolean;
}

interface PendingForm {
  page: string;
  /** The item the fields are in, when they belong to a collection. */
  row: RowScope | null;
  fields: ModelField[];
  values: FlowValue[];
  pre: PageState;
  post: PageState;
  /** What typing into the form's last field brought up (see `broughtUp`), to wait for before the next step. */
  wait: { role: string; text: FlowValue } | null;
  /** Dialogs filling the fields opened (a page that alerts on a change). */
  dialogs: StepDialog[];
}

/** The step's dialogs as a flow step carries them: only when there were any. */
function dialogsOf(dialogs: readonly StepDialog[] | undefined): { dialogs?: StepDialog[] } {
  return dialogs?.length ? { dialogs: [...dialogs] } : {};
}

/**
 * What typing `value` into a field brought up before the next step (core/aria/typing-answer.ts),
 * named by the typed value itself when it shows exactly that (a variable stays a variable); null
 * when nothing did, the value is a secret, the typing left the page, or the answer's recorded name
 * stands in for figures, dates or times.
 */
function broughtUp(step: HistoryStep, value: FlowValue): { role: string; text: FlowValue } | null {
  const typed = value.kind === 'literal' ? value.value : value.kind === 'var' ? value.recorded : '';
  if (step.action !== 'input' || step.pre.url !== step.post.url) return null;
  const answer = typingAnswer(step.effect, typed);
  if (!answer) return null;
  if (answer.name === typed.trim()) return { role: answer.role, text: value };
  // A name with the outline's stand-in for a figure, a date or a time (core/aria/state.ts
  // `normalizeAria`) is not the text the page shows: no locator finds it by that name.
  if (kNormalizedStandIn.test(answer.name)) return null;
  return value.kind === 'literal' ? { role: answer.role, text: { kind: 'literal', value: answer.name } } : null;
}

export interface FlowContext {
  keyer: PageKeyer;
  observed: Observed;
  /** The app itself: URLs on it become relative to the base URL. */
  app: AppBase;
  /** The attribute `getByTestId` matches in generated code. */
  testIdAttribute: string;
}

export function buildFlow(run: RunInput, ctx: FlowContext): Flow {
  const { keyer, observed, app } = ctx;
  const pageOf = (state: PageState) => keyer.keyOf(state.url, state.title)!;
  // Which tab a step and a state are in, said only in a flow that had a second tab open.
  const tabbed = run.history.steps.some((step) => step.pre.tabCount > 1 || step.post.tabCount > 1);
  const tabOf = (state: PageState): { tab?: number } => (tabbed ? { tab: state.tab } : {});
  const stateOf = (state: PageState): FlowState => ({
    page: pageOf(state), url: appRelative(state.url, app), title: state.title, heading: state.heading, ...tabOf(state),
  });
  const urlChanged = (pre: PageState, post: PageState) => routeOf(pre.url) !== routeOf(post.url);
  const steps: FlowStep[] = [];
  /** Steps whose item is found by an element showing exactly its key. */
  const wholeTextItems = new Set<FlowStep>();
  const itemOf = (step: FlowStep, row: RowScope | null): FlowStep => {
    if (row?.exactKey) wholeTextItems.add(step);
    return step;
  };
  let pending: PendingForm | null = null;
  const first = run.history.steps[0];
  if (first && first.action !== 'navigate') {
    steps.push({ kind: 'goto', page: pageOf(first.pre), url: appRelative(run.history.startUrl, app), after: stateOf(first.pre) });
  }

  /** `next`: another step follows on the page the form leaves, and waits for what its typing brought up. */
  const flush = (next = true) => {
    if (!pending) return;
    const form = pending;
    pending = null;
    const id = `form:${form.fields.map((f) => `${f.control} ${f.element}`).join(' + ')}`;
    const collection = form.row?.collection ?? null;
    observed.interaction({ kind: 'form', id, page: form.page, observed: 1, collection, fields: form.fields }, pageOf(form.post), urlChanged(form.pre, form.post));
    steps.push(itemOf({ kind: 'interact', page: form.page, ...tabOf(form.pre), interaction: id, values: form.values, item: form.row ? { kind: 'literal', value: form.row.key } : null, ...dialogsOf(form.dialogs), after: stateOf(form.post) }, form.row));
    if (next && form.wait && pageOf(form.post) === form.page) steps.push({ kind: 'wait', page: form.page, ...tabOf(form.post), ...form.wait, after: stateOf(form.post) });
  };

  /** The field that has the focus, as far as the steps so far tell (see keeps-focus.ts). */
  let focused = null as Focused | null;

  for (const step of run.history.steps) {
    if (!step.ok) continue;
    const page = pageOf(step.pre);
    const change = fieldChange(step, run.history.variables);
    const evidence = run.evidence?.get(step.index) ?? null;
    const row = step.fingerprint ? rowScope(step.fingerprint, step.locator, ctx.testIdAttribute, evidence ?? undefined) : null;
    const hadFocus: Focused | null = focused?.page === page ? focused : null;
    focused = keepsFocus(step) ? hadFocus : null;
    if (change && step.fingerprint) {
      if (pending && (pending.page !== page || pending.row?.key !== row?.key || pending.row?.collection !== row?.collection)) flush();
      const element = observed.element(page, step.fingerprint, step.locator, row, evidence);
      if ((change.control === 'fill' || change.control === 'append') && step.pre.url === step.post.url) focused = { page, element, row, editor: !isFieldTag(step.fingerprint.tag) };
      pending ??= { page, row, fields: [], values: [], pre: step.pre, post: step.post, wait: null, dialogs: [] };
      pending.dialogs.push(...(step.dialogs ?? []));
      pending.wait = change.control === 'fill' || change.control === 'append' ? broughtUp(step, change.value) : null;
      const at = pending.fields.findIndex((f) => f.element === element);
      if (at >= 0) {
        pending.fields[at] = { element, control: change.control };
        pending.values[at] = change.value;
      } else {
        pending.fields.push({ element, control: change.control });
        pending.values.push(change.value);
      }
      pending.post = step.post;
      if (pageOf(step.post) !== page) flush(false);
      continue;
    }
    // The end of the run leaves nothing to wait for the typing's answer before.
    flush(step.action !== 'done');
    const tab = tabOf(step.pre);
    // A step that opened a tab did not move its own page: the state after it is the new tab's.
    const opensTab = step.post.tabCount > step.pre.tabCount;
    const closesTab = step.post.tabCount < step.pre.tabCount;
    const tabs = { ...(opensTab ? { opensTab: true as const } : {}), ...(closesTab ? { closesTab: true as const } : {}) };
    const to = opensTab ? page : pageOf(step.post);
    const moved = !opensTab && urlChanged(step.pre, step.post);
    const after = stateOf(step.post);
    switch (step.action) {
      case 'click':
      case 'hover': {
        if (!step.fingerprint) break;
        const element = observed.element(page, step.fingerprint, step.locator, row, evidence);
        if (step.action === 'click' && takesTyping(step.fingerprint) && step.pre.url === step.post.url && !opensTab) focused = { page, element, row, editor: !isFieldTag(step.fingerprint.tag) };
        const id = observed.interaction({ kind: step.action, id: `${step.action}:${element}`, page, observed: 1, collection: row?.collection ?? null, element }, to, moved);
        steps.push(itemOf({ kind: 'interact', page, ...tab, interaction: id, values: [], item: row ? { kind: 'literal', value: row.key } : null, ...tabs, ...dialogsOf(step.dialogs), after }, row));
        break;
      }
      case 'send_keys': {
        const keys = step.params.keys;
        // A sequence of keys goes to the field that had the focus: its method types into that field.
        // One key or chord is pressed where the focus is, as recorded.
        const into = isSingleChord(keys) ? null : hadFocus;
        const element = into?.element ?? null;
        // Keys into an editor are pressed on the keyboard, not through its member: no item to find it in.
        const inRow = into && !into.editor ? into.row : null;
        const id = observed.interaction({ kind: 'press', id: element ? `press:${keys} in ${element}` : `press:${keys}`, page, observed: 1, collection: inRow?.collection ?? null, element, keys }, to, moved);
        steps.push(itemOf({ kind: 'interact', page, ...tab, interaction: id, values: [], item: inRow ? { kind: 'literal', value: inRow.key } : null, ...tabs, ...dialogsOf(step.dialogs), after }, inRow));
        break;
      }
      case 'navigate':
        steps.push({ kind: 'goto', page: to, ...tab, url: appRelative(step.params.url, app), after });
        break;
      case 'go_back':
        steps.push({ kind: 'back', page: to, ...tab, after });
        break;
      case 'close':
        if (closesTab) steps.push({ kind: 'close', page, tab: step.params.tab ?? step.pre.tab, after });
        break;
      case 'expect_text':
      case 'expect_url':
      case 'expect_title':
      case 'expect_value':
      case 'expect_checked':
      case 'expect_count': {
        // The text an expect_text checks is never how its element is found: the check would hold by construction.
        const asserted = step.action === 'expect_text' && typeof step.params.text === 'string' ? [step.params.text] : [];
        const element = step.fingerprint ? observed.element(page, step.fingerprint, step.locator, row, evidence, asserted) : null;
        const check = flowCheck(step, element, run.history.variables, app);
        if (check) steps.push(itemOf({ kind: 'expect', page, ...tab, check, item: element && row ? { kind: 'literal', value: row.key } : null, after }, element ? row : null));
        break;
      }
      default:
        break;
    }
  }
  flush(false);
  const typed = typedValues(run.history.steps, run.history.variables);
  const outcomes = flowOutcomes(run.history.steps, typed, run.final ?? null);
  // What the run said it did when it ended: a plan's or an agent's own words (the crawler says none).
  const done = [...run.history.steps].reverse().find((step) => step.ok && step.action === 'done');
  const goal = done?.action === 'done' ? done.params.text.trim() : undefined;
  return freshenCreatedValues({
    sessionId: run.sessionId,
    startUrl: run.history.startUrl,
    history: run.historyPath,
    secrets: [...run.history.secrets].sort(),
    variables: run.history.variables,
    steps,
    outcomes,
    changes: dataChanges(run, outcomes, typed, ctx.testIdAttribute),
    fresh: [],
    ...(goal ? { goal } : {}),
  }, run.history.steps, wholeTextItems);
}

/** What an expect step checks, with its element's id on the page; null when it lost what it needs (no element, no locator). */
function flowCheck(step: Extract<HistoryStep, { action: ExpectName }>, element: string | null, variables: Record<string, string>, app: AppBase): FlowCheck | null {
  switch (step.action) {
    case 'expect_text':
      return { assert: 'text', element, text: textValue(step.params.text, variables), exact: step.params.exact ?? false };
    case 'expect_url': {
      const { url, exact = false } = step.params;
      // An exact address is resolved where it was checked, then made relative to the app like a goto.
      const value = exact && !url.includes('{{') ? appRelative(new URL(url, step.pre.url).href, app) : url;
      return { assert: 'url', url: textValue(value, variables), exact };
    }
    case 'expect_title':
      return { assert: 'title', title: textValue(step.params.title, variables), exact: step.params.exact ?? false };
    case 'expect_value':
      return element === null ? null : { assert: 'value', element, value: textValue(step.params.value, variables) };
    case 'expect_checked':
      return element === null ? null : { assert: 'checked', element, checked: step.params.checked ?? true };
    case 'expect_count':
      return step.locator && { assert: 'count', locator: step.locator.code, count: step.params.count };
  }
}

/** Values the flow typed or chose (secrets excluded), as the app would show them. */
export function typedValues(steps: HistoryStep[], variables: Record<string, string>): string[] {
  const out: string[] = [];
  for (const step of steps) {
    if (!step.ok || (step.action !== 'input' && step.action !== 'select_dropdown')) continue;
    const value = textValue(step.params.text, variables);
    const text = value.kind === 'literal' ? value.value : value.kind === 'var' ? value.recorded : '';
    if (text.trim()) out.push(text.trim());
  }
  return out;
}

/**
 * A click on a submit control whose form posts (`method="post"`), other than a sign-in: it asks
 * the server to save something (an edit, a new record, a user, settings), whatever its caption
 * says and whatever its fields are called.
 */
function postsData(step: HistoryStep, signIns: ReadonlySet<HistoryStep>): boolean {
  return step.action === 'click' && step.fingerprint?.form?.method === 'post' && !signIns.has(step);
}

/** Actions that only read the page: what the page sends during them, it sends on its own (a poll). */
const kReadingActions = new Set<HistoryStep['action']>(['expect_text', 'expect_url', 'expect_title', 'expect_value', 'expect_checked', 'expect_count', 'extract', 'wait', 'scroll', 'done']);

/**
 * Requests the actions of a run asked the server to change something with (`sends`), but for what
 * the page also sent during a step that only read it (a poll), and for what a sign-in sent (its
 * fields and its submission, see sign-in.ts). One phrase per request.
 */
function sentChanges(steps: HistoryStep[], signIns: ReadonlySet<HistoryStep>): string[] {
  const background = new Set(steps.filter((step) => kReadingActions.has(step.action)).flatMap((step) => step.sends ?? []));
  const out: string[] = [];
  for (const step of steps) {
    if (step.ok && !signIns.has(step) && !kReadingActions.has(step.action)) out.push(...(step.sends ?? []).filter((send) => !background.has(send)).map((send) => `sends ${send}`));
  }
  return out;
}

/** How a flow changes the app's data, in words: what it deletes, submits, adds and removes. */
function dataChanges(run: RunInput, outcomes: FlowOutcome[], typed: string[], testIdAttribute: string): string[] {
  const { steps, startUrl } = run.history;
  const signIns = signInSteps(steps, startUrl);
  const changes: string[] = [];
  for (const step of steps) {
    const fp = step.fingerprint;
    if (!step.ok || !fp || (step.action !== 'click' && step.action !== 'send_keys')) continue;
    if (postsData(step, signIns) && !isDestructiveName(fp.name)) {
      changes.push(`submits “${fp.name || fp.testId || fp.title || 'the form'}”`);
      continue;
    }
    if (!isDestructiveName(fp.name) && !isDestructiveName(fp.testId) && !isDestructiveName(fp.title)) continue;
    const row = rowScope(fp, step.locator, testIdAttribute, run.evidence?.get(step.index));
    changes.push(`clicks “${fp.name || fp.testId || fp.title}”${row ? ` on “${row.key}”` : ''}`);
  }
  for (const outcome of outcomes) {
    if (outcome.kind === 'gone' && (outcome.role === 'listitem' || outcome.role === 'row' || outcome.role === 'text')) changes.push(`removes “${outcome.text}”`);
    if (outcome.kind === 'shown' && typed.includes(outcome.text)) changes.push(`adds “${outcome.text}”`);
  }
  // What the app's own requests say, when nothing above did: a settings switch that posts JSON.
  if (!changes.length) changes.push(...sentChanges(steps, signIns));
  return [...new Set(changes)];
}
