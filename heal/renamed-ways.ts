import { quote } from '../core/locator/code.ts';
import type { Fingerprint } from '../core/schema/history.ts';

/**
 * The smallest changes of how a locator reaches its element: what the release renamed on the
 * element itself (a class, a test id, an id), written over the old value in the code as it is
 * (`.btn-primary` to `.btn-main`, `getByTestId('ok')` to `getByTestId('confirm')`). A locator
 * several calls use keeps reaching each one's element through what they still share, where
 * rewriting it by one use's name (`getByRole('button', { name: 'Delete' })`) would find that one only.
 */

/** `.name` in a selector as a whole class (not the start of `.name-other`). */
function classPattern(name: string): RegExp {
  return new RegExp(`\\.${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`, 'g');
}

/** `#name` in a selector as a whole id. */
function idPattern(name: string): RegExp {
  return new RegExp(`#${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`, 'g');
}

/** A class's words (`tc-edit-texteditor` -> tc, edit, texteditor). */
function classWords(name: string): string[] {
  return name.toLowerCase().split(/[-_]+/).filter(Boolean);
}

/**
 * The added class that a gone one was renamed to: the only one added when one is gone, else the
 * one sharing the most of its words (`tc-titlebar` -> `tw-titlebar`); null when none shares a word
 * or two share as many.
 */
function renamedTo(old: string, gone: readonly string[], added: readonly string[]): string | null {
  if (gone.length === 1 && added.length === 1) return added[0]!;
  const words = new Set(classWords(old));
  const shared = added.map((now) => ({ now, count: classWords(now).filter((w) => words.has(w)).length })).sort((a, b) => b.count - a.count);
  const [best, next] = shared;
  return best && best.count > 0 && (!next || next.count < best.count) ? best.now : null;
}

/**
 * `code` with each renamed class, test id or id written anew: first every class the release
 * renamed at once (a selector of two classes, both renamed), then one rename a way, the code's
 * order; none when nothing it holds was renamed.
 */
export function renamedWays(code: string, recorded: Fingerprint, live: Fingerprint): string[] {
  const ways: string[] = [];
  const add = (way: string) => {
    if (way !== code && !ways.includes(way)) ways.push(way);
  };
  const gone = recorded.classes.filter((c) => !live.classes.includes(c));
  const added = live.classes.filter((c) => !recorded.classes.includes(c));
  const written = gone.filter((old) => classPattern(old).test(code));
  const pairs = written.map((old) => ({ old, now: renamedTo(old, gone, added) }));
  if (written.length > 1 && pairs.every((p) => p.now !== null)) add(pairs.reduce((text, p) => text.replace(classPattern(p.old), `.${p.now}`), code));
  for (const old of gone) for (const now of added) add(code.replace(classPattern(old), `.${now}`));
  if (recorded.testId && live.testId && recorded.testId !== live.testId) {
    add(code.split(quote(recorded.testId)).join(quote(live.testId)).split(`"${recorded.testId}"`).join(`"${live.testId}"`));
  }
  if (recorded.id && live.id && recorded.id !== live.id) add(code.replace(idPattern(recorded.id), `#${live.id}`));
  return ways;
}
