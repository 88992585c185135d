import type { PageState } from '../../core/schema/history.ts';
import type { RunInput } from './inputs.ts';
import type { RecordedSnapshot } from './snapshot.ts';
import { urlPattern } from './url-pattern.ts';

/**
 * Clusters page states into pages. The URL pattern decides first (ids in the path become
 * parameters); a pattern without parameters that showed several titles (e.g. `/doku.php` for
 * every wiki page, or `/settings` and its "Settings saved" answer) is split by title.
 */

/** Numbers in titles (counters, dates) do not make a different page. */
export function titleKey(title: string): string {
  return title.replace(/\d+/g, '#').replace(/\s+/g, ' ').trim();
}

export interface PageKeyer {
  /** The page id of a state; null when the title is needed and unknown. */
  keyOf(url: string, title: string | null): string | null;
}

function splitKey(pattern: string, title: string): string {
  return `${pattern} "${titleKey(title)}"`;
}

/** Learns which static patterns need a title split from every state of every run. */
export function pageKeyer(runs: RunInput[]): PageKeyer {
  const titles = new Map<string, Set<string>>();
  for (const state of allStates(runs)) {
    const { pattern, params } = urlPattern(state.url);
    if (params.length) continue;
    const set = titles.get(pattern) ?? new Set<string>();
    set.add(titleKey(state.title));
    titles.set(pattern, set);
  }
  return {
    keyOf(url, title) {
      const { pattern, params } = urlPattern(url);
      if (params.length || (titles.get(pattern)?.size ?? 0) <= 1) return pattern;
      return title === null ? null : splitKey(pattern, title);
    },
  };
}

export function* allStates(runs: RunInput[]): Generator<PageState> {
  for (const run of runs) {
    for (const step of run.history.steps) {
      yield step.pre;
      yield step.post;
    }
  }
}

/** Everything seen of one page across runs, in order of first appearance. */
export interface PageObservations {
  id: string;
  states: PageState[];
  snapshots: RecordedSnapshot[];
}

export function collectPages(runs: RunInput[], keyer: PageKeyer): Map<string, PageObservations> {
  const pages = new Map<string, PageObservations>();
  const entry = (id: string) => {
    let page = pages.get(id);
    if (!page) {
      page = { id, states: [], snapshots: [] };
      pages.set(id, page);
    }
    return page;
  };
  for (const state of allStates(runs)) entry(keyer.keyOf(state.url, state.title)!).states.push(state);
  for (const run of runs) {
    for (const snapshot of run.snapshots) {
      const id = keyer.keyOf(snapshot.url, snapshot.title);
      if (id !== null && pages.has(id)) pages.get(id)!.snapshots.push(snapshot);
    }
  }
  return pages;
}
