import { chooseOption } from '../../core/act/dropdown.ts';
import { untraced } from '../record/untraced.ts';
import { defineAction } from './define.ts';

export default defineAction({
  name: 'select_dropdown',
  description: 'Choose an option of a dropdown by its index and the option text.',
  async run(ctx, { text }) {
    await chooseOption(ctx.page, ctx.element!, text, { quietly: (read) => untraced(ctx.page, read) });
    return { text: `Selected ${JSON.stringify(text)} in ${ctx.elementLabel}` };
  },
});
