import { defineAction } from './define.ts';

export default defineAction({
  name: 'input',
  description: 'Type text into a field by its index, replacing its content (clear: false to append). Use {{secret:NAME}} for secrets.',
  async run(ctx, { text, clear }) {
    const element = ctx.element!;
    if (clear === false) await element.pressSequentially(text);
    else await element.fill(text);
    // The typed text may be a secret: say how much, never what.
    return { text: `Typed ${text.length} characters into ${ctx.elementLabel}` };
  },
});
