import { defineAction } from './define.ts';

export default defineAction({
  name: 'hover',
  description: 'Move the mouse over an element by its index (opens hover menus and tooltips).',
  async run(ctx) {
    await ctx.element!.hover();
    return { text: `Hovered ${ctx.elementLabel}` };
  },
});
