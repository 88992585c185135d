import type { Locator, Page } from 'playwright';
import { errorMessage } from '../core/errors.ts';
import { buildLocator } from '../core/locator/build.ts';
import { entersFrame, isPick, type LocatorChain } from '../core/locator/chain.ts';
import { parseLocatorCode } from '../core/locator/code.ts';
import type { Fingerprint, RecordedLocator } from '../core/schema/history.ts';
import type { MatchLevel } from '../core/schema/replay-report.ts';
import { identityOf, type FoundAt } from './at-path.ts';
import { collect, collectAtPath, type Candidate } from './candidates.ts';
import { kLevels } from './levels.ts';
import { interchangeablePick, type RecordedPick } from './interchangeable.ts';
import { pickCandidate, type Scored } from './pick.ts';
import { rowTextOnPage, wordsNotOnPage } from './row-text-on-page.ts';
import { wholeWords, wordsOf } from './text.ts';
import { steadyText } from '../core/volatile/steady-text.ts';
import { describeVerdict, weighRenamed } from './renamed-evidence.ts';
import { readRenamedFacts, type PageEvidence } from './renamed-facts.ts';
import { sameOriginPath } from './same-origin-path.ts';
import { nameKeysRow, withDistinctClasses, withRewordedRows } from './pool-evidence.ts';
import { withMemberClaims } from './member-claims.ts';
import { agreement, isRowScoped, stableClasses, standsAsRecorded, type AgreementOptions } from './scoring.ts';

/**
 * The rematch cascade: finds the recorded element on the live page (every frame, open shadow
 * roots included). The recorded locator comes first: when it still resolves to exactly one
 * element and nothing contradicts the fingerprint, that element is the target, so replay never
 * does worse than Playwright's own locator. Otherwise the levels run, most trustworthy first;
 * every candidate any level found stays in one pool, and each level decides over the whole pool
 * (see pick.ts): a tie at one level lets a later, scoping level bring the evidence that breaks it,
 * and ends as `ambiguous` only when nothing does.
 */

/** Elements that appear late (lazy sections, slow responses) show up within this. */
export const kFindTimeoutMs = 6_000;
/** Back-off between attempts while nothing acceptable is found. */
const kRetryDelaysMs = [50, 100, 200, 400, 800];
/** A tie is re-checked once after the page had time to settle (a re-render may remove one). */
const kAmbiguousSettleMs = 300;

export type ScoredCandidate = Scored<Candidate>;

/** The element was read at its recorded CSS path (see at-path.ts), with the page's heading then. */
export interface ReadAtPath extends FoundAt {
  heading: string | null;
}

export type MatchResult =
  | {
    kind: 'found'; level: MatchLevel; candidate: ScoredCandidate; candidates: number; notes: string[]; pool: ScoredCandidate[]; atPath?: ReadAtPath; guard?: Locator; renamedEvidence?: string;
    /**
     * A positional recorded locator (`.first()`, `.nth(i)`) still picks the element taken, and it
     * stands as recorded: found as recorded among its look-alikes, not re-found another way.
     */
    asRecorded?: true;
  }
  | { kind: 'ambiguous'; level: MatchLevel; tied: ScoredCandidate[]; notes: string[]; pool: ScoredCandidate[] }
  | { kind: 'missing'; notes: string[]; pool: ScoredCandidate[] };

export interface CascadeOptions {
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Ids in link targets may differ (the run changed variables). */
  tolerantIds?: boolean;
  /**
   * The address the page's link targets are read against (default: the page's own): a target on
   * its origin is compared as a path, as fingerprints write it, whatever document shows the page
   * (a DOM snapshot shown from another one reads every link as a whole address).
   */
  pageUrl?: string;
  /**
   * The caller acts through a found element's `guard` when it has one (see at-path.ts
   * `actingGuard`): the element at its recorded path is then read without a count.
   */
  guarded?: boolean;
  /**
   * The other elements recorded on the same page, and the address their link targets are read
   * against: what the evidence model weighs a renamed element against (see renamed-facts.ts).
   * Without it, a renamed element has only its own place and neighbours to stand on.
   */
  pageEvidence?: PageEvidence;
  /** Names of the page's elements recorded in its other states: never the element's (see `AgreementOptions.elsewhere`). */
  elsewhere?: ReadonlySet<string>;
}

/** The page's address as fingerprints write link targets: its path and query, and the whole address without its anchor. */
function pageAddress(url: string): string[] {
  if (!URL.canParse(url)) return [];
  const u = new URL(url);
  u.hash = '';
  return [u.pathname + u.search, u.href];
}

/** The candidate with its link target as a fingerprint taken on `pageUrl` writes it (see same-origin-path.ts). */
function linkReadOn(item: Candidate, pageUrl: string): Candidate {
  const hrefPath = sameOriginPath(item.features.hrefPath, pageUrl);
  return hrefPath === item.features.hrefPath ? item : { ...item, features: { ...item.features, hrefPath } };
}

function keyOf(c: Candidate): string {
  return `${c.framePath}|${c.features.shadowHosts.join('/')}|${c.features.cssPath}`;
}

/** Elements holding each class, in every frame (open shadow roots aside); a frame that cannot be read adds nothing. */
async function countClasses(page: Page, classes: string[]): Promise<Map<string, number>> {
  const counts = new Map(classes.map((c) => [c, 0]));
  if (!classes.length) return counts;
  const perFrame = await Promise.all(page.frames().map((frame) =>
    frame.evaluate((names) => names.map((name) => document.getElementsByClassName(name).length), classes).catch(() => classes.map(() => 0))));
  for (const frameCounts of perFrame) frameCounts.forEach((n, i) => counts.set(classes[i]!, counts.get(classes[i]!)! + n));
  return counts;
}

function describe(c: ScoredCandidate): string {
  const f = c.item.features;
  return `${f.role ?? f.tag} "${f.name}"${f.landmarks.length ? ` in ${f.landmarks.map((l) => l.role).join('>')}` : ''} (score ${c.agreement.score}${c.agreement.contradictions.length ? `; ${c.agreement.contradictions.join(', ')}` : ''})`;
}

/** The recorded locator as a query: its code read and built once per rematch. */
type RecordedQuery =
  | { ok: true; locator: Locator; pinned: boolean; pick: RecordedPick; depth: number; unique: boolean; scope: Locator | null; lookAlikes: number | null }
  | { ok: false; problem: string };

function recordedQuery(page: Page, recorded: RecordedLocator, fp: Fingerprint): RecordedQuery {
  try {
    const chain = parseLocatorCode(recorded.code);
    // A locator that ends in a pick (nth, first, last) is positional: the recorder pinned one of
    // several matches, or Playwright's own choice was a place (`getByRole('button').nth(2)`). Its
    // look-alikes are ranked with it, so the pin is dropped.
    const pinned = chain.length > 1 && isPick(chain[chain.length - 1]!);
    const query = pinned ? chain.slice(0, -1) as LocatorChain : chain;
    const last = chain[chain.length - 1]!;
    const pick = !pinned ? null : last.kind === 'nth' ? last.index : last.kind === 'last' ? -1 : 0;
    return { ok: true, locator: buildLocator(page, query), pinned, pick, depth: query.filter(entersFrame).length, unique: recorded.matches === 1, scope: scopedRole(page, query, fp), lookAlikes: pinned ? lookAlikesWhenRecorded(recorded, query, fp) : null };
  } catch (err) {
    return { ok: false, problem: `recorded: ${errorMessage(err)}` };
  }
}

/**
 * How many elements a pinned locator's query without its pick matched when recorded: what the
 * record says when it counted them, else the recorded element's look-alikes by role and name when
 * the query is exactly that (a locator Playwright wrote with its pick counts one); null when unknown.
 * An unnamed element's look-alikes were counted by its role alone (core/fingerprint/take.ts), as
 * a query of the role with no option matches them (`getByRole('textbox').first()`).
 */
function lookAlikesWhenRecorded(recorded: RecordedLocator, query: LocatorChain, fp: Fingerprint): number | null {
  if (recorded.matches > 1) return recorded.matches;
  const [only] = query;
  const roleOnly = (options: Record<string, unknown>) => fp.name === '' && Object.keys(options).length === 0;
  const byRoleName = query.length === 1 && only!.kind === 'getByRole' && only!.role === fp.role && (only!.options.name === fp.name || roleOnly(only!.options)) && fp.frameChain.length === 0 && fp.shadowHosts.length === 0;
  return byRoleName ? fp.roleNameCount : null;
}

/**
 * The recorded locator's scope with its last step's name let go: `locator('#operation-get')
 * .getByRole('button', { name: 'Done' })` -> every button in `#operation-get`. The scope the
 * recorder or a plan's author chose (an id, a test id, a section) outlives a reworded name. A
 * last step of another kind (a plan's `role=button[name="..."]` or a CSS selector) gives every
 * element of the recorded element's role there. Null when the locator has no scope, or its last
 * step names no role and the element had none.
 */
function scopedRole(page: Page, chain: LocatorChain, fp: Fingerprint): Locator | null {
  const last = chain[chain.length - 1]!;
  if (chain.length < 2 || chain.some(entersFrame)) return null;
  if (last.kind === 'getByRole') {
    if (last.options.name === undefined) return null;
    const { name: _name, exact: _exact, ...rest } = last.options;
    return buildLocator(page, [...chain.slice(0, -1), { kind: 'getByRole', role: last.role, options: rest }] as LocatorChain);
  }
  if (last.kind !== 'locator' || typeof last.selector !== 'string' || last.options || !fp.role) return null;
  return buildLocator(page, [...chain.slice(0, -1), { kind: 'getByRole', role: fp.role, options: {} }] as LocatorChain);
}

type AtPathRead = NonNullable<Awaited<ReturnType<typeof collectAtPath>>>;

/** The recorded locator can be read at the recorded path: unique when recorded, in the page's own document. */
function readableAtPath(fp: Fingerprint, recorded: RecordedQuery): recorded is Extract<RecordedQuery, { ok: true }> {
  return recorded.ok && !recorded.pinned && recorded.unique && recorded.depth === 0 && !fp.frameChain.length && !fp.shadowHosts.length && fp.cssPath !== '';
}

function readAtRecordedPath(page: Page, fp: Fingerprint, recorded: Extract<RecordedQuery, { ok: true }>, guarded: boolean): Promise<AtPathRead | null> {
  return collectAtPath(page, recorded.locator, fp.cssPath, { includeHidden: fp.box === null, recorded: { role: fp.role, name: fp.name }, guarded });
}

/**
 * The recorded element read at its path ahead of the rematch that follows (replay reads it beside
 * the previous step's check of the page, see step.ts): the rematch's first pass takes it instead
 * of reading again. `at` is null when it was not found there.
 */
export interface ReadAhead {
  query: Extract<RecordedQuery, { ok: true }>;
  at: AtPathRead | null;
}

/** Reads what the first pass of `rematch` would read at the recorded path; null when that pass would not. `guarded`: as the rematch's option. */
export async function readAhead(page: Page, fp: Fingerprint, recorded: RecordedLocator | null, guarded = false): Promise<ReadAhead | null> {
  const query = recorded && recordedQuery(page, recorded, fp);
  if (!query || !readableAtPath(fp, query)) return null;
  return { query, at: await readAtRecordedPath(page, fp, query, guarded) };
}

/**
 * The element a positional recorded locator (`.nth(1)` of identical rows, `.first()`) picks, when
 * the page still has exactly as many look-alikes as it had when recorded (none added or taken
 * away before it, which would move the pick) and the pick sits at the recorded element's place:
 * the page is as it was there, and the pick is the recorded one if it also agrees with it. Null
 * otherwise: the look-alikes are then ranked with the levels, where place alone decides nothing.
 */
function pinnedAsRecorded(fp: Fingerprint, recorded: Extract<RecordedQuery, { ok: true }>, found: Candidate[]): Candidate | null {
  if (!recorded.pinned || recorded.pick === null || recorded.lookAlikes === null || found.length !== recorded.lookAlikes) return null;
  const picked = found.at(recorded.pick) ?? null;
  if (!picked || picked.features.cssPath !== fp.cssPath) return null;
  // Unnamed, the pick is the recorded element only where its caption still tells it from its
  // look-alikes, as a name would: two bare icon buttons that swapped places sit where they sat.
  if (fp.name === '') {
    const caption = fp.label?.trim();
    if (!caption || picked.features.label?.trim() !== caption || found.some((c) => c !== picked && c.features.label?.trim() === caption)) return null;
  }
  return picked;
}

/** One pass over the recorded locator and the levels; `ahead`: this pass's read at the recorded path, already made. */
async function attempt(page: Page, fp: Fingerprint, recorded: RecordedQuery | null, options: CascadeOptions, ahead?: AtPathRead | null): Promise<MatchResult> {
  const notes: string[] = [];
  const pool = new Map<string, ScoredCandidate>();
  const includeHidden = fp.box === null;
  let tie: { level: MatchLevel; tied: ScoredCandidate[] } | null = null;
  const pageUrl = options.pageUrl ?? options.pageEvidence?.pageUrl ?? page.url();
  const scoring: AgreementOptions = { tolerantIds: options.tolerantIds, rowTextGone: false, pageAddress: pageAddress(pageUrl), elsewhere: options.elsewhere };
  // The recorded locator's one match when its name keys its row in the recorded scope (see nameKeysRow).
  let keyedByName: string | null = null;
  // The elements of its role inside the recorded locator's scope, once read (see `outsideScope`).
  let scopeKeys: ReadonlySet<string> | null = null;
  const score = (found: Candidate[]) => found.map((read) => {
    const item = linkReadOn(read, pageUrl);
    return outsideScope({ item, agreement: agreement(fp, item.features, keyOf(item) === keyedByName ? { ...scoring, rowKeyedByName: true } : scoring) });
  });
  // With one of its look-alikes gone, one outside the scope the recorder found it in (an id, a
  // test id, a named region) is one of the others: what told them apart is where they were.
  const outsideScope = (s: ScoredCandidate): ScoredCandidate => {
    if (!scoring.lookAlikeGone || scopeKeys === null || scopeKeys.has(keyOf(s.item))) return s;
    const contradictions = [...s.agreement.contradictions, 'outside the recorded scope, where one of its look-alikes went'];
    return { ...s, agreement: { ...s.agreement, contradictions, acceptable: false, sameKind: false } };
  };
  // Looked up once, and only when the recorded locator alone did not decide.
  let rowLooked = false;
  let lostOnPage: ReadonlySet<string> = new Set();
  const lookForRow = async () => {
    if (rowLooked) return;
    rowLooked = true;
    if (fp.role && fp.name.trim() && fp.roleNameCount > 1) {
      const left = await page.getByRole(fp.role as Parameters<Page['getByRole']>[0], { name: fp.name, exact: true }).count().catch(() => fp.roleNameCount);
      // None left under the name: all were renamed (a reworded or translated page), not one gone.
      scoring.lookAlikeGone = left > 0 && left < fp.roleNameCount;
      if (scoring.lookAlikeGone) notes.push(`${left} of the ${fp.roleNameCount} ${fp.role}s named "${fp.name}" when recorded are left: one may be the recorded one only by what told them apart`);
    }
    if (!isRowScoped(fp)) return;
    // A text cut at the fingerprint's limit is looked for without its cut last word.
    scoring.rowTextGone = !(await rowTextOnPage(page, steadyText(wholeWords(fp.container!.text!), fp.volatile)));
    if (!scoring.rowTextGone) return;
    notes.push(`the recorded ${fp.container!.role} "${fp.container!.text!.slice(0, 40)}" is nowhere on the page`);
    // Its words that the page lost as a whole: a caption every row carries, reworded (see withRewordedRows).
    lostOnPage = await wordsNotOnPage(page, [...wordsOf(steadyText(wholeWords(fp.container!.text!), fp.volatile))]);
  };
  // How many elements on the page hold each stable recorded class: read once, when a decision needs it.
  let classesOnPage: Map<string, number> | undefined;
  const decide = async (level: MatchLevel, found: Candidate[], exhaustive: boolean): Promise<MatchResult | null> => {
    if (!found.length) return null;
    for (const s of score(found)) pool.set(keyOf(s.item), s);
    if (pool.size > 1) classesOnPage ??= await countClasses(page, stableClasses(fp));
    const rows = withRewordedRows(fp, [...pool.values()], (c) => c.features, lostOnPage, scoring);
    const distinct = withDistinctClasses(fp, rows, (c) => c.features.classes, classesOnPage);
    // The page's other recorded elements of the kind take their own matches first (see member-claims.ts).
    const claimed = options.pageEvidence ? withMemberClaims(fp, options.pageEvidence.members, distinct, (c) => c.features, scoring) : distinct;
    const pick = pickCandidate(claimed, { exhaustive });
    // A renamed element with nothing the server or the code reads to say what it is: the page as a
    // whole decides (see renamed-evidence.ts), never being the only one of its kind alone.
    let renamed: string | null = null;
    if (pick.kind === 'unique' && pick.winner.agreement.renamed && !pick.winner.agreement.evidence.length) {
      const what = `${fp.role ?? fp.tag} "${pick.winner.item.features.name}", recorded "${fp.name}"`;
      classesOnPage ??= await countClasses(page, stableClasses(fp));
      const facts = await readRenamedFacts(page, fp, pick.winner.item, pick.rule === 'sole', classesOnPage, options.pageEvidence ?? null);
      const verdict = weighRenamed(facts);
      const said = describeVerdict(verdict, facts);
      if (!verdict.taken) {
        notes.push(`${level}: the ${what}: renamed, and no test id, id, form name, link target, row or caption says it is the recorded one; ${said}`);
        return null;
      }
      notes.push(`${level}: the ${what}: renamed, ${said}`);
      renamed = said;
    }
    // What the recorded locator's own pick resolves to, when it is positional and this is its level.
    // Each candidate is the query's match by its index among all (hidden ones too), as Playwright's pick counts.
    const pinnedTo = level === 'recorded' && recorded?.ok && recorded.pinned && recorded.pick !== null && recorded.pick >= 0 ? recorded.locator.nth(recorded.pick).toString() : null;
    const asRecorded = (winner: ScoredCandidate) => (pinnedTo !== null && winner.item.locator.toString() === pinnedTo && standsAsRecorded(winner.agreement) ? { asRecorded: true as const } : {});
    switch (pick.kind) {
      case 'unique':
        if (pick.rule !== 'evidence') notes.push(`${level}: ${pick.rule === 'sole' ? 'the only' : 'clearly the best'} ${fp.role ?? fp.tag} of its kind in the recorded region`);
        return { kind: 'found', level, candidate: pick.winner, candidates: found.length, notes, pool: [...pool.values()], ...(renamed ? { renamedEvidence: renamed } : asRecorded(pick.winner)) };
      case 'ambiguous': {
        // One of the repeats is gone: the one at the recorded place may be another repeat.
        const same = scoring.lookAlikeGone ? null : await interchangeablePick(pick.tied, recorded?.ok ? recorded.pick : null, fp.landmarks);
        if (same) {
          notes.push(`${level}: ${pick.tied.length} candidates are one link repeated (the same markup and target); the one at the recorded place among them`);
          return { kind: 'found', level, candidate: same, candidates: found.length, notes, pool: [...pool.values()], ...asRecorded(same) };
        }
        notes.push(`${level}: ${pick.tied.length} candidates tie: ${pick.tied.map(describe).join('; ')}`);
        tie = { level, tied: pick.tied };
        return null;
      }
      case 'rejected':
        notes.push(`${level}: ${found.length} candidate(s) rejected${pick.best ? `, best ${describe(pick.best)}` : ''}`);
        return null;
    }
  };

  if (recorded && !recorded.ok) notes.push(recorded.problem);
  else if (recorded) {
    // A locator that matched several elements at record time is never evidence on its own.
    const { pinned, depth } = recorded;
    // The usual case first: the element is where the recording saw it, read without Playwright's
    // injected script in the page's own world. Anything less certain takes the reads below.
    if (readableAtPath(fp, recorded)) {
      const at = ahead !== undefined ? ahead : await readAtRecordedPath(page, fp, recorded, options.guarded === true);
      const [only] = at ? score([at.candidate]) : [];
      if (at && only && standsAsRecorded(only.agreement)) {
        const guard = at.guard ? { guard: at.guard } : {};
        return { kind: 'found', level: 'recorded', candidate: only, candidates: 1, notes, pool: [only], atPath: { cssPath: fp.cssPath, heading: at.heading, identity: identityOf(only.item.features), nativeOptions: at.options, centre: at.centre }, ...guard };
      }
    }
    const found = await collect(page.mainFrame(), recorded.locator, { includeHidden, depth, expectOne: !pinned && recorded.unique });
    let recordedMatch: Candidate | null = null;
    if (found === null) notes.push('recorded: too many matches');
    // One match of a locator that matched several at record time is one of the look-alikes left:
    // it is ranked with the levels' candidates like any other, never taken as the recorded one.
    else if (found.length === 1 && !pinned && recorded.unique) {
      let [only] = score(found);
      if (!standsAsRecorded(only!.agreement)) {
        await lookForRow();
        [only] = score(found);
      }
      if (standsAsRecorded(only!.agreement)) return { kind: 'found', level: 'recorded', candidate: only!, candidates: 1, notes, pool: [only!] };
      notes.push(only!.agreement.contradictions.length
        ? `recorded: resolves to another element (${only!.agreement.contradictions.join(', ')})`
        : `recorded: resolves to the ${fp.role ?? fp.tag} "${only!.item.features.name.slice(0, 60)}", recorded "${fp.name.slice(0, 60)}": renamed: weighed with the page below`);
      pool.set(keyOf(only!.item), only!);
      recordedMatch = only!.item;
    } else {
      await lookForRow();
      const picked = found && pinnedAsRecorded(fp, recorded, found);
      const [held] = picked ? score([picked]) : [];
      if (held && standsAsRecorded(held.agreement)) {
        notes.push(`recorded: its pick of ${found!.length} look-alikes, as many as recorded, is at the recorded place and agrees with the recorded one`);
        return { kind: 'found', level: 'recorded', candidate: held, candidates: found!.length, notes, pool: [held], asRecorded: true };
      }
      const result = found && await decide('recorded', found, false);
      if (result) return result;
    }
    if (recorded.scope) {
      await lookForRow();
      // Every element of the role inside the recorded scope: the sole one of its kind there may be taken.
      const inScope = await collect(page.mainFrame(), recorded.scope, { includeHidden, depth });
      if (inScope) scopeKeys = new Set(inScope.map(keyOf));
      if (inScope && recordedMatch && nameKeysRow(fp, recordedMatch.features, inScope.map((c) => c.features), scoring.rowTextGone === true)) {
        keyedByName = keyOf(recordedMatch);
        notes.push(`recordedScope: "${fp.name}" is the only ${fp.role} by that name among the ${fp.container!.role}s of the recorded scope: its ${fp.container!.role} was reworded`);
      }
      const result = inScope && await decide('recordedScope', inScope, true);
      if (result) return result;
    }
  }
  await lookForRow();
  for (const level of kLevels) {
    const found: Candidate[] = [];
    let tooMany = false;
    for (const frame of page.frames()) {
      if (frame.isDetached()) continue;
      const query = level.query(fp, frame);
      if (!query) break;
      const part = await collect(frame, query, { includeHidden, known: level.known?.(fp) ?? null, keep: level.keep?.(fp) ?? null });
      if (part === null) tooMany = true;
      else found.push(...part);
    }
    if (tooMany) {
      notes.push(`${level.name}: too many matches to rank`);
      continue;
    }
    const result = await decide(level.name, found, level.exhaustive === true);
    if (result) return result;
  }
  const unresolved = tie as { level: MatchLevel; tied: ScoredCandidate[] } | null;
  if (unresolved) return { kind: 'ambiguous', level: unresolved.level, tied: unresolved.tied, notes, pool: [...pool.values()] };
  return { kind: 'missing', notes, pool: [...pool.values()] };
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => { clearTimeout(timer); resolve(); }, { once: true });
  });
}

/**
 * Runs the cascade until it decides or the deadline passes; waits, never sleeps a recorded time.
 * `ahead`: the first pass's read at the recorded path, made just before (see `readAhead`).
 */
export async function rematch(page: Page, fp: Fingerprint, recorded: RecordedLocator | null, options: CascadeOptions = {}, ahead: ReadAhead | null = null): Promise<MatchResult> {
  const deadline = Date.now() + (options.timeoutMs ?? kFindTimeoutMs);
  const query = ahead?.query ?? (recorded && recordedQuery(page, recorded, fp));
  let settled = false;
  for (let i = 0; ; i++) {
    // The element read ahead was read once the document had loaded: the first pass starts from it.
    if (i > 0 || !ahead?.at) await page.waitForLoadState('domcontentloaded').catch(() => undefined);
    const result = await attempt(page, fp, query, options, i === 0 && ahead ? ahead.at : undefined);
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
