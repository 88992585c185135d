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


/** Adds `details` to the field and button elements it can read; others are left as they are. */
export async function readFieldDetails(page: Page, elements: ElementInfo[]): Promise<void> {
  const wanted = elements.filter((element) => kDetailRoles.has(element.role)).slice(0, kMaxDetailed);
  await Promise.all(
    wanted.map(async (element) => {
      const raw = await locatorByRef(page, element.ref).evaluate(await inPage.fn('readDetails'), undefined, { timeout: kDetailTimeoutMs }).catch(() => null);
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
