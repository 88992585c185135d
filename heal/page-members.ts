import type { Baseline, BaselineCall, BaselineTest } from '../core/schema/baseline.ts';
import type { Fingerprint } from '../core/schema/history.ts';

/**
 * The other elements the baseline's tests found on a call's page, split by the page's state.
 *
 * One address is not one page: in a single-page app every test's every step is at the same
 * address, and what a test found after opening a dialog or a new form is not what another found
 * after typing a search. Only the members found in the call's own state say what the page showed
 * around its element: those weigh a renamed element (a page reworded around it, an element
 * displaced from its place, how many of the page's elements are still there) and judge whether the
 * page is still the one recorded. Members found in other states of the same address are only names
 * the element is never taken for: they may be on the page now or not, and their absence says
 * nothing.
 *
 * A state: the calls a test makes on a page before its first action there are the page as loaded,
 * one state for every test that opens that address; each action (a click, typing, a key, a choice)
 * starts a state of that test's own, which lasts until its next action or until the test is on
 * another page.
 */
export interface PageMembers {
  /** Found in the call's own state, each once (the call's own element aside). */
  members: Fingerprint[];
  /** Found at the same address in other states, each once, none of `members`. */
  elsewhere: Fingerprint[];
}

/** Playwright methods (as traces name them) after which the page is in another state. */
const kStateActions = new Set(['click', 'dblclick', 'tap', 'fill', 'press', 'type', 'check', 'uncheck', 'selectOption', 'setInputFiles', 'hover', 'dragAndDrop', 'dispatchEvent']);

/** A page's address without its origin and anchor: a baseline made against one server reads for another. */
export function pageKey(url: string): string {
  if (!URL.canParse(url)) return url;
  const u = new URL(url);
  return u.pathname + u.search;
}

/** Each call's state, in the test's order (see `PageMembers`). */
export function callStates(test: BaselineTest): string[] {
  let page: string | null = null;
  let lastAction = -1;
  return test.calls.map((call, i) => {
    const key = pageKey(call.url);
    if (key !== page) [page, lastAction] = [key, -1];
    const state = lastAction < 0 ? `loaded\u0000${key}` : `${test.test}\u0000${lastAction}`;
    if (kStateActions.has(call.method)) lastAction = i;
    return state;
  });
}

const memberKey = (fp: Fingerprint) => `${fp.cssPath}\u0000${fp.name}`;

/**
 * `recorded`'s page members (see `PageMembers`). A page assertion has no call of its own
 * (`fingerprint: null`): every member found at its address counts as of its state.
 */
export function pageMembers(baseline: Baseline, recorded: BaselineCall | { url: string; fingerprint: null }): PageMembers {
  const page = pageKey(recorded.url);
  let own: string | null = null;
  const states = new Map<BaselineCall, string>();
  for (const test of baseline.tests) {
    const each = callStates(test);
    test.calls.forEach((call, i) => states.set(call, each[i]!));
    if ('at' in recorded && states.has(recorded)) own = states.get(recorded)!;
  }
  const seen = new Set<string>(recorded.fingerprint ? [memberKey(recorded.fingerprint)] : []);
  const members: Fingerprint[] = [];
  const elsewhere: Fingerprint[] = [];
  for (const [call, state] of states) {
    if (pageKey(call.url) !== page || (own !== null && state !== own)) continue;
    const key = memberKey(call.fingerprint);
    if (seen.has(key)) continue;
    seen.add(key);
    members.push(call.fingerprint);
  }
  for (const [call] of states) {
    const key = memberKey(call.fingerprint);
    if (pageKey(call.url) !== page || seen.has(key)) continue;
    seen.add(key);
    elsewhere.push(call.fingerprint);
  }
  return { members, elsewhere };
}
