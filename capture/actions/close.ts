import { defineAction } from './define.ts';

export default defineAction({
  name: 'close',
  description: 'Close a tab by its tab index (default: the current tab).',
  async run(ctx, { tab }) {
    const which = tab ?? ctx.session.activeTab;
    await ctx.session.closeTab(which);
    return { text: `Closed tab ${which}; now on tab ${ctx.session.activeTab}` };
  },
});
