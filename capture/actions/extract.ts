import { defineAction } from './define.ts';

/** What an extraction may return: enough for a table or an article section, not a whole site. */
export const kExtractMaxChars = 4_000;
/** Words this short ("a", "of", "to") match everything and say nothing about relevance. */
const kMinTermLength = 3;

/**
 * The lines of `text` most relevant to `query` (by shared words), in page order, within
 * `maxChars`. Without any match it returns the start of the page. No model involved.
 */
export function relevantText(text: string, query: string, maxChars = kExtractMaxChars): string {
  const lines = text.split('\n').map((line) => line.replace(/\s+/g, ' ').trim()).filter(Boolean);
  const terms = [...new Set(query.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((term) => term.length >= kMinTermLength))];
  const scored = lines.map((line, at) => {
    const lower = line.toLowerCase();
    return { at, line, score: terms.reduce((sum, term) => sum + (lower.includes(term) ? 1 : 0), 0) };
  });
  const hits = scored.filter((entry) => entry.score > 0);
  // A matching line keeps its neighbours: a label's value is usually on the next line.
  const keep = new Set<number>();
  for (const hit of hits.sort((a, b) => b.score - a.score)) [hit.at - 1, hit.at, hit.at + 1].forEach((at) => keep.add(at));
  const chosen = hits.length ? scored.filter((entry) => keep.has(entry.at)) : scored;
  let out = '';
  for (const { line } of chosen) {
    if (out.length + line.length + 1 > maxChars) {
      out += '…';
      break;
    }
    out += (out ? '\n' : '') + line;
  }
  return out;
}

export default defineAction({
  name: 'extract',
  description: 'Read the visible text of the page that is relevant to a query (no clicking).',
  async run(ctx, { query }) {
    const text = await ctx.page.locator('body').innerText();
    const frames = await Promise.all(
      ctx.page.frames().filter((frame) => frame !== ctx.page.mainFrame()).map((frame) => frame.locator('body').innerText({ timeout: 1_000 }).catch(() => '')),
    );
    return { text: relevantText([text, ...frames].join('\n'), query) || '(the page has no visible text)' };
  },
});
