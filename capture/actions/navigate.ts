import { defineAction } from './define.ts';

export default defineAction({
  name: 'navigate',
  description: 'Open a URL in the current tab (or in a new tab with newTab: true).',
  async run(ctx, { url, newTab }) {
    const page = newTab ? await ctx.session.newTab() : ctx.page;
    const response = await page.goto(url, { waitUntil: 'domcontentloaded' });
    const status = response && !response.ok() ? ` (HTTP ${response.status()})` : '';
    return { text: `Opened ${page.url()}${status}${newTab ? ` in tab ${ctx.session.activeTab}` : ''}` };
  },
});
