/**
 * Reads the JSON object a model meant to send: plain JSON, JSON inside a ``` fence, or JSON
 * followed or preceded by prose. Returns the parsed value or the reason it could not be read.
 */

export type JsonRead = { ok: true; value: unknown } | { ok: false; error: string };

/** The first balanced `{...}` (or `[...]`) span, honouring strings and escapes. */
function firstBalanced(text: string): string | null {
  const start = text.search(/[{[]/);
  if (start < 0) return null;
  const stack: string[] = [];
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const ch = text[i]!;
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') inString = true;
    else if (ch === '{' || ch === '[') stack.push(ch === '{' ? '}' : ']');
    else if (ch === '}' || ch === ']') {
      if (stack.pop() !== ch) return null;
      if (!stack.length) return text.slice(start, i + 1);
    }
  }
  return null;
}

function tryParse(text: string): JsonRead {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (err) {
    return { ok: false, error: (err as Error).message };
  }
}

export function readModelJson(content: string): JsonRead {
  const trimmed = content.trim();
  if (!trimmed) return { ok: false, error: 'the answer was empty' };
  const direct = tryParse(trimmed);
  if (direct.ok) return direct;
  const fence = /```(?:json|JSON)?\s*\n?([\s\S]*?)```/.exec(trimmed);
  if (fence) {
    const fenced = tryParse(fence[1]!.trim());
    if (fenced.ok) return fenced;
  }
  const span = firstBalanced(trimmed);
  if (span) {
    const spanned = tryParse(span);
    if (spanned.ok) return spanned;
  }
  return { ok: false, error: `not valid JSON (${direct.error})` };
}
