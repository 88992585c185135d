import { parseAriaSnapshot, type AriaNode } from '../../perceive/parse-snapshot.ts';
import type { ActionCall, ElementInfo } from '../../types.ts';
import { firstRealOption, valueFor, type FieldValue, type KnownValues } from './form-values.ts';

/**
 * The actions that fill every field of the current page with a plausible or given value: text
 * fields get typed values, selects their first real option, checkboxes are toggled, and a radio
 * group with nothing chosen gets its first radio. Pure over one observation.
 */

const kTextRoles = new Set(['textbox', 'searchbox', 'spinbutton']);

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

export function fillActions(elements: readonly ElementInfo[], ariaSnapshot: string, known: KnownValues): FillPlan {
  const actions: ActionCall[] = [];
  const notes: string[] = [];
  const options = optionsByRef(ariaSnapshot);
  let radioRun: ElementInfo[] = [];
  const closeRadioRun = () => {
    if (radioRun.length && !radioRun.some((radio) => radio.attributes.checked === 'true')) {
      actions.push({ action: 'click', params: {}, index: radioRun[0]!.index });
      notes.push(`radio "${radioRun[0]!.name}" chosen`);
    }
    radioRun = [];
  };
  for (const element of elements) {
    if (element.role !== 'radio') closeRadioRun();
    if (element.attributes.disabled) continue;
    const field = { role: element.role, name: element.name, placeholder: element.attributes.placeholder, type: element.attributes.type };
    switch (element.role) {
      case 'textbox':
      case 'searchbox':
      case 'spinbutton': {
        const value = valueFor(field, known);
        actions.push({ action: 'input', params: { text: value.text, clear: true }, index: element.index });
        notes.push(describe(element, value));
        break;
      }
      case 'combobox': {
        const choices = options.get(element.ref);
        const option = choices ? firstRealOption(choices) : null;
        if (option !== null) {
          actions.push({ action: 'select_dropdown', params: { text: option }, index: element.index });
          notes.push(`combobox "${element.name}" <- option "${option}"`);
        } else if (!choices) {
          const value = valueFor(field, known);
          actions.push({ action: 'input', params: { text: value.text, clear: true }, index: element.index });
          notes.push(describe(element, value));
        }
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

export function isTextField(element: ElementInfo): boolean {
  return kTextRoles.has(element.role);
}
