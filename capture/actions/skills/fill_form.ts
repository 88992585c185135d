import { z } from 'zod';
import type { ActionCall, ElementInfo } from '../../types.ts';
import { defineSkill, SkillStepError } from '../define-skill.ts';

/**
 * `fill_form`: a whole form in one model action. Each field becomes the recorded action a person
 * would do (input, select_dropdown, or a click on a checkbox whose state differs), one history
 * step per field, so replay reruns it field by field.
 */

/** A long registration form; more fields in one action are more likely a misread page. */
const kMaxFields = 30;
const kChoiceRoles = new Set(['combobox', 'listbox']);
const kToggleRoles = new Set(['checkbox', 'radio', 'switch', 'menuitemcheckbox', 'menuitemradio']);
const kFieldRoles = new Set(['textbox', 'searchbox', 'spinbutton', 'slider', ...kChoiceRoles, ...kToggleRoles]);
const kTrue = /^(true|yes|on|checked|1|x)$/i;
const kFalse = /^(false|no|off|unchecked|0|)$/i;

const Field = z.strictObject({
  index: z.number().int().min(1).nullish().describe('index of the field in the element list'),
  label: z.string().min(1).nullish().describe("the field's label, when you give no index"),
  value: z.string().describe('text to type, the option to choose, or true/false for a checkbox'),
});

function normal(text: string): string {
  return text.replace(/\s+/g, ' ').trim().toLowerCase();
}

/** The field a label names: an exact accessible-name match first, then one that starts with it. */
export function fieldByLabel(elements: readonly ElementInfo[], label: string): ElementInfo | undefined {
  const wanted = normal(label);
  const fields = elements.filter((element) => kFieldRoles.has(element.role));
  return (
    fields.find((element) => normal(element.name) === wanted) ??
    fields.find((element) => normal(element.name).startsWith(wanted)) ??
    fields.find((element) => normal(element.attributes.placeholder ?? '') === wanted)
  );
}

/** The recorded action that gives `element` the value, or null when it already has it. */
export function fieldCall(element: ElementInfo, value: string): ActionCall | null {
  if (kChoiceRoles.has(element.role)) return { action: 'select_dropdown', params: { text: value }, index: element.index };
  if (kToggleRoles.has(element.role)) {
    if (!kTrue.test(value.trim()) && !kFalse.test(value.trim())) throw new SkillStepError(`${element.role} "${element.name}" takes true or false, not ${JSON.stringify(value)}`);
    const wanted = kTrue.test(value.trim());
    const checked = element.attributes.checked === 'true';
    return wanted === checked ? null : { action: 'click', params: {}, index: element.index };
  }
  return { action: 'input', params: { text: value }, index: element.index };
}

function labelOf(element: ElementInfo): string {
  return `${element.role} ${JSON.stringify(element.name)}`;
}

export default defineSkill({
  name: 'fill_form',
  description: 'Fill several form fields in one action: fields [{index or label, value}]; checkboxes take true/false, dropdowns the option text. Does not submit.',
  params: z.strictObject({ fields: z.array(Field).min(1).max(kMaxFields) }),
  async run(ctx, { fields }) {
    const elements = ctx.observation?.elements ?? [];
    const done: string[] = [];
    const progress = () => (done.length ? ` (filled before: ${done.join(', ')})` : '');
    for (const [at, field] of fields.entries()) {
      const element = field.index != null ? elements.find((e) => e.index === field.index) : field.label ? fieldByLabel(elements, field.label) : undefined;
      if (!element) {
        const which = field.index != null ? `index ${field.index}` : field.label ? `label ${JSON.stringify(field.label)}` : 'no index or label';
        throw new SkillStepError(`field ${at + 1}: ${which} is not a field in the element list${progress()}`);
      }
      const call = fieldCall(element, field.value);
      if (!call) {
        done.push(`${labelOf(element)} (already set)`);
        continue;
      }
      const executed = await ctx.perform(call);
      if (!executed.outcome.ok) throw new SkillStepError(`field ${at + 1} (${labelOf(element)}): ${executed.outcome.error}${progress()}`);
      done.push(labelOf(element));
      if (executed.pageChanged && at < fields.length - 1) {
        throw new SkillStepError(`the page changed after field ${at + 1} (${labelOf(element)}); ${fields.length - 1 - at} field(s) were not filled${progress()}`);
      }
    }
    return { text: `Filled ${done.length} field(s): ${done.join(', ')}` };
  },
});
