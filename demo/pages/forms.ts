import { flag, html, raw, type HtmlPart, type SafeHtml } from '../html.ts';
import type { Variant } from '../variants.ts';

/** Form controls with bound labels, inline errors (role=alert) and the variant's ids and test ids. */

export interface ControlOptions {
  /** The `name` the server reads; never changed by a variant. */
  name: string;
  /** Element id before the variant renames it. */
  id: string;
  label: string;
  value?: string;
  testId?: string;
  error?: string;
  /** Extra attributes (trusted markup), e.g. `required min="0"`. */
  attrs?: string;
}

function errorText(v: Variant, opts: ControlOptions): HtmlPart {
  if (!opts.error) return '';
  return html`<p id="${v.el(`${opts.id}-error`)}" role="alert" class="${v.cls('error')}">${opts.error}</p>`;
}

function describedBy(v: Variant, opts: ControlOptions): SafeHtml {
  return opts.error ? html` aria-invalid="true" aria-describedby="${v.el(`${opts.id}-error`)}"` : raw('');
}

function field(v: Variant, content: HtmlPart): HtmlPart {
  return v.wrap(html`<div class="${v.cls('field')}">${content}</div>`);
}

function common(v: Variant, opts: ControlOptions): SafeHtml {
  return html`id="${v.el(opts.id)}" name="${opts.name}"${opts.testId ? v.testId(opts.testId) : ''}${describedBy(v, opts)}${raw(opts.attrs ? ' ' + opts.attrs : '')}`;
}

export function input(v: Variant, type: string, opts: ControlOptions): HtmlPart {
  return field(
    v,
    html`<label for="${v.el(opts.id)}">${opts.label}</label>
    <input type="${type}" ${common(v, opts)} value="${opts.value ?? ''}">${errorText(v, opts)}`,
  );
}

export function textarea(v: Variant, opts: ControlOptions): HtmlPart {
  return field(
    v,
    html`<label for="${v.el(opts.id)}">${opts.label}</label>
    <textarea ${common(v, opts)} rows="3">${opts.value ?? ''}</textarea>${errorText(v, opts)}`,
  );
}

export function select(v: Variant, choices: readonly string[], opts: ControlOptions): HtmlPart {
  const options = choices.map((c) => html`<option value="${c}"${flag('selected', c === opts.value)}>${c}</option>`);
  return field(
    v,
    html`<label for="${v.el(opts.id)}">${opts.label}</label>
    <select ${common(v, opts)}>${options}</select>${errorText(v, opts)}`,
  );
}

export function checkbox(v: Variant, opts: ControlOptions & { checked: boolean }): HtmlPart {
  return field(
    v,
    html`<input type="checkbox" ${common(v, opts)} value="on"${flag('checked', opts.checked)}>
    <label for="${v.el(opts.id)}" style="display:inline">${opts.label}</label>`,
  );
}

export interface RadioGroupOptions {
  name: string;
  id: string;
  legend: string;
  value: string;
  choices: readonly { value: string; label: string }[];
}

export function radioGroup(v: Variant, opts: RadioGroupOptions): HtmlPart {
  const radios = opts.choices.map((choice) => {
    const id = v.el(`${opts.id}-${choice.value}`);
    return html`<div><input type="radio" id="${id}" name="${opts.name}" value="${choice.value}"${flag('checked', choice.value === opts.value)}>
      <label for="${id}" style="display:inline;font-weight:normal">${choice.label}</label></div>`;
  });
  return field(v, html`<fieldset id="${v.el(opts.id)}"><legend>${opts.legend}</legend>${radios}</fieldset>`);
}

/** The form-level error (e.g. wrong password), announced with role=alert. */
export function formError(v: Variant, message: string | undefined, testId: string): HtmlPart {
  if (!message) return '';
  return html`<div role="alert" class="${v.cls('error')}"${v.testId(testId)}>${message}</div>`;
}

export function button(v: Variant, text: string, opts: { id: string; testId?: string; kind?: 'primary' | 'danger'; type?: string }): SafeHtml {
  const classes = opts.kind ? v.cls('btn', `btn-${opts.kind}`) : v.cls('btn');
  return html`<button type="${opts.type ?? 'submit'}" id="${v.el(opts.id)}" class="${classes}"${opts.testId ? v.testId(opts.testId) : ''}>${v.text(text)}</button>`;
}

export function actions(v: Variant, parts: HtmlPart[]): HtmlPart {
  return v.wrap(html`<div class="${v.cls('actions')}">${parts}</div>`);
}
