import type { FormProbe } from '../../fingerprint/probe.ts';
import { attr, isHtml } from './dom.ts';

const kMaxFormFields = 40;

function isSubmit(e: Element): boolean {
  return (isHtml(e, 'input') && (e.type === 'submit' || e.type === 'image')) || (isHtml(e, 'button') && e.type === 'submit');
}

/** A submit control's form: the request it sends, whatever its caption says; null for anything else. */
export function formOf(el: Element): FormProbe | null {
  const owner = isSubmit(el) ? (el as HTMLInputElement | HTMLButtonElement).form : null;
  if (!owner) return null;
  const controls = Array.from(owner.elements);
  const names = controls.filter((c) => !isSubmit(c)).map((c) => attr(c, 'name')).filter((n): n is string => !!n);
  return {
    action: attr(el, 'formaction') ?? attr(owner, 'action'),
    method: (attr(el, 'formmethod') ?? attr(owner, 'method') ?? 'get').toLowerCase(),
    fields: [...new Set(names)].sort().slice(0, kMaxFormFields),
    unnamedSubmits: controls.filter((c) => isSubmit(c) && !attr(c, 'name')).length,
  };
}
