import type { Locator } from 'playwright';
import { editableText, holdsTypedText } from '../../core/act/editable-text.ts';
import { inPage } from '../../core/in-page.ts';
import { untraced } from '../record/untraced.ts';
import { defineAction } from './define.ts';

/**
 * Typing into a field. A rich-text editor (a `contenteditable` region) is filled like a field, but
 * the browser leaves the caret where the last edit was: appending puts it at the end first. Its
 * text is read back afterwards (editors rewrite what is typed into them), so a fill that did not
 * take fails here rather than as a mystery a step later.
 */

/** Runs in the page: whether the element is a rich-text editor; when `toEnd`, the caret goes to its end. */
function editableInPage(el: Element, toEnd: boolean): boolean {
  const host = el as HTMLElement;
  if (!host.isContentEditable) return false;
  if (toEnd) {
    host.focus();
    const doc = host.ownerDocument;
    const range = doc.createRange();
    range.selectNodeContents(host);
    range.collapse(false);
    const selection = doc.defaultView?.getSelection();
    selection?.removeAllRanges();
    selection?.addRange(range);
  }
  return true;
}

const kEditable = inPage(editableInPage);

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
    // Bookkeeping around the typing: only the typing itself is in the trace.
    const editable = await untraced(ctx.page, () => element.evaluate(kEditable, append));
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
