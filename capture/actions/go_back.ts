import { defineAction } from './define.ts';

export default defineAction({
  name: 'go_back',
  description: 'Go back to the previous page in the current tab.',
  async run(ctx) {
    const response = await ctx.page.goBack({ waitUntil: 'domcontentloaded' });
    return { text: response === null && ctx.page.url() === 'about:blank' ? 'No previous page' : `Went back to ${ctx.page.url()}` };
  },
});
