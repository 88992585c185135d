import type { Locator } from 'playwright';
import { editableText, holdsTypedText } from '../../core/act/editable.ts';
import { inPage } from '../../core/in-page.ts';
import { untraced } from '../record/untraced.ts';
import { defineAction } from './define.ts';

/**
 * Typing into a field. A rich-text editor (a `contenteditable` region) is filled like a field;
 * appending puts the caret at its end first (core/act/editable.ts). Its text is read back
 * afterwards (editors rewrite what is typed into them), so a fill that did not take fails here
 * rather than as a mystery a step later.
 */

async function editorProblem(element: Locator, text: string, appended: boolean): Promise<string | null> {
  const shown = await element.innerText();
  const ok = appended ? editableText(shown).endsWith(editableText(text)) : holdsTypedText(shown, text);
  // The typed text may be a secret: the message says how it differs, never what it is.
  return ok ? null : `the editor holds ${editableText(shown).length} characters of text that ${appended ? 'do not end with' : 'differ from'} the ${text.length} typed`;
}

export default defineAction({
  name: 'input',
  description: 'Type text into a field or rich-text editor by its index, replacing its content (clear: false to append). Use {{secret:NAME}} for secrets.',
  async run(ctx, { text, clear }) {
    const element = ctx.element!;
    const append = clear === false;
    // Bookkeeping around the typing: only the typing itself is in the trace. Whether it is an
    // editor is read first over the locator's matches in one call, with no element handle to take
    // and adopt, while the step's field is the only match; else by the strict, waiting read.
    const editable = await untraced(ctx.page, async () => (await element.evaluateAll(await inPage.fn('editableIfAlone'), append)) ?? element.evaluate(await inPage.fn('editable'), append));
    if (append) await element.pressSequentially(text);
    else await element.fill(text);
    if (editable) {
      const problem = await untraced(ctx.page, () => editorProblem(element, text, append));
      if (problem) throw new Error(problem);
    }
    // The typed text may be a secret: say how much, never what.
    return { text: `Typed ${text.length} characters into ${ctx.elementLabel}` };
  },
});
