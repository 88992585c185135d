import { kMaxNameChars, lineRoleName, type Effect } from './outline.ts';

/** Roles of content a page shows in answer to typing: suggestions, matches, messages. */
const kAnswerRoles = new Set(['link', 'option', 'listitem', 'menuitem', 'row', 'cell', 'gridcell', 'treeitem', 'status', 'alert']);

export interface TypingAnswer {
  role: string;
  name: string;
  /** The outline line (`link "Tomato"`), as the page's outline shows it. */
  line: string;
}

/**
 * What typing `typed` into a field brought up on the page, as the step's recorded effect shows
 * it: the first content that appeared in a role that answers typing (a suggestion, a match, a
 * message) and shows the typed text; null when none did. A name as long as the outline keeps
 * may be cut, and is no name to look for. The page's scripts had answered the typing when the
 * next step acted: replay and generated code wait for this before they act again.
 */
export function typingAnswer(effect: Effect | null | undefined, typed: string): TypingAnswer | null {
  const text = typed.trim().toLowerCase();
  if (text.length < 2) return null;
  for (const line of effect?.appeared ?? []) {
    const parsed = lineRoleName(line);
    if (!parsed || !kAnswerRoles.has(parsed.role) || parsed.name.length >= kMaxNameChars) continue;
    if (parsed.name.toLowerCase().includes(text)) return { ...parsed, line };
  }
  return null;
}
