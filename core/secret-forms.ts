/**
 * Every spelling a secret value takes on its way to a file: raw, URL-encoded (both hex cases,
 * form-encoded, encodeURI), JSON-escaped (once and twice), HTML-escaped and base64 (whole, and the
 * stable characters at each of the three byte alignments inside a longer payload). Shared by
 * capture (which redacts what it records) and replay (which redacts its report).
 */

/** Shorter partial base64 forms would match unrelated text; whole spellings are always replaced. */
const kMinFormLength = 4;

function htmlEscape(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/**
 * The base64 characters that depend only on `value` when it sits at byte offset 0, 1 or 2 of a
 * longer base64-encoded payload (a POST body, a data URL), so the value is found mid-stream too.
 */
export function base64Forms(value: string): string[] {
  const bytes = Buffer.from(value, 'utf8');
  const forms: string[] = [];
  for (let offset = 0; offset < 3; offset++) {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64').replace(/=+$/, '');
    const total = offset + bytes.length;
    const start = Math.ceil((offset * 8) / 6);
    const tail = total % 3;
    // In the last partial group only the characters fully covered by value bits are stable.
    const end = tail === 0 ? encoded.length : encoded.length - 1;
    forms.push(encoded.slice(start, end));
  }
  return forms;
}

/** Every spelling of `value` that may reach a file. Longest first, so replacement is greedy. */
export function secretForms(value: string): string[] {
  const json = JSON.stringify(value).slice(1, -1);
  const forms = new Set<string>([
    value,
    json,
    JSON.stringify(json).slice(1, -1),
    encodeURIComponent(value),
    encodeURIComponent(value).replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase()),
    new URLSearchParams({ v: value }).toString().slice(2),
    encodeURI(value),
    htmlEscape(value),
    Buffer.from(value, 'utf8').toString('base64'),
    ...base64Forms(value).filter((form) => form.length >= kMinFormLength),
  ]);
  return [...forms].filter(Boolean).sort((a, b) => b.length - a.length);
}
