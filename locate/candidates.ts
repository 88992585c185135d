import type { Frame, Locator, Page } from 'playwright';
import type { DomProbe } from '../core/fingerprint/probe.ts';
import { inPage } from '../core/in-page.ts';
import type { ProbedInFrame, ProbedWithHeading } from '../core/in-page/candidates.ts';
import type { CentreHit } from '../core/in-page/centre-hit.ts';
import { actingGuard, readAtPath, readAtPathOnly } from './at-path.ts';
import type { LiveFeatures } from './scoring.ts';

/**
 * Live candidates: the elements a level's query matches in one frame, with the same features the
 * fingerprint recorded (the DOM probe runs in the page in one round trip per query), plus role
 * and accessible name as Playwright computes them.
 */

/** More matches than this and the query is too broad to rank safely: the level is skipped. */
export const kMaxCandidates = 60;
/** Reading one candidate's role and name; the element exists, so this is quick or never. */
const kAriaTimeoutMs = 2_000;
/**
 * The read that runs beside the probe of a query expected to match one element: it waits for an
 * element that may not be there (a recorded test id the release dropped), so it gives up soon and
 * is not awaited when the probe found none; a read that gave up is done again at full patience.
 */
const kAlongsideAriaTimeoutMs = 200;

export interface Candidate {
  frame: Frame;
  /** The element's own frame (see `framePathInPage`): `frame` is where a page-wide query started. */
  framePath: string;
  /** Resolves to exactly this element (the query, pinned with `nth` when it matched several). */
  locator: Locator;
  /**
   * The locator is a place among several matches (`nth`): an insert or re-sort before the action
   * moves it to another element, so the element is confirmed before acting (see confirm-judged.ts).
   */
  positional: boolean;
  features: LiveFeatures;
}

type AriaNode = string | { role?: string; name?: string };
type RoleName = { role: string | null; name: string };

/** Role and name as Playwright computes them; null when they could not be read within `timeoutMs`. */
async function readRoleAndName(locator: Locator, timeoutMs: number): Promise<RoleName | null> {
  const nodes = (await locator.ariaSnapshotJSON({ timeout: timeoutMs }).catch(() => null)) as unknown as AriaNode[] | AriaNode | null;
  if (nodes === null) return null;
  const first = Array.isArray(nodes) ? nodes[0] : nodes;
  if (!first || typeof first === 'string') return { role: null, name: typeof first === 'string' ? first : '' };
  return { role: first.role && first.role !== 'generic' ? first.role : null, name: first.name ?? '' };
}

export async function roleAndName(locator: Locator): Promise<RoleName> {
  return (await readRoleAndName(locator, kAriaTimeoutMs)) ?? { role: null, name: '' };
}

export function frameDepth(frame: Frame): number {
  let depth = 0;
  for (let cur = frame.parentFrame(); cur; cur = cur.parentFrame()) depth++;
  return depth;
}

export interface CollectOptions {
  /** Keep elements that are not visible (the recorded element had no box either). */
  includeHidden: boolean;
  /** Keeps only the elements this accepts, judged on their DOM probe before anything else is read. */
  keep?: ((probe: DomProbe) => boolean) | null;
  known?: { role: string; name?: string } | null;
  /** Frame depth when `frame` is not the element's own frame (a page-wide selector entering frames). */
  depth?: number;
  /** The query is expected to match one element (a recorded locator that was unique). */
  expectOne?: boolean;
}

/** A filtered query may probe this many elements in one evaluation before it is too broad. */
export const kMaxProbed = 1_000;

/** Candidates for one query; `null` when it matched too many elements to rank. */
export async function collect(frame: Frame, query: Locator, options: CollectOptions): Promise<Candidate[] | null> {
  const limit = options.keep ? kMaxProbed : kMaxCandidates;
  const known = options.known;
  // A query expected to match one element reads its role and name alongside the probe (one
  // round trip instead of two); when it matched several, each is read on its own below.
  const alongside = options.expectOne && known?.name === undefined ? readRoleAndName(query, kAlongsideAriaTimeoutMs) : null;
  const probed = await query.evaluateAll(await inPage.fn('probeMany'), limit).catch(() => [] as ProbedInFrame[]);
  const single = probed?.length === 1 ? await alongside : null;
  if (probed === null) return null;
  const kept = options.keep ? probed.filter((p) => options.keep!(p.probe)).length : probed.length;
  if (kept > kMaxCandidates) return null;
  const depth = options.depth ?? frameDepth(frame);
  const chosen = probed
    .map((p, i) => ({ ...p, locator: probed.length === 1 ? query : query.nth(i) }))
    .filter(({ probe, visible }) => (visible || options.includeHidden) && (!options.keep || options.keep(probe)));
  const names = await Promise.all(chosen.map(({ locator }) =>
    known?.name !== undefined ? { role: known.role, name: known.name } : probed.length === 1 && single ? single : readRoleAndName(locator, kAriaTimeoutMs)));
  // The probe runs in the page's own world, where the page's scripts may have replaced how
  // selectors match (a build that renamed its classes and taught querySelectorAll the old names);
  // actions resolve the locator in Playwright's world. An element whose role and name cannot be
  // read through the locator is one no action through it would reach: it is no candidate.
  return chosen.flatMap(({ probe, visible, locator, frame: framePath }, i) => {
    const read = names[i];
    if (!read) return [];
    return [{ frame, framePath, locator, positional: probed.length > 1, features: { ...probe, role: known?.role ?? read.role, name: read.name, frameDepth: depth, visible } }];
  });
}

/** The element read at its recorded path (see `collectAtPath`). */
export interface AtPathCandidate {
  candidate: Candidate;
  heading: string | null;
  options: string[] | null;
  /** What a pointer at its centre reached when it was read (see core/in-page/centre-hit.ts). */
  centre: CentreHit | null;
  /** Set when nothing was counted: act through this, which proves the rest (see at-path.ts `actingGuard`). */
  guard: Locator | null;
}

/**
 * The recorded locator's one element, read where the recording saw it (its CSS path in the page's
 * own document), with the page's heading at that moment; null when the locator and the path do
 * not name the same single element, or it is hidden and hidden ones are not kept: `collect` then
 * reads it through the locator. Reads nothing in the page's main world that needs Playwright's
 * injected script there (see at-path.ts). The recorded role and name are confirmed in the same
 * count that ties the locator to the path (the element still is that role by that exact name, as
 * Playwright computes them); read in full only when they no longer hold.
 *
 * `guarded`: for a caller that acts through the answer's `guard`. Nothing is counted: the element
 * is read at the path alone, taken to be the recorded role by the recorded name, and the guard
 * makes the action itself prove that and the count's tie to the locator (one round trip less a
 * step). Counted as above when the element has no role and name to prove.
 */
export async function collectAtPath(page: Page, query: Locator, cssPath: string, options: { includeHidden: boolean; recorded: RoleName; guarded?: boolean }): Promise<AtPathCandidate | null> {
  const { role, name } = options.recorded;
  const roleIn = (scope: Page | Locator) => scope.getByRole(role as Parameters<Page['getByRole']>[0], { name: name!, exact: true, includeHidden: options.includeHidden });
  let byRole: Locator | null = null;
  try {
    byRole = role && name ? roleIn(page) : null;
  } catch {
    byRole = null;
  }
  const guard = options.guarded && byRole ? actingGuard(query, cssPath, roleIn) : null;
  const candidate = (read: ProbedWithHeading, names: RoleName): Candidate =>
    ({ frame: page.mainFrame(), framePath: '', locator: query, positional: false, features: { ...read.probe, role: names.role, name: names.name, frameDepth: 0, visible: read.visible } });
  if (guard) {
    const alone = await readAtPathOnly(page, cssPath, 'probeWithHeading', null);
    if (!alone || !(alone.value.visible || options.includeHidden)) return null;
    return { candidate: candidate(alone.value, { role, name }), heading: alone.value.heading, options: alone.value.options, centre: alone.value.centre, guard };
  }
  let read = await readAtPath(query, cssPath, 'probeWithHeading', null, byRole);
  // Renamed, or no longer that role: the element is read again without them, and its role and name in full.
  const confirmed = byRole !== null && read.kind === 'read';
  if (!confirmed && byRole !== null && read.kind === 'unconfirmed') read = await readAtPath(query, cssPath, 'probeWithHeading', null);
  if (read.kind !== 'read' || !(read.value.visible || options.includeHidden)) return null;
  const names = confirmed ? { role, name } : await roleAndName(query);
  return { candidate: candidate(read.value, names), heading: read.value.heading, options: read.value.options, centre: read.value.centre, guard: null };
}
