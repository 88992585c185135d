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

/** The classes of the re-found element's ancestors now, nearest first, and the written classes no element carries now. */
export interface AroundNow {
  ancestors: { classes: string[]; counts: number[] }[];
  absent: string[];
}

/** A selector string `locator(...)` is called with in the code: its quote and text. */
const kSelectorArgument = /(\blocator\(\s*)(['"`])((?:\\.|(?!\2)[^\\])*)\2/g;

/** The classes the code's CSS selectors name (`locator('.tc-story-river h2.tc-title').last()` -> tc-story-river, tc-title). */
export function writtenClasses(code: string): string[] {
  const names = [...code.matchAll(kSelectorArgument)].flatMap((m) => [...m[3]!.matchAll(/\.(-?[A-Za-z_][\w-]*)/g)].map((c) => c[1]!));
  return [...new Set(names)];
}

/** `code` with class `old` written as `now` in its CSS selectors only (not in a method's name or a text). */
function renameInSelectors(code: string, old: string, now: string): string {
  return code.replace(kSelectorArgument, (_all, call: string, quote: string, text: string) => `${call}${quote}${text.replace(classPattern(old), `.${now}`)}${quote}`);
}

/**
 * How many of its ancestors' classes a container's gone class is tried as: each way is then run in
 * every use's snapshot, and most selectors name one or two containers.
 */
const kContainerCandidates = 4;

/**
 * What a container's class that no element carries now may have become: the classes of the
 * re-found element's ancestors, those sharing the most of its words first (`tc-story-river` ->
 * `tw-story-river`), then the rarest on the page (a selector names a container like a story river
 * or a sidebar, one of its kind, more often than a repeated wrapper), then the nearest.
 */
function containerRenames(old: string, around: AroundNow, written: readonly string[]): string[] {
  const words = new Set(classWords(old));
  const best = new Map<string, { now: string; shared: number; count: number; distance: number }>();
  around.ancestors.forEach((ancestor, distance) => ancestor.classes.forEach((now, i) => {
    if (written.includes(now) || best.has(now)) return;
    best.set(now, { now, shared: classWords(now).filter((w) => words.has(w)).length, count: ancestor.counts[i] ?? 0, distance });
  }));
  return [...best.values()].sort((a, b) => b.shared - a.shared || a.count - b.count || a.distance - b.distance).slice(0, kContainerCandidates).map((c) => c.now);
}

/** How many ways of writing several hashed classes anew are tried at most: each is run on the page, and a selector names two or three. */
const kClassAssignments = 24;

/** Every choice of a distinct class of `pool` for each of `olds`, in order, at most kClassAssignments. */
function assignments(olds: readonly string[], pool: readonly string[]): string[][] {
  const out: string[][] = [];
  const pick = (chosen: string[]) => {
    if (out.length >= kClassAssignments) return;
    if (chosen.length === olds.length) {
      out.push(chosen);
      return;
    }
    for (const now of pool) if (!chosen.includes(now)) pick([...chosen, now]);
  };
  if (pool.length >= olds.length) pick([]);
  return out;
}

/**
 * `code` with each renamed class, test id or id written anew: first every class the release
 * renamed at once (the element's own, and a container's the selector names that no element carries
 * now, as one of the re-found element's ancestors' classes), then several classes hashed at once
 * written as the element's added ones in each order, then one rename a way, the code's order; none
 * when nothing it holds was renamed.
 */
export function renamedWays(code: string, recorded: Fingerprint, live: Fingerprint, around?: AroundNow): string[] {
  const ways: string[] = [];
  const add = (way: string) => {
    if (way !== code && !ways.includes(way)) ways.push(way);
  };
  const gone = recorded.classes.filter((c) => !live.classes.includes(c));
  const added = live.classes.filter((c) => !recorded.classes.includes(c));
  const written = gone.filter((old) => classPattern(old).test(code));
  const pairs = written.map((old) => ({ old, now: renamedTo(old, gone, added) }));
  const own = pairs.every((p) => p.now !== null) ? pairs.reduce((text, p) => text.replace(classPattern(p.old), `.${p.now}`), code) : code;
  const inCode = writtenClasses(code);
  const containers = around ? around.absent.filter((c) => inCode.includes(c) && !recorded.classes.includes(c)) : [];
  if (around && containers.length) {
    // Every combination of the containers' candidates, over the element's own renames.
    let texts = [own];
    for (const old of containers) texts = texts.flatMap((text) => containerRenames(old, around, inCode).map((now) => renameInSelectors(text, old, now)));
    for (const text of texts.slice(0, kContainerCandidates * 2)) add(text);
  }
  if (written.length > 1 && own !== code) add(own);
  // Several written classes hashed at once share no words with what they became (`input.tc-titlebar.tc-edit-texteditor`
  // -> `input.x3f9.k2b7`): each way of writing them as the element's added classes, the ones paired by words kept.
  const open = pairs.filter((p) => p.now === null).map((p) => p.old);
  if (written.length > 1 && open.length) {
    const taken = new Set(pairs.flatMap((p) => (p.now === null ? [] : [p.now])));
    for (const choice of assignments(open, added.filter((c) => !taken.has(c)))) {
      const now = new Map([...pairs.flatMap((p) => (p.now === null ? [] : [[p.old, p.now] as const])), ...open.map((old, i) => [old, choice[i]!] as const)]);
      add([...now].reduce((text, [old, to]) => text.replace(classPattern(old), `.${to}`), code));
    }
  }
  for (const old of gone) for (const now of added) add(code.replace(classPattern(old), `.${now}`));
  if (recorded.testId && live.testId && recorded.testId !== live.testId) {
    add(code.split(quote(recorded.testId)).join(quote(live.testId)).split(`"${recorded.testId}"`).join(`"${live.testId}"`));
  }
  if (recorded.id && live.id && recorded.id !== live.id) add(code.replace(idPattern(recorded.id), `#${live.id}`));
  return ways;
}
