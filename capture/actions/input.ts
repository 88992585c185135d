import { typedProblem, typeInto } from '../../core/act/type-into.ts';
import { untraced } from '../record/untraced.ts';
import { defineAction } from './define.ts';

/**
 * Typing into a field. A rich-text editor (a `contenteditable` region) is filled like a field,
 * multi-line text typed with Enter between its lines; appending puts the caret at its end first
 * (core/act/type-into.ts). Its text is read back afterwards from the element typed into, or from
 * where the editor moved the caret (editors rewrite what is typed into them, rename the block that
 * took it, or put it in a new one), so a fill that did not take fails here rather than as a
 * mystery a step later.
 */

export default defineAction({
  name: 'input',
  description: 'Type text into a field or rich-text editor by its index, replacing its content (clear: false to append); in an editor each \\n is pressed as Enter. Use {{secret:NAME}} for secrets.',
  async run(ctx, { text, clear }) {
    const append = clear === false;
    // Bookkeeping around the typing (taking the element, reading it back): only the typing itself is in the trace.
    const typed = await typeInto(ctx.element!, text, { append, quietly: (fn) => untraced(ctx.page, fn) });
    if (typed.editable) {
      const problem = await untraced(ctx.page, () => typedProblem(typed, text, append));
      if (problem) {
        await typed.element.dispose().catch(() => undefined);
        throw new Error(problem);
      }
    }
    // The typed text may be a secret: say how much, never what.
    return { text: `Typed ${text.length} characters into ${ctx.elementLabel}`, acted: typed };
  },
});
