import { kMaxNameChars, type Effect } from '../aria/outline.ts';
import type { ForeignChanges, ForeignSide } from '../in-page/foreign-changes.ts';
import { normalizeAria } from '../aria/state.ts';

/**
 * What changed during a step that an earlier step, or the page's own load, set going: a tip box
 * that cycles on an interval, a notification an earlier action raised closing on its timeout, a
 * clock. Such a change falls inside a step's window only by its timing, so it is no effect of
 * the step: recorded as one, replay and the generated specs wait for it after the same action and
 * fail, or assert a text that another run shows otherwise.
 *
 * The page is told apart by when each timer was set, as async context libraries do: an init script
 * wraps `setTimeout`, `setInterval` and `requestAnimationFrame`, and each callback runs under the
 * step that was current when it was scheduled (its "epoch"; the page's load is epoch 0). The DOM
 * changes a callback makes are read back as it returns (`takeRecords()`); those of a callback set
 * before the current step began are foreign. The handlers of an XMLHttpRequest run under the step
 * it was sent in: the answer to a request sent before the step (the page still loading when the
 * step acts) is foreign, a poll sent during the step is the step's. Everything else (event
 * handlers, promise reactions such as a `fetch` answer, message channels) counts as the current
 * step's: the rule only ever takes away from an effect what the past set going.
 */

export type { ForeignChanges, ForeignSide } from '../in-page/foreign-changes.ts';

const roleOfLine = (line: string) => line.split(/[\s"]/, 1)[0]!;
/** The quoted name of an outline line (`paragraph "Saved"` -> `Saved`), or null when it has none. */
function nameOfLine(line: string): string | null {
  const match = /^[^\s"]+\s+"(.*)"$/.exec(line);
  return match ? match[1]!.replace(/\s+/g, ' ').trim() || null : null;
}

/**
 * `name` as whole words inside `text`, the text read as outline names are (figures, dates and
 * times stood in: `3 nodes` is `# nodes`). A name the outline cut may end inside a word.
 */
function holdsWords(text: string, name: string): boolean {
  const read = normalizeAria(text.replace(/\s+/g, ' '));
  const edge = (ch: string | undefined) => ch === undefined || !/[\p{L}\p{N}]/u.test(ch);
  const cut = name.length >= kMaxNameChars;
  for (let at = read.indexOf(name); at >= 0; at = read.indexOf(name, at + 1)) {
    if (edge(read[at - 1]) && (cut || edge(read[at + name.length]))) return true;
  }
  return false;
}

function withoutSide(lines: readonly string[], side: ForeignSide): string[] {
  const roles = { ...side.roles };
  return lines.filter((line) => {
    const name = nameOfLine(line);
    if (name !== null) return !side.texts.some((text) => holdsWords(text, name));
    // An unnamed line (a list, a row) is the foreign change's while it removed (or added) one of that role.
    const role = roleOfLine(line);
    if ((roles[role] ?? 0) > 0) {
      roles[role]! -= 1;
      return false;
    }
    return true;
  });
}

/**
 * The step's effect without what foreign callbacks changed: a line that went is dropped when a
 * foreign callback removed (or replaced) a node showing its name, one that appeared when a foreign
 * callback added one; a line without a name, while the foreign callbacks removed (or added) an
 * element of its role, one for one.
 */
export function withoutForeign(effect: Effect, foreign: ForeignChanges | null): Effect {
  if (!foreign) return effect;
  return { appeared: withoutSide(effect.appeared, foreign.added), gone: withoutSide(effect.gone, foreign.removed) };
}
