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

/** Every call that found an element in the runs' traces under `dir`, by test, place and turn. */
export async function foundElements(dir: string): Promise<Map<string, FoundElement>> {
  const out = new Map<string, FoundElement>();
  const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'bu-oracle-'));
  try {
    const traces = await testTraces([dir], scratch).catch(() => []);
    for (const trace of traces) {
      const read = await readTestCalls(await openTraceZip(trace.file));
      if (!read) continue;
      const { file, key: test } = testKey(read.title);
      const found = read.calls.filter((c) => c.selector !== null && c.ended && c.error === null);
      const root = suiteRoot(file, found);
      if (root === null) continue;
      const { snapshots } = await readTrace(trace.file);
      const turns = new Map<string, number>();
      for (const call of found) {
        const at = suiteFrames(call.stack, root)[0];
        if (!at) continue;
        const place = `${at.file}:${at.line}:${at.column}`;
        const turn = turns.get(place) ?? 0;
        turns.set(place, turn + 1);
        for (const phase of kPhases) {
          const snapshot = snapshots.find(call.callId, phase);
          const key = snapshot ? markedKey(snapshots.html(snapshot)) : null;
          if (key === null) continue;
          out.set(`${test} › ${place} #${turn}`, { selector: call.selector!, key, method: call.method });
          break;
        }
      }
    }
  } finally {
    await fs.rm(scratch, { recursive: true, force: true });
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
