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

/**
 * The page's DevTools session, opened once per page; null where the browser has none. With it, a
 * handle on an object of the main world of the page's current document, to call later reads on.
 *
 * An evaluation's source is compiled again whenever it differs from the last one, and a read's
 * argument written into its source makes every source new: about 1.5 ms of the page's time for a
 * read of 11 kB (mostly the DOM probe), on every read. A function called on an object of the
 * document, its argument beside it, keeps the same source from read to read, and the browser
 * keeps it compiled. The first read of each document is an evaluation: its answer comes whole (a
 * deep serialization) with a handle on it, which the next reads of that document are called on.
 * The handle belongs to its document: it is let go as soon as the main frame navigates, and a call
 * on a handle whose document is gone (a navigation not told of yet) fails and goes through an
 * evaluation of the current document instead.
 */
interface MainWorld {
  session: CDPSession;
  /** An object of the current document's main world, once a read of that document returned one. */
  handle: string | null;
  /** Navigations of the main frame so far: a handle that comes back after one is not kept. */
  navigations: number;
}

const worlds = new WeakMap<Page, Promise<MainWorld | null>>();

/**
 * Opens the page's session ahead of its first evaluation (replay starts it beside its first
 * navigation), so that evaluation does not wait for it. Never fails.
 */
export function openMainWorld(page: Page): void {
  void worldOf(page);
}

function worldOf(page: Page): Promise<MainWorld | null> {
  let world = worlds.get(page);
  if (!world) {
    const browser = page.context().browser();
    world = browser && browser.browserType().name() !== 'chromium'
      ? Promise.resolve(null)
      : page.context().newCDPSession(page).then((session) => {
        const opened: MainWorld = { session, handle: null, navigations: 0 };
        page.on('framenavigated', (frame) => {
          if (frame !== page.mainFrame()) return;
          opened.navigations++;
          opened.handle = null;
        });
        return opened;
      }, () => null);
    worlds.set(page, world);
  }
  return world;
}

/** How deep an answer is serialized; the reads' answers are a few levels deep. */
const kAnswerDepth = 64;

interface Serialized {
  type: string;
  value?: unknown;
}

interface EvaluateAnswer {
  result: { value?: unknown; objectId?: string; deepSerializedValue?: Serialized };
  exceptionDetails?: { text: string; exception?: { description?: string } };
}

/** Thrown for a deep serialization that is not plain data (a node, a map, a date, cut at its depth). */
class NotPlainData extends Error {}

/** A deep serialization (Chrome's, as WebDriver BiDi writes values) of plain data, as that data. */
export function fromSerialized(serialized: Serialized): unknown {
  const { type, value } = serialized;
  switch (type) {
    case 'undefined':
      return undefined;
    case 'null':
      return null;
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      // NaN, -0 and the infinities come as text.
      return typeof value === 'number' ? value : Number(value);
    case 'array':
      if (!Array.isArray(value)) throw new NotPlainData(type);
      return (value as Serialized[]).map(fromSerialized);
    case 'object': {
      if (!Array.isArray(value)) throw new NotPlainData(type);
      const entries = (value as [unknown, Serialized][]).map(([key, item]) => {
        if (typeof key !== 'string') throw new NotPlainData('object key');
        return [key, fromSerialized(item)] as const;
      });
      return Object.fromEntries(entries);
    }
    default:
      throw new NotPlainData(type);
  }
}

/** Sources of the functions evaluated, by function: the same text is sent from read to read. */
const sources = new WeakMap<(arg: never) => unknown, string>();
/** The same, as called on a document's handle (see `onShownDocument`). */
const calledSources = new WeakMap<(arg: never) => unknown, string>();

/**
 * `source` called on a handle, answering only from a document the page still shows: one a
 * navigation left may live on hidden (a browser attached with its back/forward cache on keeps it),
 * and a read that raced that navigation must not be answered by it. Null sends the read to an
 * evaluation of the current document; a hidden current document only costs that evaluation.
 */
function onShownDocument(source: string): string {
  return `function (arg) { return document.visibilityState === 'hidden' ? null : { value: (${source})(arg) }; }`;
}

function answerOf<R>(answer: EvaluateAnswer): R {
  if (answer.exceptionDetails) throw new Error(answer.exceptionDetails.exception?.description ?? answer.exceptionDetails.text);
  return answer.result.value as R;
}

export async function evaluateInMainWorld<A, R>(page: Page, fn: (arg: A) => R, arg: A): Promise<R> {
  const world = await worldOf(page);
  if (!world) return page.evaluate(fn as (arg: unknown) => R, arg);
  let source = sources.get(fn);
  if (source === undefined) sources.set(fn, (source = fn.toString()));
  const { session } = world;
  const callOn = (objectId: string, declaration: string) =>
    session.send('Runtime.callFunctionOn', { functionDeclaration: declaration, objectId, arguments: arg === undefined ? [] : [{ value: arg }], returnByValue: true }).then((answer) => answer as EvaluateAnswer, () => null);
  if (world.handle) {
    let called = calledSources.get(fn);
    if (called === undefined) calledSources.set(fn, (called = onShownDocument(source)));
    const answer = await callOn(world.handle, called);
    if (answer && !answer.exceptionDetails) {
      const shown = answer.result.value as { value: R } | null;
      if (shown) return shown.value;
    } else if (answer) return answerOf<R>(answer);
    // Its document is gone, or no longer shown: the current one is evaluated below.
    world.handle = null;
  }
  const navigations = world.navigations;
  let answer: EvaluateAnswer;
  try {
    answer = (await session.send('Runtime.evaluate', { expression: `(${source})(${JSON.stringify(arg) ?? 'undefined'})`, serializationOptions: { serialization: 'deep', maxDepth: kAnswerDepth } })) as EvaluateAnswer;
  } catch (err) {
    throw new Error(`evaluation failed: ${errorMessage(err)}`);
  }
  if (answer.exceptionDetails) return answerOf<R>(answer);
  const objectId = answer.result.objectId;
  if (objectId && world.navigations === navigations) world.handle = objectId;
  const serialized = answer.result.deepSerializedValue;
  if (!serialized) return answer.result.value as R;
  try {
    return fromSerialized(serialized) as R;
  } catch (err) {
    if (!(err instanceof NotPlainData) || !objectId) throw err;
    // Not plain data: as JSON, like any evaluation by value, from the same document.
    const byValue = await callOn(objectId, source);
    if (!byValue) throw new Error('evaluation failed: the document went away');
    return answerOf<R>(byValue);
  }
}
