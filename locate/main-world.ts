import type { CDPSession, Page } from 'playwright';
import { errorMessage } from '../core/errors.ts';
import type { PageFunctionSource } from '../core/in-page.ts';

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

/**
 * The page's DevTools session, opened once per page; null where the browser has none. With it,
 * the main world of the page's current document, as the session is told of each new one.
 *
 * An evaluation's source is compiled again whenever it differs from the last one, and a read's
 * argument written into its source makes every source new: about 1.5 ms of the page's time for a
 * read of 11 kB (mostly the DOM probe), on every read. A function called in the document's main
 * world, its argument beside it, keeps the same source from read to read, and the browser keeps
 * it compiled. The session follows the page's execution contexts (told beside the first
 * navigation, never asked for on a read): a read is called in the main world of the main frame's
 * document as last told. A call in a document that is gone (a navigation the session was not told
 * of yet) fails, and one in a document no longer shown answers nothing; either goes through an
 * evaluation of the current document instead.
 */
interface MainWorld {
  session: CDPSession;
  /** The main frame's DevTools id. */
  frameId: string;
  /** The main world of each frame's current document, by frame id. */
  contexts: Map<string, number>;
}

const worlds = new WeakMap<Page, Promise<MainWorld | null>>();

/**
 * Opens the page's session ahead of its first evaluation (replay starts it beside its first
 * navigation), so that evaluation does not wait for it. Never fails.
 */
export function openMainWorld(page: Page): void {
  void worldOf(page);
}

interface ContextCreated {
  context: { id: number; auxData?: { isDefault?: boolean; frameId?: string } };
}

async function openWorld(session: CDPSession): Promise<MainWorld> {
  const contexts = new Map<string, number>();
  session.on('Runtime.executionContextCreated', (event) => {
    const { context } = event as ContextCreated;
    if (context.auxData?.isDefault && context.auxData.frameId) contexts.set(context.auxData.frameId, context.id);
  });
  session.on('Runtime.executionContextDestroyed', (event) => {
    for (const [frame, id] of contexts) if (id === event.executionContextId) contexts.delete(frame);
  });
  session.on('Runtime.executionContextsCleared', () => contexts.clear());
  // Asked together: the contexts already there are told before Runtime.enable answers.
  const [tree] = await Promise.all([session.send('Page.getFrameTree'), session.send('Runtime.enable')]);
  return { session, frameId: tree.frameTree.frame.id, contexts };
}

function worldOf(page: Page): Promise<MainWorld | null> {
  let world = worlds.get(page);
  if (!world) {
    const browser = page.context().browser();
    world = browser && browser.browserType().name() !== 'chromium'
      ? Promise.resolve(null)
      : page.context().newCDPSession(page).then(openWorld).catch(() => null);
    worlds.set(page, world);
  }
  return world;
}

interface EvaluateAnswer {
  result: { value?: unknown };
  exceptionDetails?: { text: string; exception?: { description?: string } };
}

/** Sources of the functions evaluated, as called in a document's main world (see `onShownDocument`). */
const calledSources = new Map<string, string>();

/**
 * `source` called in a document's main world, answering only from a document the page still
 * shows: one a navigation left may live on hidden (a browser attached with its back/forward cache
 * on keeps it), and a read that raced that navigation must not be answered by it. Null sends the
 * read to an evaluation of the current document; a hidden current document only costs that evaluation.
 */
function onShownDocument(source: string): string {
  return `function (arg) { return document.visibilityState === 'hidden' ? null : { value: (${source})(arg) }; }`;
}

function answerOf<R>(answer: EvaluateAnswer): R {
  if (answer.exceptionDetails) throw new Error(answer.exceptionDetails.exception?.description ?? answer.exceptionDetails.text);
  return answer.result.value as R;
}

/**
 * `fn` is an in-page function's text (core/in-page.ts `source`), or a small self-contained function
 * of the caller's, sent as its text the way `evaluate` sends one.
 */
export async function evaluateInMainWorld<A, R>(page: Page, fn: PageFunctionSource<(arg: A) => R> | ((arg: A) => R), arg: A): Promise<R> {
  const world = await worldOf(page);
  const source: string = typeof fn === 'string' ? fn : String(fn);
  if (!world) return page.evaluate(`(${source})(${JSON.stringify(arg) ?? 'undefined'})`) as Promise<R>;
  const { session } = world;
  const contextId = world.contexts.get(world.frameId);
  if (contextId !== undefined) {
    let called = calledSources.get(source);
    if (called === undefined) calledSources.set(source, (called = onShownDocument(source)));
    const answer = await session.send('Runtime.callFunctionOn', { functionDeclaration: called, executionContextId: contextId, arguments: arg === undefined ? [] : [{ value: arg }], returnByValue: true })
      .then((answer) => answer as EvaluateAnswer, () => null);
    if (answer && !answer.exceptionDetails) {
      const shown = answer.result.value as { value: R } | null;
      if (shown) return shown.value;
    } else if (answer) return answerOf<R>(answer);
    // Its document is gone, or no longer shown: the current one is evaluated below.
  }
  let answer: EvaluateAnswer;
  try {
    answer = (await session.send('Runtime.evaluate', { expression: `(${source})(${JSON.stringify(arg) ?? 'undefined'})`, returnByValue: true })) as EvaluateAnswer;
  } catch (err) {
    throw new Error(`evaluation failed: ${errorMessage(err)}`);
  }
  return answerOf<R>(answer);
}
