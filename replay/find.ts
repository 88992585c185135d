import type { Locator, Page } from 'playwright';
import { errorMessage } from '../core/errors.ts';
import { locatorFromCode } from '../core/locator/build.ts';
import type { FailureCategory, FallbackRecord, MatchLevel } from '../core/schema/replay-report.ts';
import type { Fingerprint, HistoryStep, RecordedLocator } from '../core/schema/history.ts';
import { fallbackAcceptable, fallbackCandidates, fallbackRequest, type Fallback } from './fallback.ts';
import type { Rebaser } from './inputs.ts';
import { readAhead, type ReadAhead, type ReadAtPath, type ScoredCandidate } from '../locate/cascade.ts';
import { locate } from '../locate/locate.ts';
import type { LiveFeatures } from '../locate/scoring.ts';
import { kTieMargin } from '../locate/weights.ts';
import { withMembersAsPeers } from '../core/aria/peers.ts';

/**
 * Finds a step's element: the rematch cascade (strategy `full`) or only the recorded locator
 * (strategy `locator-only`, what a plain generated spec does), then a model's pick when the
 * cascade failed and the model fallback is on.
 */

export type Strategy = 'full' | 'locator-only';

export type Found =
  | { ok: true; locator: Locator; level: MatchLevel; candidates: number; score: number | null; notes: string[]; fallback: FallbackRecord | null; atPath?: ReadAtPath; target?: TargetMoved; judged?: Judged; guard?: Locator; asRecorded?: true }
  | { ok: false; category: FailureCategory; message: string; level: MatchLevel | null; candidates: number | null; notes: string[]; fallback: FallbackRecord | null };

/** The element as it was judged, when its locator is a place among several matches (see confirm-judged.ts). */
export interface Judged {
  features: LiveFeatures;
}

/** The found link's target differs from the recorded one (rebased), and the link is known by other evidence. */
export interface TargetMoved {
  recorded: string;
  live: string;
}

export interface FindOptions {
  strategy: Strategy;
  fallback: Fallback | null;
  timeoutMs: number;
  /** Recorded link targets move with `--base-url` too. */
  rebase: Rebaser;
  /** Ids in link targets may differ (the run changed variables). */
  tolerantIds?: boolean;
  signal?: AbortSignal;
  /** Called once per model call (counted in the summary). */
  onModelCall(): void;
  /**
   * The caller acts on a found element through its `guard` when it has one, and finds it again
   * with this off when the guard refuses (see at-path.ts `actingGuard`). Only for the actions in
   * `kGuardedActions`.
   */
  guarded?: boolean;
  /**
   * The other elements recorded on a step's page (the history's other steps there): names the
   * step's element is never taken for, evidence of a page reworded around a renamed element, and
   * what the page must still show to be the recorded page.
   */
  members?: (step: HistoryStep) => Fingerprint[];
  log(message: string): void;
}

async function recordedOnly(page: Page, step: HistoryStep, timeoutMs: number): Promise<Found> {
  if (!step.locator) return { ok: false, category: 'missing_element', message: 'no recorded locator', level: null, candidates: null, notes: [], fallback: null };
  let locator: Locator;
  try {
    locator = locatorFromCode(page, step.locator.code);
  } catch (err) {
    return { ok: false, category: 'missing_element', message: errorMessage(err), level: 'recorded', candidates: 0, notes: [], fallback: null };
  }
  try {
    await locator.first().waitFor({ state: 'attached', timeout: timeoutMs });
  } catch {
    return { ok: false, category: 'missing_element', message: `${step.locator.code} matches nothing`, level: 'recorded', candidates: 0, notes: [], fallback: null };
  }
  // Strict mode decides: acting on a locator that matches several elements throws.
  return { ok: true, locator, level: 'recorded', candidates: await locator.count(), score: null, notes: [], fallback: null };
}

/**
 * Actions that make one strict Playwright call on their element before anything else touches the
 * page (a click, a fill, a hover, a native select's choice): a guard that refuses stops them with
 * nothing done.
 */
const kGuardedActions = new Set(['click', 'input', 'hover', 'select_dropdown']);

function guarded(step: HistoryStep, options: FindOptions): boolean {
  return options.guarded === true && kGuardedActions.has(step.action);
}

/** The step's fingerprint as this run sees it (its link target rebased); null when the cascade does not run. */
function liveFingerprint(step: HistoryStep, options: FindOptions): Fingerprint | null {
  const recordedFp = step.fingerprint;
  if (options.strategy === 'locator-only' || !recordedFp) return null;
  const hrefPath = /^https?:/.test(recordedFp.hrefPath ?? '') ? options.rebase.url(recordedFp.hrefPath!) : options.rebase.path(recordedFp.hrefPath);
  // A record this run created under another id (see `Rebaser.learn`) shows this run's id where it shows one.
  return { ...recordedFp, hrefPath, name: options.rebase.textWithIds(recordedFp.name), text: recordedFp.text === null ? null : options.rebase.textWithIds(recordedFp.text) };
}

/** The recorded locator as this run sees it: an id the app handed out differently this run (see `liveFingerprint`) written as now. */
function liveLocator(step: HistoryStep, options: FindOptions): RecordedLocator | null {
  return step.locator && { ...step.locator, code: options.rebase.textWithIds(step.locator.code) };
}

/** What `findElement` would read first, read now (see `readAhead`); null when it would read nothing ahead. */
export async function findAhead(page: Page, step: HistoryStep, options: FindOptions): Promise<ReadAhead | null> {
  const fp = liveFingerprint(step, options);
  return fp ? readAhead(page, fp, liveLocator(step, options), guarded(step, options)).catch(() => null) : null;
}

/** The best candidate that was refused, and why: what a reader checks a refusal against. */
function nearestOf(pool: ScoredCandidate[]): string {
  const best = [...pool].sort((a, b) => b.agreement.score - a.agreement.score)[0];
  if (!best) return '';
  const f = best.item.features;
  const why = best.agreement.contradictions.length ? best.agreement.contradictions.join(', ')
    : best.agreement.renamed && !best.agreement.evidence.length ? 'renamed, and the page as a whole did not carry it'
      : 'not enough agreement on its own';
  return `; nearest: ${f.role ?? f.tag} "${f.name.slice(0, 60)}" (score ${best.agreement.score}: ${why})`;
}

/**
 * The tie said for a reader: the margin rule and the tied candidates with their scores, and how
 * much of each score is their place, which never decides between look-alikes.
 */
function tieOf(tied: ScoredCandidate[]): string {
  const said = tied.slice(0, 3).map((c) => {
    const f = c.item.features;
    return `${f.role ?? f.tag} "${f.name.slice(0, 40)}" (score ${c.agreement.score}${c.agreement.positional ? `, ${c.agreement.positional} of it its place` : ''})`;
  });
  return ` (margin: none leads the others by ${kTieMargin} in what it is: ${said.join(', ')}${tied.length > 3 ? ', ...' : ''})`;
}

/** `ahead`: this step's `findAhead`, made on this page just before. */
export async function findElement(page: Page, step: HistoryStep, options: FindOptions, ahead: ReadAhead | null = null): Promise<Found> {
  const own = liveFingerprint(step, options);
  if (!own) return recordedOnly(page, step, options.timeoutMs);
  const members = options.members?.(step) ?? [];
  const fp = withMembersAsPeers(own, members);
  const result = await locate(page, { fingerprint: own, recorded: liveLocator(step, options), members, title: step.pre.title, heading: step.pre.heading }, { timeoutMs: options.timeoutMs, signal: options.signal, tolerantIds: options.tolerantIds, guarded: guarded(step, options) }, ahead);
  if (result.kind === 'page-changed') {
    const nearest = result.nearest ? `; the nearest candidate was the ${result.nearest.item.features.role ?? result.nearest.item.features.tag} "${result.nearest.item.features.name}"` : '';
    return { ok: false, category: 'page_changed', message: `not the page the step was recorded on: ${result.lost}${nearest}`, level: null, candidates: 0, notes: result.notes, fallback: null };
  }
  if (result.kind === 'found') {
    const { candidate } = result;
    const live = candidate.item.features.hrefPath;
    // Only a link that is itself on its own evidence tells where the recorded target went.
    const target = fp.hrefPath && live && live !== fp.hrefPath && candidate.agreement.acceptable ? { target: { recorded: fp.hrefPath, live } } : {};
    const judged = candidate.item.positional ? { judged: { features: candidate.item.features } } : {};
    const guard = result.guard ? { guard: result.guard } : {};
    const asRecorded = result.asRecorded ? { asRecorded: result.asRecorded } : {};
    return { ok: true, locator: candidate.item.locator, level: result.level, candidates: result.candidates, score: candidate.agreement.score, notes: result.notes, fallback: null, atPath: result.atPath, ...target, ...judged, ...guard, ...asRecorded };
  }
  const category = result.kind === 'ambiguous' ? 'ambiguous' : 'missing_element';
  const message = result.kind === 'ambiguous'
    ? `${result.tied.length} elements match "${fp.name || fp.tag}" equally well at level ${result.level}${tieOf(result.tied)}; refusing to guess`
    : `no element agrees with the recorded ${fp.role ?? fp.tag} "${fp.name}"${nearestOf(result.pool)}`;
  const failed: Found = { ok: false, category, message, level: result.kind === 'ambiguous' ? result.level : null, candidates: result.kind === 'ambiguous' ? result.tied.length : 0, notes: result.notes, fallback: null };
  if (!options.fallback) return failed;

  const offered = result.kind === 'ambiguous' ? result.tied : fallbackCandidates(result.pool);
  if (!offered.length) return { ...failed, notes: [...failed.notes, 'fallback: no candidate to offer'] };
  const request = fallbackRequest(step, fp, step.locator?.code ?? null, { url: page.url(), title: await page.title().catch(() => '') }, category, offered);
  options.onModelCall();
  let answer;
  try {
    answer = await options.fallback.pick(request, options.signal);
  } catch (err) {
    const reason = `fallback failed: ${err instanceof Error ? err.message : String(err)}`;
    options.log(`  fallback: ${reason}`);
    return { ...failed, fallback: { offered: offered.length, picked: null, reason, accepted: false, score: null } };
  }
  const pick = answer.candidate === null ? undefined : offered[answer.candidate];
  const accepted = pick !== undefined && fallbackAcceptable(pick);
  const fallback: FallbackRecord = { offered: offered.length, picked: answer.candidate, reason: answer.reason, accepted, score: pick?.agreement.score ?? null };
  options.log(`  fallback: picked ${answer.candidate ?? 'none'} of ${offered.length} (${answer.reason})${pick && !accepted ? ' - rejected: it does not agree with the recorded element' : ''}`);
  if (!pick || !accepted) return { ...failed, fallback };
  return { ok: true, locator: pick.item.locator, level: 'llm', candidates: offered.length, score: pick.agreement.score, notes: result.notes, fallback, ...(pick.item.positional ? { judged: { features: pick.item.features } } : {}) };
}
