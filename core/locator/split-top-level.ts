/**
 * Splits text where `separator` stands outside quotes and brackets: a selector chain at its `>>`,
 * a CSS selector at its child combinators, locator code at the dots between its calls. A quote is
 * closed by the same quote, a backslash escapes the next character; `([{` open what `)]}` close.
 * Parts come back as they are (untrimmed, empty ones kept): what a part must look like is the
 * caller's.
 */
export function splitTopLevel(text: string, separator: string): string[] {
  const parts: string[] = [];
  let quote: string | null = null;
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quote) {
      if (ch === '\\') i++;
      else if (ch === quote) quote = null;
    } else if (ch === '"' || ch === "'" || ch === '`') quote = ch;
    else if (ch === '[' || ch === '(' || ch === '{') depth++;
    else if (ch === ']' || ch === ')' || ch === '}') depth = Math.max(0, depth - 1);
    else if (depth === 0 && text.startsWith(separator, i)) {
      parts.push(text.slice(start, i));
      start = i + separator.length;
      i += separator.length - 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}
