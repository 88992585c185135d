import { defineAction } from './define.ts';

export default defineAction({
  name: 'scroll',
  description: 'Scroll the page (or the element at index) down or up (down: false) by a number of pages (default 1).',
  async run(ctx, { down, pages }) {
    const by = (down === false ? -1 : 1) * (pages ?? 1);
    if (ctx.element) {
      await ctx.element.evaluate((el, factor) => el.scrollBy(0, factor * el.clientHeight), by);
    } else {
      await ctx.page.evaluate((factor) => window.scrollBy(0, factor * window.innerHeight), by);
    }
    return { text: `Scrolled ${ctx.element ? ctx.elementLabel : 'the page'} ${by < 0 ? 'up' : 'down'} ${Math.abs(by)} page(s)` };
  },
});
