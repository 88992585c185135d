import { defineAction } from './define.ts';

export default defineAction({
  name: 'click',
  description: 'Click an element by its index (button: left, right or middle; double: true for a double click).',
  async run(ctx, { button, double }) {
    const element = ctx.element!;
    if (double) await element.dblclick({ button });
    else await element.click({ button });
    return { text: `${double ? 'Double-clicked' : 'Clicked'} ${ctx.elementLabel}` };
  },
});
