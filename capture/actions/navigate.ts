import { defineAction } from './define.ts';

/**
 * A path (`/settings`, `index.php?title=Squash`) is resolved against the address of the page the
 * step starts on, as a link's target is (and as `expect_url` resolves one); an address with a
 * scheme, or any url while the page has no web address yet (`about:blank`: the browser context's
 * `baseURL` resolves it then), is left as written.
 */
export function navigateUrl(url: string, pageUrl: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(url) || !/^https?:/i.test(pageUrl)) return url;
  try {
    return new URL(url, pageUrl).href;
  } catch {
    return url;
  }
}

export default defineAction({
  name: 'navigate',
  description: 'Open a URL in the current tab (or in a new tab with newTab: true); a path opens on the current site.',
  recordAs: (params, pageUrl) => ({ ...params, url: navigateUrl(params.url, pageUrl) }),
  async run(ctx, { url, newTab }) {
    const page = newTab ? await ctx.session.newTab() : ctx.page;
    const response = await page.goto(url, { waitUntil: 'domcontentloaded' });
    const status = response && !response.ok() ? ` (HTTP ${response.status()})` : '';
    return { text: `Opened ${page.url()}${status}${newTab ? ` in tab ${ctx.session.activeTab}` : ''}` };
  },
});
