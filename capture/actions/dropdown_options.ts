import { ariaOptions, nativeOptions } from '../../core/act/dropdown.ts';
import { untraced } from '../record/untraced.ts';
import { defineAction } from './define.ts';

export default defineAction({
  name: 'dropdown_options',
  description: 'List the options of a dropdown (select, combobox or listbox) by its index.',
  async run(ctx) {
    const element = ctx.element!;
    const options = (await untraced(ctx.page, () => nativeOptions(element))) ?? (await ariaOptions(ctx.page, element));
    const list = options.map((option) => option.trim()).filter(Boolean);
    return { text: list.length ? `Options of ${ctx.elementLabel}: ${list.map((o) => JSON.stringify(o)).join(', ')}` : `${ctx.elementLabel} has no options` };
  },
});
