import { createHash } from 'node:crypto';
import type { Page } from 'playwright';
import { inPage } from '../in-page.ts';
import type { PageState } from '../schema/history.ts';

/**
 * State identity from the aria tree. Two visits to the same page give the same hash even when
 * refs, focus, clocks, counters or other numbers changed; a different set of controls or headings
 * gives a different hash.
 */

/** Attributes of ai-mode snapshots that say nothing about which state the page is in. */
const kVolatileAttributes = /\s\[(?:ref|cursor|active|box)=?[^\]]*\]/g;
/** Times like 12:30 or 12:30:45, optionally am/pm. */
const kTimes = /\b\d{1,2}:\d{2}(?::\d{2})?(?:\s?[ap]\.?m\.?)?/gi;
/** ISO-ish dates and d/m/y spellings. */
const kDates = /\b\d{4}-\d{2}-\d{2}(?:[T ][\d:.]+Z?)?\b|\b\d{1,2}[./]\d{1,2}[./]\d{2,4}\b/g;
/** Any remaining run of digits (counters, ids in text, prices). */
const kNumbers = /\d+(?:[.,]\d+)*/g;

/** What `normalizeAria` puts in place of dates, times and figures: a name holding one is not the page's text. */
export const kNormalizedStandIn = /#|<date>|<time>/;

export function normalizeAria(snapshot: string): string {
  return snapshot
    .split('\n')
    .map((line) =>
      line
        .replace(kVolatileAttributes, '')
        .replace(kDates, '<date>')
        .replace(kTimes, '<time>')
        .replace(kNumbers, '#')
        .trimEnd(),
    )
    .filter((line) => line.trim() !== '')
    .join('\n');
}

export function ariaHash(snapshot: string): string {
  return createHash('sha256').update(normalizeAria(snapshot)).digest('hex').slice(0, 16);
}

export interface PageStateOptions {
  tab: number;
  tabCount: number;
  /** An ai-mode snapshot just taken of this page; taken here when absent. */
  snapshot?: string;
  /** The title and main heading read with `snapshot`; read here when either is absent. */
  title?: string;
  heading?: string | null;
}

export type { TitleAndHeading } from '../in-page/heading.ts';

/**
 * The page state recorded before and after each step. Uses an ai-mode snapshot (refs stay valid
 * across ai-mode snapshots, any other snapshot mode invalidates them).
 */
export async function pageState(page: Page, tabOrOptions: number | PageStateOptions, tabCount?: number, snapshot?: string): Promise<PageState> {
  const options: PageStateOptions =
    typeof tabOrOptions === 'number' ? { tab: tabOrOptions, tabCount: tabCount ?? 1, snapshot } : tabOrOptions;
  return (await observedState(page, options)).state;
}

/** The page state plus the snapshot it was read from (for what an action changed, see outline.ts). */
export async function observedState(page: Page, options: PageStateOptions): Promise<{ state: PageState; snapshot: string }> {
  const known = options.snapshot !== undefined && options.title !== undefined && options.heading !== undefined;
  let read = known ? { aria: options.snapshot!, title: options.title!, heading: options.heading!, failed: false } : await readState(page, options.snapshot);
  // A read that failed met a navigation in flight (its document was torn down mid-read): what it
  // gives is neither page. Read again once the new document is there.
  if (read.failed) {
    await page.waitForLoadState('domcontentloaded', { timeout: kNavigationWaitMs }).catch(() => undefined);
    read = await readState(page, options.snapshot);
  }
  const { aria, title, heading } = read;
  return { state: { url: page.url(), title, ariaHash: ariaHash(aria), heading, tab: options.tab, tabCount: options.tabCount }, snapshot: aria };
}

/** How long a state read waits for a navigation it met to reach a document. */
const kNavigationWaitMs = 5_000;

async function readState(page: Page, snapshot: string | undefined): Promise<{ aria: string; title: string; heading: string | null; failed: boolean }> {
  let failed = false;
  const fail = <T>(fallback: T) => () => {
    failed = true;
    return fallback;
  };
  const [aria, { title, heading }] = await Promise.all([
    snapshot ?? page.ariaSnapshot({ mode: 'ai', timeout: 10_000 }).catch(fail('')),
    page.evaluate(await inPage.fn('titleAndHeading')).catch(fail({ title: '', heading: null })),
  ]);
  return { aria, title, heading, failed };
}
