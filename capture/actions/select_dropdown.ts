import { untraced } from '../record/untraced.ts';
import { defineAction } from './define.ts';
import { nativeOptions } from './dropdown_options.ts';

export default defineAction({
  name: 'select_dropdown',
  description: 'Choose an option of a dropdown by its index and the option text.',
  async run(ctx, { text }) {
    const element = ctx.element!;
    const native = await untraced(ctx.page, () => nativeOptions(element));
    if (native) {
      const byLabel = native.some((label) => label.trim() === text.trim());
      await element.selectOption(byLabel ? { label: text } : text);
    } else {
      await element.click();
      await ctx.page.getByRole('option', { name: text, exact: true }).click();
    }
    return { text: `Selected ${JSON.stringify(text)} in ${ctx.elementLabel}` };
  },
});
