/**
 * Escaping for the demo app's server-rendered pages. Every value interpolated with the `html`
 * tag is escaped unless it is already `SafeHtml` (the output of another `html` call or `raw`).
 */

export class SafeHtml {
  constructor(readonly value: string) {}

  toString(): string {
    return this.value;
  }
}

export type HtmlPart = SafeHtml | string | number | boolean | null | undefined | readonly HtmlPart[];

const kEntities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => kEntities[c]!);
}

/** Trusted markup (static scripts and styles): never pass user input here. */
export function raw(markup: string): SafeHtml {
  return new SafeHtml(markup);
}

function render(part: HtmlPart): string {
  if (part instanceof SafeHtml) return part.value;
  if (Array.isArray(part)) return part.map(render).join('');
  if (part === null || part === undefined || part === false) return '';
  return escapeHtml(String(part));
}

/** Tagged template: `html\`<p>${userText}</p>\`` escapes `userText`; arrays are concatenated. */
export function html(strings: TemplateStringsArray, ...values: HtmlPart[]): SafeHtml {
  let out = strings[0]!;
  for (let i = 0; i < values.length; i++) out += render(values[i]) + strings[i + 1]!;
  return new SafeHtml(out);
}

/** An attribute that is present only when `on` (e.g. `checked`, `selected`, `hidden`). */
export function flag(name: string, on: boolean): SafeHtml {
  return new SafeHtml(on ? ` ${name}` : '');
}
