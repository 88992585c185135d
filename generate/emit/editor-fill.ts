/**
 * The code that types a method's parameter into a rich-text editor (a `contenteditable` region),
 * as capture and replay type into one (core/act/type-into.ts). It is filled, unless the text has
 * line breaks: an editor makes its new line or block when Enter is pressed, not when a line break
 * arrives as inserted text, so the editor is emptied and the text typed on the keyboard, where
 * `keyboard.type` presses Enter for each `\n` and each key goes wherever the editor put the caret
 * (a new block). Either way the member finds the editor once, before the first key: an editor may
 * rename itself as it takes the text, and nothing after that looks it up by its name again.
 */

/** The statement typing the parameter `param` into the editor `member` (`this.postBodyInput`). */
export function editorFill(member: string, param: string): string {
  return [
    `if (${param}.includes('\\n')) {`,
    '  // Each line break pressed as Enter: the editor starts its new line or block on the key.',
    `  await ${member}.fill('');`,
    `  await this.page.keyboard.type(${param});`,
    '} else {',
    `  await ${member}.fill(${param});`,
    '}',
  ].join('\n');
}
