import type { Page } from 'playwright';
import { inPage } from '../core/in-page.ts';
import { evaluateInMainWorld } from '../locate/main-world.ts';

/**
 * The page a replay left, for its report: the title and, when asked for, the aria snapshot. Read
 * after the last step, or beside that step's check of the page when nothing after it touches the
 * app (see step.ts): the same moment, without another round trip at the end.
 *
 * The snapshot is the one read that is for the report alone, and on a page of rows the browser's
 * dearest: it walks the whole accessibility tree, while the step's check needs only the heading.
 * A replay takes it when its caller keeps the report (`bu replay` writes it) and when the replay
 * failed (the page it stopped on is what the reader looks at next).
 */

export interface FinalPage {
  title: string;
  ariaSnapshot?: string;
}

/**
 * The final page, and its main heading from the same evaluation, read in the page's own world,
 * where the step's check looks too (undefined when that evaluation
 * failed). `snapshot`: also its aria snapshot.
 */
export async function readFinalPage(page: Page, snapshot: boolean): Promise<FinalPage & { heading?: string | null }> {
  const [read, ariaSnapshot] = await Promise.all([
    inPage.source('titleAndHeading').then((source) => evaluateInMainWorld(page, source, undefined)).catch(() => null),
    snapshot ? page.ariaSnapshot({ timeout: 5_000 }).catch(() => '') : undefined,
  ]);
  const taken = ariaSnapshot === undefined ? {} : { ariaSnapshot };
  return read ? { title: read.title, ...taken, heading: read.heading } : { title: '', ...taken };
}
