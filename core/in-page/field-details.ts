/** What capture/perceive/field-details.ts reads of a form field or button in the page. */

export interface RawDetails {
  type: string;
  nameAttr: string;
  id: string;
  autocomplete: string;
  label: string;
  form: number;
  inRow: boolean;
}

/** The element's own attributes and context. */
export function readDetails(element: Element): RawDetails {
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
