import { defineAction } from './define.ts';

/** Result page URLs; the query goes in `q`. DuckDuckGo is the default: no consent wall, no login. */
const kEngines = {
  duckduckgo: 'https://duckduckgo.com/?q=',
  google: 'https://www.google.com/search?q=',
  bing: 'https://www.bing.com/search?q=',
} as const;

export function searchUrl(query: string, engine: keyof typeof kEngines = 'duckduckgo'): string {
  return kEngines[engine] + encodeURIComponent(query);
}

export default defineAction({
  name: 'search',
  description: 'Search the web for a query (engine: duckduckgo, google or bing) in the current tab.',
  async run(ctx, { query, engine }) {
    await ctx.page.goto(searchUrl(query, engine), { waitUntil: 'domcontentloaded' });
    return { text: `Searched ${engine ?? 'duckduckgo'} for ${JSON.stringify(query)}` };
  },
});
