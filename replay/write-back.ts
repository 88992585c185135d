import fs from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from '../core/io/atomic.ts';
import { History, type Fingerprint, type RecordedLocator } from '../core/schema/history.ts';

/**
 * `--write-back`: a new version of the history beside the original (`<id>.v2.json`, `.v3` ...;
 * the original is never touched) with healed steps' fresh locators and fingerprints, and a
 * readable text diff of what changed.
 */

export interface WriteBackResult {
  historyFile: string;
  diffFile: string;
  changedSteps: number;
}

/** The next free `<stem>.vN.json` beside `file` (N >= 2). */
async function nextVersionFile(file: string): Promise<{ json: string; diff: string }> {
  const dir = path.dirname(file);
  const stem = path.basename(file, '.json').replace(/\.v\d+$/, '');
  for (let n = 2; ; n++) {
    const json = path.join(dir, `${stem}.v${n}.json`);
    try {
      await fs.access(json);
    } catch {
      return { json, diff: path.join(dir, `${stem}.v${n}.diff.txt`) };
    }
  }
}

function fingerprintChanges(before: Fingerprint | null, after: Fingerprint): string[] {
  const keys: (keyof Fingerprint)[] = ['role', 'name', 'tag', 'testId', 'id', 'nameAttr', 'type', 'placeholder', 'label', 'text', 'hrefPath', 'landmarks', 'frameChain', 'shadowHosts', 'nearbyHeading', 'xpath', 'cssPath'];
  const out: string[] = [];
  for (const key of keys) {
    const a = JSON.stringify(before?.[key] ?? null);
    const b = JSON.stringify(after[key]);
    if (a !== b) out.push(`    ${key}: ${a} -> ${b}`);
  }
  return out;
}

export function rewriteHistory(history: History, rewritten: Map<number, { fingerprint: Fingerprint; locator: RecordedLocator }>): { history: History; diff: string } {
  const lines: string[] = [`history ${history.sessionId}: ${rewritten.size} step(s) re-recorded by replay`];
  const steps = history.steps.map((step) => {
    const fresh = rewritten.get(step.index);
    if (!fresh) return step;
    lines.push(`step ${step.index + 1} ${step.action}:`);
    if (step.locator?.code !== fresh.locator.code) lines.push(`  locator: ${step.locator?.code ?? '(none)'} -> ${fresh.locator.code}`);
    const changes = fingerprintChanges(step.fingerprint, fresh.fingerprint);
    if (changes.length) lines.push('  fingerprint:', ...changes);
    return { ...step, fingerprint: fresh.fingerprint, locator: fresh.locator };
  });
  return { history: History.parse({ ...history, steps }), diff: lines.join('\n') + '\n' };
}

export async function writeBack(file: string, history: History, rewritten: Map<number, { fingerprint: Fingerprint; locator: RecordedLocator }>): Promise<WriteBackResult | null> {
  if (!rewritten.size) return null;
  const next = rewriteHistory(history, rewritten);
  const target = await nextVersionFile(file);
  await writeFileAtomic(target.json, JSON.stringify(next.history, null, 2) + '\n');
  await writeFileAtomic(target.diff, next.diff);
  return { historyFile: target.json, diffFile: target.diff, changedSteps: rewritten.size };
}
