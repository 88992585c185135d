import { defineAction } from './define.ts';

export default defineAction({
  name: 'switch',
  description: 'Switch to another open tab by its tab index.',
  async run(ctx, { tab }) {
    const page = await ctx.session.switchTab(tab);
    return { text: `Switched to tab ${tab}: ${page.url()}` };
  },
});
