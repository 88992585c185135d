import type { Page } from 'playwright';
import { memberPeerNames, withMembersAsPeers } from '../core/aria/peers.ts';
import type { Fingerprint, RecordedLocator } from '../core/schema/history.ts';
import { rematch, type CascadeOptions, type MatchResult, type ReadAhead, type ScoredCandidate } from './cascade.ts';
import { pageLost, readLivePage } from './page-identity.ts';

/**
 * The one way replay, `bu heal` and generate's checks re-find a recorded element: the rematch
 * cascade with its refusals, fed the same evidence (the other elements recorded on the page, the
 * address their link targets are read against), and the check that the page is still the one the
 * element was recorded on before anything but the recorded element where it was is taken.
 */

export interface LocateRequest {
  /** The element as recorded, its link target as this run reads it. */
  fingerprint: Fingerprint;
  /** The recorded locator; null when there is none or it cannot be read. */
  recorded: RecordedLocator | null;
  /**
   * The other elements recorded on the same page: names the element is never taken for, evidence
   * of a page reworded around it, and what the page must still show to be the recorded page.
   */
  members: readonly Fingerprint[];
  /**
   * Elements recorded at the same address in other states of the page (another test's dialog, a
   * form opened later): only names the element is never taken for. The page now need not show them.
   */
  elsewhere?: readonly Fingerprint[];
  /** The recorded page's title and main heading (null when not recorded). */
  title: string | null;
  heading: string | null;
  /**
   * The address the page's link targets are read against (default: the page's own): the app's
   * address where a DOM snapshot is shown from another document, so that the recorded targets
   * (paths on the app's origin) compare with the page's as they do on the app itself.
   */
  pageUrl?: string;
  /**
   * Whether a renamed element with nothing else to say what it is is weighed against the page's
   * other recorded elements (see renamed-evidence.ts). Off inside one item of a list, where the
   * item already says which element it is and the page's members say nothing of it.
   */
  pageEvidence?: boolean;
}

export type Located =
  | MatchResult
  /** Not the page the element was recorded on: nothing is taken there element by element. */
  | { kind: 'page-changed'; lost: string; nearest: ScoredCandidate | null; notes: string[] };

/** Re-finds `request`'s element on `page`. `ahead`: the first pass's read at the recorded path, made just before (see `readAhead`). */
export async function locate(page: Page, request: LocateRequest, options: Omit<CascadeOptions, 'pageEvidence' | 'pageUrl' | 'elsewhere'> = {}, ahead: ReadAhead | null = null): Promise<Located> {
  const members = [...request.members];
  const fp = withMembersAsPeers(request.fingerprint, members);
  const pageUrl = request.pageUrl ?? page.url();
  const pageEvidence = request.pageEvidence === false ? undefined : { members, pageUrl };
  const others = memberPeerNames(request.fingerprint, request.elsewhere ?? []);
  const elsewhere = others.length ? new Set(others) : undefined;
  const result = await rematch(page, fp, request.recorded, { ...options, pageUrl, pageEvidence, elsewhere }, ahead);
  if (result.kind === 'found' && result.level === 'recorded') return result;
  const live = await readLivePage(page);
  const lost = live && pageLost({ title: request.title, heading: request.heading, lang: fp.lang, names: [...(fp.peers ?? []), ...members.map((m) => m.name)] }, live);
  if (!lost) return result;
  const nearest = result.kind === 'found' ? result.candidate : result.kind === 'ambiguous' ? (result.tied[0] ?? null) : null;
  return { kind: 'page-changed', lost, nearest, notes: result.notes };
}
