/**
 * `decodeURIComponent` that returns its input when the text is not valid percent-encoding
 * (`%E0%A4%A` or a literal `%` in a query value): a malformed URL is still a URL to read.
 */
export function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
