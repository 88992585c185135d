import { parseAriaSnapshot, type AriaNode } from '../../perceive/parse-snapshot.ts';
import type { ActionCall, ElementInfo } from '../../types.ts';
import { firstRealOption, isPasswordField, valueFor, type FieldValue, type KnownValues } from './form-values.ts';

/**
 * The actions that fill the fields of one form with a plausible or given value: text fields get
 * typed values, selects their first real option, checkboxes are toggled, and a radio group with
 * nothing chosen gets its first radio. Password fields get only secrets or given values. Pure over
 * one observation.
 */

const kTextRoles = new Set(['textbox', 'searchbox', 'spinbutton']);
/** Outside a form these act when clicked, so they are not part of a fill. */
const kOwnToggleRoles = new Set(['checkbox', 'switch', 'radio']);

export interface FillPlan {
  actions: ActionCall[];
  /** One line per field for the reasoning log; secret values appear only as placeholders. */
  notes: string[];
}

function optionsByRef(snapshot: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const visit = (node: AriaNode) => {
    if (node.ref && (node.role === 'combobox' || node.role === 'listbox')) {
      out.set(node.ref, node.children.filter((child) => child.role === 'option').map((child) => child.name));
    }
    node.children.forEach(visit);
  };
  parseAriaSnapshot(snapshot).forEach(visit);
  return out;
}

function describe(element: ElementInfo, value: FieldValue): string {
  const shown = value.source === 'default' ? JSON.stringify(value.text) : `${value.text} (${value.source === 'fill' ? '--fill' : '--secret'})`;
  return `${element.role} "${element.name}" <- ${value.source === 'fill' ? JSON.stringify(value.text) : shown}`;
}

/** The fields sent with `sender` (a submit button, or the field Enter is pressed in). */
export function fieldsInScope(elements: readonly ElementInfo[], sender: ElementInfo | null): readonly ElementInfo[] {
  // Without DOM details (another perception) every field of the page is taken, as a person would guess.
  if (!elements.some((element) => element.details)) return elements;
  const form = sender?.details?.form ?? null;
  if (form !== null) return elements.filter((element) => element.details?.form === form);
  // No form element (a script-driven page): the loose fields; not the controls of list rows, and not
  // loose ticks, which act on their own there and are moves of their own.
  return elements.filter((element) => element === sender || (!element.details?.form && !element.details?.inRow && !kOwnToggleRoles.has(element.role)));
}

function fieldView(element: ElementInfo) {
  const details = element.details;
  return {
    role: element.role, name: element.name, placeholder: element.attributes.placeholder, type: details?.type ?? element.attributes.type,
    nameAttr: details?.nameAttr, id: details?.id, autocomplete: details?.autocomplete, label: details?.label,
  };
}

/**
 * Fills the fields sent with `sender` (all fields when it is null or nothing is known of forms).
 * A password field gets a matching secret or is left alone.
 */
export function fillActions(elements: readonly ElementInfo[], ariaSnapshot: string, known: KnownValues, sender: ElementInfo | null = null): FillPlan {
  const actions: ActionCall[] = [];
  const notes: string[] = [];
  const options = optionsByRef(ariaSnapshot);
  const scope = fieldsInScope(elements, sender);
  const passwordFields = scope.filter((element) => kTextRoles.has(element.role) && isPasswordField(fieldView(element))).length;
  let radioRun: ElementInfo[] = [];
  const closeRadioRun = () => {
    if (radioRun.length && !radioRun.some((radio) => radio.attributes.checked === 'true')) {
      actions.push({ action: 'click', params: {}, index: radioRun[0]!.index });
      notes.push(`radio "${radioRun[0]!.name}" chosen`);
    }
    radioRun = [];
  };
  const type = (element: ElementInfo) => {
    const value = valueFor(fieldView(element), known, { passwordFields });
    if (value === null) {
      notes.push(`password field ${describeField(element)} left empty: no --secret or --fill matches it`);
      return;
    }
    actions.push({ action: 'input', params: { text: value.text, clear: true }, index: element.index });
    notes.push(describe(element, value));
  };
  for (const element of scope) {
    if (element.role !== 'radio') closeRadioRun();
    if (element.attributes.disabled) continue;
    switch (element.role) {
      case 'textbox':
      case 'searchbox':
      case 'spinbutton':
        type(element);
        break;
      case 'combobox': {
        const choices = options.get(element.ref);
        const option = choices ? firstRealOption(choices) : null;
        if (option !== null) {
          actions.push({ action: 'select_dropdown', params: { text: option }, index: element.index });
          notes.push(`combobox "${element.name}" <- option "${option}"`);
        } else if (!choices) type(element);
        break;
      }
      case 'checkbox':
      case 'switch':
        actions.push({ action: 'click', params: {}, index: element.index });
        notes.push(`${element.role} "${element.name}" toggled`);
        break;
      case 'radio':
        radioRun.push(element);
        break;
      default:
        break;
    }
  }
  closeRadioRun();
  return { actions, notes };
}

function describeField(element: ElementInfo): string {
  const attrs = element.details ? [element.details.nameAttr && `name=${element.details.nameAttr}`, element.details.id && `id=${element.details.id}`].filter(Boolean).join(' ') : '';
  return `${element.role} "${element.name}"${attrs ? ` (${attrs})` : ''}`;
}

export function isTextField(element: ElementInfo): boolean {
  return kTextRoles.has(element.role);
}
