import type { CDPSession, Page } from 'playwright';
import { errorMessage } from '../core/errors.ts';

/**
 * Evaluates a self-contained page function in the main world of a page's current document, with a
 * JSON argument and a JSON answer: replay's reads of the page (an element at its recorded path, the
 * heading, the title).
 *
 * `page.evaluate` first installs Playwright's utility script in the main world of each new
 * document (one more evaluation of its source, and its handle released later), which a
 * hand-written test that only acts never pays: a replay pays it on every page the flow visits.
 * In Chromium the same evaluation goes through a DevTools session of the page instead, which needs
 * nothing installed; elsewhere (a Playwright Test project in another browser) through
 * `page.evaluate`. Either way it runs in the document the page shows now, and fails when that
 * document goes away under it.
 */

/** The page's DevTools session, opened once per page; null where the browser has none. */
const sessions = new WeakMap<Page, Promise<CDPSession | null>>();

/**
 * Opens the page's session ahead of its first evaluation (replay starts it beside its first
 * navigation), so that evaluation does not wait for it. Never fails.
 */
export function openMainWorld(page: Page): void {
  void sessionOf(page);
}

function sessionOf(page: Page): Promise<CDPSession | null> {
  let session = sessions.get(page);
  if (!session) {
    const browser = page.context().browser();
    session = browser && browser.browserType().name() !== 'chromium' ? Promise.resolve(null) : page.context().newCDPSession(page).catch(() => null);
    sessions.set(page, session);
  }
  return session;
}

interface EvaluateAnswer {
  result: { value?: unknown };
  exceptionDetails?: { text: string; exception?: { description?: string } };
}

export async function evaluateInMainWorld<A, R>(page: Page, fn: (arg: A) => R, arg: A): Promise<R> {
  const session = await sessionOf(page);
  if (!session) return page.evaluate(fn as (arg: unknown) => R, arg);
  let answer: EvaluateAnswer;
  try {
    answer = (await session.send('Runtime.evaluate', { expression: `(${fn.toString()})(${JSON.stringify(arg) ?? 'undefined'})`, returnByValue: true })) as EvaluateAnswer;
  } catch (err) {
    throw new Error(`evaluation failed: ${errorMessage(err)}`);
  }
  if (answer.exceptionDetails) throw new Error(answer.exceptionDetails.exception?.description ?? answer.exceptionDetails.text);
  return answer.result.value as R;
}
