/** Normalised words, as locate/ normalises a row's text (`normalizeText`). */
function normalize(s: string): string {
  return s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}

const kSkipped = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT']);

/** The page's text nodes under `node`, scripts and styles left out, open shadow roots read. */
function collectText(node: Node, parts: string[]): void {
  if (node.nodeType === Node.TEXT_NODE) parts.push(node.nodeValue ?? '');
  if (node.nodeType === Node.ELEMENT_NODE) {
    const el = node as Element;
    if (kSkipped.has(el.tagName)) return;
    if (el.shadowRoot) collectText(el.shadowRoot, parts);
  }
  for (let child = node.firstChild; child; child = child.nextSibling) collectText(child, parts);
}

/**
 * Of `phrases`, those whose normalised words do not stand, in that order, between spaces in the
 * page's normalised text. An empty phrase is always there.
 */
export function absentPhrases(phrases: string[]): string[] {
  const parts: string[] = [];
  if (document.body) collectText(document.body, parts);
  const text = ` ${normalize(parts.join(' '))} `;
  return phrases.filter((phrase) => {
    const wanted = normalize(phrase);
    return wanted !== '' && !text.includes(` ${wanted} `);
  });
}
