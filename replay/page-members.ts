import type { Fingerprint, History, HistoryStep } from '../core/schema/history.ts';

/**
 * For each step, the other elements the history recorded on its page: the targets of the other
 * steps taken on the same address under the same title, each element once (by its place), the
 * step's own left out. Read once per history.
 */
export function pageMembers(history: History): (step: HistoryStep) => Fingerprint[] {
  const byPage = new Map<string, Fingerprint[]>();
  const pageOf = (s: HistoryStep) => `${s.pre.url}\u0000${s.pre.title}`;
  for (const s of history.steps) {
    if (!s.fingerprint) continue;
    const list = byPage.get(pageOf(s)) ?? [];
    if (!list.some((m) => m.cssPath === s.fingerprint!.cssPath && m.name === s.fingerprint!.name)) list.push(s.fingerprint);
    byPage.set(pageOf(s), list);
  }
  return (step) => {
    const own = step.fingerprint;
    return (byPage.get(pageOf(step)) ?? []).filter((m) => !own || !(m.cssPath === own.cssPath && m.name === own.name));
  };
}
