import type { Page } from 'playwright';
import type { DomProbe } from '../core/fingerprint/probe.ts';
import { inPage } from '../core/in-page.ts';
import type { HistoryStep } from '../core/schema/history.ts';
import { findElement, type FindOptions, type Found } from './find.ts';

/**
 * Acting on the element that was judged. A candidate found among several matches of a query is
 * that query's place (`nth(i)`), resolved again when acting: an insert or a re-sort after the
 * judgement moves the place to another element. Right before the action, the place is read again
 * (one evaluation, nothing written to the page) and compared with what was judged; when it names
 * another element, the step's element is judged again on the page as it is now.
 */

/** Reading the element at its place; it was there a moment ago. */
const kConfirmTimeoutMs = 1_000;

/**
 * Whether two reads describe one element: the same markup facts and the same place in the
 * document, its row's text included. An element that took another's place after an insert has
 * that place but not its row, text or target; one that moved has another place. Pure.
 */
export function sameElement(judged: DomProbe, now: DomProbe): boolean {
  const facts = (p: DomProbe) => JSON.stringify([p.tag, p.id, p.testId, p.nameAttr, p.type, p.text, p.hrefPath, p.label, p.ariaLabel, p.title, p.alt, p.icon,
    p.xpath, p.cssPath, p.shadowHosts, p.container?.text ?? null, p.container?.slot ?? null, p.container?.name ?? null]);
  return facts(judged) === facts(now);
}

/** `found`, or the step's element judged again when the found place now holds another element. */
export async function confirmJudged(page: Page, step: HistoryStep, found: Found, options: FindOptions): Promise<Found> {
  if (!found.ok || !found.judged) return found;
  const now = await found.locator.evaluate(await inPage.fn('probeElement'), undefined, { timeout: kConfirmTimeoutMs }).catch(() => null);
  if (now && sameElement(found.judged.features, now)) return found;
  const again = await findElement(page, step, options);
  const note = 'the element judged moved before the action (an insert or a re-sort): judged again';
  return { ...again, notes: [...found.notes, note, ...again.notes] };
}
