import type { ResultFormat } from './task.ts';

/**
 * Checks a `run` result in its format and counts its records. A result that fails the check is
 * not accepted as `done`: the model is told why and tries again.
 */

export type ResultCheck = { ok: true; text: string; records: number } | { ok: false; error: string };

/** Models like to wrap results in a fence; the file should hold the content only. */
function unfence(text: string): string {
  const match = /^\s*```[a-zA-Z]*\s*\n([\s\S]*?)\n?```\s*$/.exec(text);
  return (match ? match[1]! : text).trim();
}

/** Splits one CSV line into fields (quotes and escaped quotes honoured). */
export function csvFields(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      fields.push(field);
      field = '';
    } else field += ch;
  }
  fields.push(field);
  return fields;
}

function checkJson(text: string): ResultCheck {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return { ok: false, error: `the result is not valid JSON (${(err as Error).message})` };
  }
  if (Array.isArray(value)) return { ok: true, text: JSON.stringify(value, null, 2), records: value.length };
  if (value && typeof value === 'object') {
    const arrays = Object.values(value).filter(Array.isArray);
    return { ok: true, text: JSON.stringify(value, null, 2), records: arrays.length === 1 ? arrays[0]!.length : 1 };
  }
  return { ok: false, error: 'the JSON result must be an array of objects or an object' };
}

function checkCsv(text: string): ResultCheck {
  const lines = text.split(/\r?\n/).filter((line) => line.trim());
  if (!lines.length) return { ok: false, error: 'the CSV result is empty' };
  const header = csvFields(lines[0]!);
  if (header.some((name) => !name.trim())) return { ok: false, error: `the CSV header row has an empty column name: ${lines[0]}` };
  const bad = lines.slice(1).findIndex((line) => csvFields(line).length !== header.length);
  if (bad >= 0) return { ok: false, error: `CSV row ${bad + 2} has ${csvFields(lines[bad + 1]!).length} fields, the header has ${header.length}` };
  return { ok: true, text: lines.join('\n') + '\n', records: lines.length - 1 };
}

function checkMarkdown(text: string): ResultCheck {
  const lines = text.split('\n');
  const tableRows = lines.filter((line) => /^\s*\|.*\|\s*$/.test(line) && !/^\s*\|[\s:|-]+\|\s*$/.test(line));
  const items = lines.filter((line) => /^\s*([-*+]|\d+\.)\s+\S/.test(line));
  const records = tableRows.length ? tableRows.length - 1 : items.length ? items.length : 1;
  return { ok: true, text: text + '\n', records: Math.max(records, 0) };
}

export function checkResult(format: ResultFormat, raw: string): ResultCheck {
  const text = unfence(raw);
  if (!text) return { ok: false, error: 'the result is empty' };
  switch (format) {
    case 'json':
      return checkJson(text);
    case 'csv':
      return checkCsv(text);
    case 'markdown':
      return checkMarkdown(text);
    case 'txt': {
      const lines = text.split('\n').filter((line) => line.trim());
      return { ok: true, text: text + '\n', records: lines.length };
    }
  }
}
