import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openTraceZip } from '../../core/io/trace-zip.ts';
import { suiteFrames, suiteRoot, testKey } from '../../heal/baseline.ts';
import { readTestCalls } from '../../heal/failure.ts';
import { testTraces } from '../../heal/test-traces.ts';
import { readTrace } from '../../locate/snapshot/snapshot-page.ts';
import { kStampAttribute } from './mutant-proxy.ts';

/**
 * The hand-written suites' element oracle: in a run whose pages carry each element's pre-mutation
 * key (in-page/stamp.ts), the key of the element each call of each test found, read from the DOM
 * snapshot where Playwright marked the call's target. The same call of the same test (its place in
 * the code and its turn there) on the unchanged app and on a mutant found the same element when
 * the keys agree. A call is named as `bu baseline` names it: `test › file:line:column #turn`.
 */

export interface FoundElement {
  /** Playwright's selector of the call's locator: another selector at the same place is a patched locator. */
  selector: string;
  /** The element's pre-mutation key; `decoy:` first for a mutant's decoy. */
  key: string;
  /** The call: `click`, `fill`, `expect`, ... */
  method: string;
}

const kPhases = ['action', 'after', 'before'] as const;

function unescape(value: string): string {
  return value.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
}

/** The stamped key of the first element the snapshot's HTML marks as the call's target; null when none is marked or stamped. */
export function markedKey(html: string): string | null {
  for (const tag of html.matchAll(/<[a-zA-Z][^>]*>/g)) {
    if (!/\s__playwright_target__(?=[\s>=])/.test(tag[0])) continue;
    const key = new RegExp(`\\s${kStampAttribute}="([^"]*)"`).exec(tag[0])?.[1];
    if (key !== undefined) return unescape(key);
  }
  return null;
}

/**
 * Whether a call (`file › describe › title › place #turn`, as the traces name it) is one of the
 * test a run's report names `file › title` (the report's title leaves its describe blocks out).
 */
export function isCallOf(call: string, test: string): boolean {
  const [file, ...title] = test.split(' › ');
  return call.startsWith(`${file} › `) && call.includes(` › ${title.join(' › ')} › `);
}

/** A call of a test as a run's trace holds it, whether or not it found its element. */
export interface TracedCall {
  selector: string;
  method: string;
  /** Its error; null when it passed. */
  error: string | null;
  /** The stamped key of the element it found; null when it found none or the run was not stamped. */
  key: string | null;
}

/**
 * Every call with a locator in the runs' traces under `dir`, by test, place and turn; `keys`: read
 * the element each found from its snapshots (a stamped run's).
 */
export async function tracedCalls(dir: string, keys: boolean): Promise<Map<string, TracedCall>> {
  const out = new Map<string, TracedCall>();
  const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'bu-oracle-'));
  try {
    const traces = await testTraces([dir], scratch).catch(() => []);
    for (const trace of traces) {
      const read = await readTestCalls(await openTraceZip(trace.file));
      if (!read) continue;
      const { file, key: test } = testKey(read.title);
      const calls = read.calls.filter((c) => c.selector !== null && c.ended);
      const root = suiteRoot(file, calls);
      if (root === null) continue;
      const snapshots = keys ? (await readTrace(trace.file)).snapshots : null;
      const turns = new Map<string, number>();
      for (const call of calls) {
        const at = suiteFrames(call.stack, root)[0];
        if (!at) continue;
        const place = `${at.file}:${at.line}:${at.column}`;
        const turn = turns.get(place) ?? 0;
        turns.set(place, turn + 1);
        let key: string | null = null;
        for (const phase of snapshots && call.error === null ? kPhases : []) {
          const snapshot = snapshots!.find(call.callId, phase);
          key = snapshot ? markedKey(snapshots!.html(snapshot)) : null;
          if (key !== null) break;
        }
        out.set(`${test} › ${place} #${turn}`, { selector: call.selector!, method: call.method, error: call.error, key });
      }
    }
  } finally {
    await fs.rm(scratch, { recursive: true, force: true });
  }
  return out;
}

/** Every call that found an element in the stamped runs' traces under `dir`, by test, place and turn. */
export async function foundElements(dir: string): Promise<Map<string, FoundElement>> {
  const out = new Map<string, FoundElement>();
  for (const [call, traced] of await tracedCalls(dir, true)) {
    if (traced.key !== null) out.set(call, { selector: traced.selector, key: traced.key, method: traced.method });
  }
  return out;
}

/**
 * Calls whose locator heal rewrote (another selector at the same place and turn) that found another
 * element than the unchanged app's run did there: wrong patches. A call whose selector did not
 * change was not heal's doing, whatever it found.
 */
export function wrongPatches(reference: Map<string, FoundElement>, healed: Map<string, FoundElement>): string[] {
  const wrong: string[] = [];
  for (const [call, now] of healed) {
    const then = reference.get(call);
    if (!then || then.selector === now.selector) continue;
    if (then.key !== now.key) wrong.push(`${call}: ${now.selector} found ${now.key.slice(0, 80)} (the unchanged app's run found ${then.key.slice(0, 80)})`);
  }
  return wrong;
}

/** A selector's parts as Playwright chains them (`a >> b >> nth=0`). */
function parts(selector: string): string[] {
  return selector.split(' >> ');
}

/**
 * Whether rewriting `before` into `after` changed a part of a locator that failed: the first part
 * that differs, with all before it, is the start of a failing call's selector (its own locator, a
 * field or container it shares with the call that failed).
 */
export function rewroteFailingLocator(before: string, after: string, failing: Iterable<string>): boolean {
  const was = parts(before);
  const now = parts(after);
  let first = 0;
  while (first < was.length && first < now.length && was[first] === now[first]) first++;
  const changed = was.slice(0, first + 1);
  for (const selector of failing) {
    const other = parts(selector);
    if (changed.length <= other.length && changed.every((part, i) => part === other[i])) return true;
  }
  return false;
}

/**
 * Calls heal rewrote that were not broken: a call whose selector after heal is not the one the
 * unchanged app's run had at that place and turn, that ran and passed in the run heal read, and
 * whose rewritten part is no part of a locator that failed there. A call the failing run never
 * reached (its test had stopped before) is judged by the element it finds (wrongPatches).
 */
export function strayRewrites(reference: Map<string, { selector: string }>, failed: Map<string, TracedCall>, healed: Map<string, { selector: string }>): string[] {
  const failing = [...failed.values()].filter((c) => c.error !== null).map((c) => c.selector);
  const stray: string[] = [];
  for (const [call, now] of healed) {
    const then = reference.get(call);
    const ran = failed.get(call);
    if (!then || then.selector === now.selector || !ran || ran.error !== null) continue;
    if (!rewroteFailingLocator(then.selector, now.selector, failing)) stray.push(`${call}: rewritten to ${now.selector}, a call that had not failed (was ${then.selector})`);
  }
  return stray;
}
