/**
 * Rich-text editors (`contenteditable` regions), as capture and replay type into them. The browser
 * leaves the caret where the last edit was, so appending puts it at the end first. The editor's
 * text is compared with the text typed into it. An editor keeps each typed line as a paragraph of its own, and the browser's `innerText`
 * puts a blank line between paragraphs and may end with a line break: "a\nb" typed reads back as
 * "a\n\nb\n". Both sides are compared as their lines, without blank ones and outer spaces.
 */

/** Non-breaking spaces (an editor keeps typed double spaces with them) read as spaces. */
const kNbsp = /\u00a0/g;

export function editableLines(text: string): string[] {
  return text
    .replace(kNbsp, ' ')
    .split(/\r?\n/)
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .filter((line) => line.length > 0);
}

/** The editor's text as one comparable string (its non-blank lines joined by `\n`). */
export function editableText(text: string): string {
  return editableLines(text).join('\n');
}

/** Whether an editor whose `innerText` is `shown` holds the `typed` text. */
export function holdsTypedText(shown: string, typed: string): boolean {
  return editableText(shown) === editableText(typed);
}
