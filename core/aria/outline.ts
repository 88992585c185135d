import { normalizeAria } from './state.ts';

/**
 * What an action did to the page, as a reader of the accessibility tree sees it: the lines
 * (`role "name"`) that appeared and the ones that went away between the snapshot before and the
 * one after. Replay compares what appeared and went away by role, so a translated or reworded
 * app still shows the same effect (a row appeared, a dialog went away), while an action on the
 * wrong element, or one that did nothing, does not.
 */

export interface Effect {
  appeared: string[];
  gone: string[];
}

/** More changes than this say "a new page", not which one: the first ones are kept. */
export const kMaxEffectLines = 20;
/** Names are cut here: long text blocks are content, not identity. A name this long may be cut. */
export const kMaxNameChars = 60;

/** An outline line's role and name (`listitem "Buy milk"`); null for a line without a name. */
export function lineRoleName(line: string): { role: string; name: string } | null {
  const match = /^([a-z][\w-]*)(?: "(.*)")?$/.exec(line);
  return match && match[2] ? { role: match[1]!, name: match[2].replace(/\\"/g, '"') } : null;
}

/** One entry per node of an ai-mode snapshot: `role "name"`, volatile parts normalized away. */
export function outline(snapshot: string): string[] {
  const out: string[] = [];
  for (const raw of normalizeAria(snapshot).split('\n')) {
    const line = raw.trim().replace(/^- /, '');
    const match = /^([a-z][\w-]*)(?:\s+"((?:[^"\\]|\\.)*)")?[^:]*(?::\s*(.*))?$/i.exec(line);
    if (!match) continue;
    const [, role, quoted, inline] = match;
    // Wrappers come and go with every redesign; they say nothing about what an action did.
    if (role === 'generic') continue;
    const name = (quoted ?? inline ?? '').replace(/^"|"$/g, '').trim().slice(0, kMaxNameChars);
    out.push(name ? `${role} "${name}"` : role!);
  }
  return out;
}

export function multisetMinus(a: readonly string[], b: readonly string[]): string[] {
  const counts = new Map<string, number>();
  for (const x of b) counts.set(x, (counts.get(x) ?? 0) + 1);
  const out: string[] = [];
  for (const x of a) {
    const n = counts.get(x) ?? 0;
    if (n > 0) counts.set(x, n - 1);
    else out.push(x);
  }
  return out;
}

export function effectOf(before: readonly string[], after: readonly string[]): Effect {
  return {
    appeared: multisetMinus(after, before).slice(0, kMaxEffectLines),
    gone: multisetMinus(before, after).slice(0, kMaxEffectLines),
  };
}

const roleOf = (line: string) => line.split(/[\s"]/, 1)[0]!;

/**
 * How much of the recorded effect happened again, by role: `matched` of `total` recorded changes
 * (appeared and gone counted apart) have a live change of the same role in the same direction, so
 * a reworded or translated page still counts. With the live outlines `before` and `after` the
 * action, a recorded change that plainly did not happen again counts for nothing: a line that was
 * to go and is still there by its recorded name (the action removed another row), or one that was
 * to appear and was there already.
 */
export function effectAgreement(recorded: Effect, live: Effect, outlines?: { before: readonly string[]; after: readonly string[] }): { matched: number; total: number } {
  const named = (line: string) => line !== roleOf(line);
  const side = (r: readonly string[], l: readonly string[], page: readonly string[]) => {
    // Under its recorded name on the page and not among the live changes: it did not happen.
    const [changed, present] = [new Set(l), new Set(page)];
    const possible = r.filter((line) => !(named(line) && outlines && present.has(line) && !changed.has(line)));
    return possible.length - multisetMinus(possible.map(roleOf), l.map(roleOf)).length;
  };
  return {
    matched: side(recorded.appeared, live.appeared, outlines?.before ?? []) + side(recorded.gone, live.gone, outlines?.after ?? []),
    total: recorded.appeared.length + recorded.gone.length,
  };
}
