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

/** Whether `shown`, the text of an editor around what was typed (see core/in-page/held-text.ts), holds the `typed` text as a part of it. */
export function holdsTypedTextWithin(shown: string, typed: string): boolean {
  return editableText(shown).includes(editableText(typed));
}

/** How typed text is looked for in what the editor holds: the whole of it, its end (appended), or a part of it. */
export type HeldMatch = 'whole' | 'end' | 'within';

/**
 * Null when `shown` holds the `typed` text as `match` asks, else how it differs. The typed text
 * may be a secret: the sentence says how many characters, never which.
 */
export function typedTextProblem(shown: string, typed: string, match: HeldMatch): string | null {
  const held = editableText(shown);
  const wanted = editableText(typed);
  const ok = match === 'whole' ? held === wanted : match === 'end' ? held.endsWith(wanted) : held.includes(wanted);
  if (ok) return null;
  const how = match === 'whole' ? 'differ from' : match === 'end' ? 'do not end with' : 'do not hold';
  return `the editor holds ${held.length} characters of text that ${how} the ${typed.length} typed`;
}
