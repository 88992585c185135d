import type { Page } from 'playwright';
import { mainHeadingInPage } from '../core/aria/state.ts';
import { composeInPage } from '../core/in-page.ts';

/**
 * The page a replay left, for its report: the title and the aria snapshot. Read after the last
 * step, or beside that step's check of the page when nothing after it touches the app (see
 * step.ts): the same moment, without another round trip at the end.
 */

export interface FinalPage {
  title: string;
  ariaSnapshot: string;
}

/** Read in the page's own world, where the step's check looks too. */
const titleAndHeading = composeInPage<() => { title: string; heading: string | null }>([], { heading: mainHeadingInPage },
  'return { title: document.title, heading: heading() };');

/** The final page, and its main heading from the same evaluation (undefined when that evaluation failed). */
export async function readFinalPage(page: Page): Promise<FinalPage & { heading?: string | null }> {
  const [inPage, ariaSnapshot] = await Promise.all([
    page.evaluate(titleAndHeading).catch(() => null),
    page.ariaSnapshot({ timeout: 5_000 }).catch(() => ''),
  ]);
  return inPage ? { title: inPage.title, ariaSnapshot, heading: inPage.heading } : { title: '', ariaSnapshot };
}
