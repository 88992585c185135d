import type { Page } from 'playwright';
import type { Fingerprint, RecordedLocator } from '../../core/schema/history.ts';
import type { MatchLevel } from '../../core/schema/replay-report.ts';
import { collect, type Candidate } from './candidates.ts';
import { kLevels } from './levels.ts';
import { agreement, pickCandidate, type Scored } from './scoring.ts';

/**
 * The rematch cascade: finds the recorded element on the live page (every frame, open shadow
 * roots included), level by level. A level decides only with one acceptable candidate, or one
 * that beats every other by the tie margin; a level whose candidates tie ends the search as
 * `ambiguous` (a later, weaker level must not guess between them). Every pick is checked against
 * the whole fingerprint first: a recorded locator that now points elsewhere is rejected.
 */

/** Elements that appear late (lazy sections, slow responses) show up within this. */
export const kFindTimeoutMs = 6_000;
/** Back-off between attempts while nothing acceptable is found. */
const kRetryDelaysMs = [50, 100, 200, 400, 800];
/** A tie is re-checked once after the page had time to settle (a re-render may remove one). */
const kAmbiguousSettleMs = 300;

export type Scoredcandidate = Scored<Candidate>;

export type MatchResult =
  | { kind: 'found'; level: MatchLevel; candidate: Scoredcandidate; candidates: number; notes: string[]; pool: Scoredcandidate[] }
  | { kind: 'ambiguous'; level: MatchLevel; tied: Scoredcandidate[]; notes: string[]; pool: Scoredcandidate[] }
  | { kind: 'missing'; notes: string[]; pool: Scoredcandidate[] };

export interface CascadeOptions {
  timeoutMs?: number;
  signal?: AbortSignal;
}

function keyOf(c: Candidate): string {
  return `${c.frame.url()}|${c.features.shadowHosts.join('/')}|${c.features.cssPath}`;
}

function describe(c: Scoredcandidate): string {
  const f = c.item.features;
  return `${f.role ?? f.tag} "${f.name}"${f.landmarks.length ? ` in ${f.landmarks.map((l) => l.role).join('>')}` : ''} (score ${c.agreement.score}${c.agreement.contradictions.length ? `; ${c.agreement.contradictions.join(', ')}` : ''})`;
}

const kEnterFrame = /internal:control=enter-frame/g;

/** One pass over all levels. */
async function attempt(page: Page, fp: Fingerprint, recorded: RecordedLocator | null): Promise<MatchResult> {
  const notes: string[] = [];
  const pool = new Map<string, Scoredcandidate>();
  const includeHidden = fp.box === null;
  const decide = (level: MatchLevel, found: Candidate[]): MatchResult | null => {
    if (!found.length) return null;
    const scored = found.map((item) => ({ item, agreement: agreement(fp, item.features) }));
    for (const s of scored) pool.set(keyOf(s.item), s);
    const pick = pickCandidate(scored);
    switch (pick.kind) {
      case 'unique':
        return { kind: 'found', level, candidate: pick.winner, candidates: found.length, notes, pool: [...pool.values()] };
      case 'ambiguous':
        notes.push(`${level}: ${pick.tied.length} candidates tie: ${pick.tied.map(describe).join('; ')}`);
        return { kind: 'ambiguous', level, tied: pick.tied, notes, pool: [...pool.values()] };
      case 'rejected':
        notes.push(`${level}: ${found.length} candidate(s) rejected${pick.best ? `, best ${describe(pick.best)}` : ''}`);
        return null;
    }
  };

  if (recorded) {
    const depth = recorded.selector.match(kEnterFrame)?.length ?? 0;
    const found = await collect(page.mainFrame(), page.locator(recorded.selector), { includeHidden, depth });
    if (found === null) notes.push('recorded: too many matches');
    const result = found && decide('recorded', found);
    if (result) return result;
  }
  for (const level of kLevels) {
    const found: Candidate[] = [];
    let tooMany = false;
    for (const frame of page.frames()) {
      if (frame.isDetached()) continue;
      const query = level.query(fp, frame);
      if (!query) break;
      const part = await collect(frame, query, { includeHidden, known: level.known?.(fp) ?? null });
      if (part === null) tooMany = true;
      else found.push(...part);
    }
    if (tooMany) {
      notes.push(`${level.name}: too many matches to rank`);
      continue;
    }
    const result = decide(level.name, found);
    if (result) return result;
  }
  return { kind: 'missing', notes, pool: [...pool.values()] };
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => { clearTimeout(timer); resolve(); }, { once: true });
  });
}

/** Runs the cascade until it decides or the deadline passes; waits, never sleeps a recorded time. */
export async function rematch(page: Page, fp: Fingerprint, recorded: RecordedLocator | null, options: CascadeOptions = {}): Promise<MatchResult> {
  const deadline = Date.now() + (options.timeoutMs ?? kFindTimeoutMs);
  let settled = false;
  for (let i = 0; ; i++) {
    await page.waitForLoadState('domcontentloaded').catch(() => undefined);
    const result = await attempt(page, fp, recorded);
    if (result.kind === 'found') return result;
    if (result.kind === 'ambiguous') {
      if (settled || Date.now() + kAmbiguousSettleMs > deadline) return result;
      settled = true;
      await sleep(kAmbiguousSettleMs, options.signal);
      continue;
    }
    if (Date.now() >= deadline || options.signal?.aborted) return result;
    await sleep(Math.min(kRetryDelaysMs[Math.min(i, kRetryDelaysMs.length - 1)]!, Math.max(0, deadline - Date.now())), options.signal);
  }
}
