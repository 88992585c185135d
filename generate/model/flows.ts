import type { HistoryStep, PageState } from '../../core/schema/history.ts';
import type { FieldControl, Flow, FlowState, FlowStep, FlowValue, ModelField } from '../../core/schema/page-model.ts';
import type { RunInput } from './inputs.ts';
import type { PageKeyer } from './pages.ts';
import type { Observed } from './registry.ts';
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
    case 'input': return { control: 'fill', value: textValue(step.params.text, variables) };
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

interface PendingForm {
  page: string;
  fields: ModelField[];
  values: FlowValue[];
  pre: PageState;
  post: PageState;
}

export interface FlowContext {
  keyer: PageKeyer;
  observed: Observed;
  /** The app itself: URLs on it become relative to the base URL. */
  app: AppBase;
}

export function buildFlow(run: RunInput, ctx: FlowContext): Flow {
  const { keyer, observed, app } = ctx;
  const pageOf = (state: PageState) => keyer.keyOf(state.url, state.title)!;
  const stateOf = (state: PageState): FlowState => ({
    page: pageOf(state), url: appRelative(state.url, app), title: state.title, heading: state.heading,
  });
  const urlChanged = (pre: PageState, post: PageState) => routeOf(pre.url) !== routeOf(post.url);
  const steps: FlowStep[] = [];
  let pending: PendingForm | null = null;
  const first = run.history.steps[0];
  if (first && first.action !== 'navigate') {
    steps.push({ kind: 'goto', page: pageOf(first.pre), url: appRelative(run.history.startUrl, app), after: stateOf(first.pre) });
  }

  const flush = () => {
    if (!pending) return;
    const form = pending;
    pending = null;
    const id = `form:${form.fields.map((f) => `${f.control} ${f.element}`).join(' + ')}`;
    observed.interaction({ kind: 'form', id, page: form.page, observed: 1, fields: form.fields }, pageOf(form.post), urlChanged(form.pre, form.post));
    steps.push({ kind: 'interact', page: form.page, interaction: id, values: form.values, after: stateOf(form.post) });
  };

  for (const step of run.history.steps) {
    if (!step.ok) continue;
    const page = pageOf(step.pre);
    const change = fieldChange(step, run.history.variables);
    if (change && step.fingerprint) {
      if (pending && pending.page !== page) flush();
      const element = observed.element(page, step.fingerprint, step.locator);
      pending ??= { page, fields: [], values: [], pre: step.pre, post: step.post };
      const at = pending.fields.findIndex((f) => f.element === element);
      if (at >= 0) {
        pending.fields[at] = { element, control: change.control };
        pending.values[at] = change.value;
      } else {
        pending.fields.push({ element, control: change.control });
        pending.values.push(change.value);
      }
      pending.post = step.post;
      if (pageOf(step.post) !== page) flush();
      continue;
    }
    flush();
    const to = pageOf(step.post);
    const moved = urlChanged(step.pre, step.post);
    const after = stateOf(step.post);
    switch (step.action) {
      case 'click':
      case 'hover': {
        if (!step.fingerprint) break;
        const element = observed.element(page, step.fingerprint, step.locator);
        const id = observed.interaction({ kind: step.action, id: `${step.action}:${element}`, page, observed: 1, element }, to, moved);
        steps.push({ kind: 'interact', page, interaction: id, values: [], after });
        break;
      }
      case 'send_keys': {
        const keys = step.params.keys;
        const id = observed.interaction({ kind: 'press', id: `press:${keys}`, page, observed: 1, element: null, keys }, to, moved);
        steps.push({ kind: 'interact', page, interaction: id, values: [], after });
        break;
      }
      case 'navigate':
        steps.push({ kind: 'goto', page: to, url: appRelative(step.params.url, app), after });
        break;
      case 'go_back':
        steps.push({ kind: 'back', page: to, after });
        break;
      default:
        break;
    }
  }
  flush();
  return {
    sessionId: run.sessionId,
    startUrl: run.history.startUrl,
    history: run.historyPath,
    secrets: [...run.history.secrets].sort(),
    variables: run.history.variables,
    steps,
  };
}
