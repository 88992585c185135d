import type { Page } from 'playwright';
import { inPage } from '../../core/in-page.ts';
import { locatorByRef } from '../../core/playwright-internals.ts';
import type { ElementInfo, FieldDetails } from '../types.ts';

/**
 * What the aria snapshot does not say about form fields and buttons, read from the DOM through
 * each element's aria ref: the input type (a password field has no role of its own), the name,
 * id and autocomplete attributes, the label text, which form owns the element, and whether it
 * sits in a repeated row (a list item or table row). The crawler uses it to put a secret into a
 * password field only, to fill the fields of one form, and to tell row controls from form fields.
 */

/** Roles whose details are read: form fields, and buttons (whose form tells which fields they send). */
const kDetailRoles = new Set(['textbox', 'searchbox', 'spinbutton', 'combobox', 'checkbox', 'radio', 'slider', 'listbox', 'switch', 'button']);
/** A page with hundreds of fields is read for the first ones only; each read is one round trip. */
const kMaxDetailed = 200;
/** Per element; a detached or slow element is left without details rather than holding the step. */
const kDetailTimeoutMs = 1_000;

interface RawDetails {
  type: string;
  nameAttr: string;
  id: string;
  autocomplete: string;
  label: string;
  form: number;
  inRow: boolean;
}

/** Runs in the page: the element's own attributes and context. */
function readDetails(element: Element): RawDetails {
  const attr = (name: string) => element.getAttribute(name) ?? '';
  const tag = element.tagName.toLowerCase();
  const control = element as HTMLInputElement;
  const owner = (control.form as HTMLFormElement | null | undefined) ?? element.closest('form');
  const labels = control.labels ? Array.from(control.labels).map((label) => label.textContent ?? '') : [];
  const labelledBy = attr('aria-labelledby').split(/\s+/).filter(Boolean).map((id) => document.getElementById(id)?.textContent ?? '');
  return {
    type: tag === 'input' ? (attr('type') || 'text').toLowerCase() : tag === 'textarea' || tag === 'select' ? tag : (element as HTMLElement).isContentEditable ? 'contenteditable' : attr('type').toLowerCase(),
    nameAttr: attr('name'),
    id: element.id,
    autocomplete: attr('autocomplete').toLowerCase(),
    label: [...labels, ...labelledBy].join(' ').replace(/\s+/g, ' ').trim().slice(0, 200),
    form: owner ? Array.from(document.forms).indexOf(owner) : -1,
    inRow: element.closest('li, tr, [role=row], [role=listitem], [role=treeitem]') !== null,
  };
}

const kReadDetails = inPage(readDetails);

/** Adds `details` to the field and button elements it can read; others are left as they are. */
export async function readFieldDetails(page: Page, elements: ElementInfo[]): Promise<void> {
  const wanted = elements.filter((element) => kDetailRoles.has(element.role)).slice(0, kMaxDetailed);
  await Promise.all(
    wanted.map(async (element) => {
      const raw = await locatorByRef(page, element.ref).evaluate(kReadDetails, undefined, { timeout: kDetailTimeoutMs }).catch(() => null);
      if (!raw) return;
      const details: FieldDetails = {
        type: raw.type,
        nameAttr: raw.nameAttr,
        id: raw.id,
        autocomplete: raw.autocomplete,
        label: raw.label,
        // Forms are numbered per document: the frame an element is in is part of its form's identity.
        form: raw.form < 0 ? null : `${element.container ?? ''}#${raw.form}`,
        inRow: raw.inRow,
      };
      element.details = details;
    }),
  );
}
