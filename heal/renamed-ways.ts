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

/** `code` with each renamed class, test id or id written anew, one rename a way, the code's order; none when nothing it holds was renamed. */
export function renamedWays(code: string, recorded: Fingerprint, live: Fingerprint): string[] {
  const ways: string[] = [];
  const add = (way: string) => {
    if (way !== code && !ways.includes(way)) ways.push(way);
  };
  const gone = recorded.classes.filter((c) => !live.classes.includes(c));
  const added = live.classes.filter((c) => !recorded.classes.includes(c));
  for (const old of gone) for (const now of added) add(code.replace(classPattern(old), `.${now}`));
  if (recorded.testId && live.testId && recorded.testId !== live.testId) {
    add(code.split(quote(recorded.testId)).join(quote(live.testId)).split(`"${recorded.testId}"`).join(`"${live.testId}"`));
  }
  if (recorded.id && live.id && recorded.id !== live.id) add(code.replace(idPattern(recorded.id), `#${live.id}`));
  return ways;
}
