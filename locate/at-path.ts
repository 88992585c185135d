import type { CentreHit } from '../core/in-page/centre-hit.ts';
import type { Locator, Page } from 'playwright';
import type { DomProbe, ElementIdentity } from '../core/fingerprint/probe.ts';
import { inPage, type PageFunctionSource } from '../core/in-page.ts';
import type { AtPathRead, kReaders, ReaderName } from '../core/in-page/at-path.ts';
import { evaluateInMainWorld } from './main-world.ts';

/**
 * Reads an element in the page's main world without Playwright's injected script there.
 *
 * `Locator.evaluateAll` and element handles install Playwright's injected script in the main
 * world of each new document, beside the one its actions install in their own isolated world:
 * about 15 ms of the page's time per document, twice what a hand-written test pays. When the
 * element is where the recording saw it, a plain evaluation (see main-world.ts) finds it by its
 * recorded CSS path instead, and one count in the actions' world proves that the path and the
 * locator name the same single element: the first and the last element that the path or the
 * locator match are one element, and both match it. Anything else (the element moved or is gone,
 * the path or the locator match several, the locator reaches into a frame) is `unconfirmed`, and
 * the caller reads through the locator as before. Reads asked for together (a step's own state
 * and the next step's element) share one evaluation.
 */

/**
 * What reads the element: a reader of core/in-page/at-path.ts by name (it gets the element), or
 * the caller's own small function of the element and `arg`, self-contained (a test's one-liner),
 * sent as its text the way `evaluate` sends a function.
 */
export type ElementReader = ReaderName | ((el: Element, arg: never) => unknown);

type Readers = typeof kReaders;
/** What `T` reads. */
export type ReadOf<T extends ElementReader> = T extends ReaderName ? (Readers[T] extends (el: Element) => infer R ? R : never) : T extends (el: Element, arg: never) => infer R ? R : never;
/** The argument `T` takes (none for a named reader). */
export type ArgOf<T extends ElementReader> = T extends ReaderName ? null : T extends (el: Element, arg: infer A) => unknown ? A : never;

type BatchReader = (reads: AtPathRead[]) => ({ value: unknown } | null)[];

/** The caller's own readers by their text: a reader's number names it in the batches below. */
const ownReaders: string[] = [];

/**
 * The page function that reads a batch of paths: core/in-page/at-path.ts's `readAtPaths`, and
 * beside it the caller's own readers the batch uses (by their numbers, sorted). The probe, most of
 * what a batch ships, is in it once, and the same batch sends the same text, which the browser
 * keeps compiled.
 */
const batchSources = new Map<string, Promise<PageFunctionSource<BatchReader>>>();

function batchSource(own: number[]): Promise<PageFunctionSource<BatchReader>> {
  const key = own.join(',');
  let source = batchSources.get(key);
  if (!source) {
    const listed = `[${Array.from({ length: own.length ? Math.max(...own) + 1 : 0 }, (_, n) => (own.includes(n) ? ownReaders[n]! : 'null')).join(', ')}]`;
    source = inPage.source('readAtPaths').then((read) => `(reads) => (${read})(reads, ${listed})` as PageFunctionSource<BatchReader>);
    batchSources.set(key, source);
  }
  return source;
}

/** What a read names: a reader by name, or the number of the caller's own. */
function readerOf(read: ElementReader): AtPathRead['reader'] {
  if (typeof read === 'string') return read;
  const text = String(read);
  const n = ownReaders.indexOf(text);
  return n < 0 ? ownReaders.push(text) - 1 : n;
}

interface Queued {
  read: AtPathRead;
  settle(result: { value: unknown } | null | Error): void;
}

/** Reads asked for in the same turn of the event loop, by page: they go to the page in one evaluation. */
const queued = new WeakMap<Page, Queued[]>();

function evaluateAtPath(page: Page, read: AtPathRead): Promise<{ value: unknown } | null> {
  return new Promise((resolve, reject) => {
    let queue = queued.get(page);
    if (!queue) {
      const batch: Queued[] = (queue = []);
      queued.set(page, batch);
      queueMicrotask(() => {
        queued.delete(page);
        const reads = batch.map((q) => q.read);
        const own = [...new Set(reads.map((r) => r.reader).filter((r): r is number => typeof r === 'number'))].sort((a, b) => a - b);
        batchSource(own).then((source) => evaluateInMainWorld(page, source, reads)).then(
          (results) => batch.forEach((q, i) => q.settle(results[i] ?? null)),
          (err: unknown) => batch.forEach((q) => q.settle(err instanceof Error ? err : new Error(String(err)))),
        );
      });
    }
    queue.push({ read, settle: (result) => (result instanceof Error ? reject(result) : resolve(result)) });
  });
}

export type AtPath<R> = { kind: 'read'; value: R } | { kind: 'unconfirmed' };

/**
 * `read` of the element at `cssPath` when `locator` names exactly that element. With `also`, the
 * element must in addition match `also` (a role and name to confirm in the same count); when it
 * does not, the answer is `unconfirmed`.
 */
export async function readAtPath<T extends ElementReader>(locator: Locator, cssPath: string, read: T, arg: ArgOf<T>, also: Locator | null = null): Promise<AtPath<ReadOf<T>>> {
  const page = locator.page();
  try {
    const atPath = page.locator(`css=${cssPath}`);
    // The path comes first: composed the other way, a locator that enters a frame would carry the
    // path into that frame, while Playwright refuses a frame locator inside a composite one.
    const either = atPath.or(locator);
    const same = either.first().and(either.last()).and(atPath).and(locator);
    const [count, found] = await Promise.all([(also ? same.and(also) : same).count(), evaluateAtPath(page, { cssPath, reader: readerOf(read), arg })]);
    return count === 1 && found ? { kind: 'read', value: found.value as ReadOf<T> } : { kind: 'unconfirmed' };
  } catch {
    // A locator that enters a frame, a path Playwright cannot parse, a navigation.
    return { kind: 'unconfirmed' };
  }
}

/**
 * `read` of the single element at `cssPath`, with no count through a locator: null when the path
 * holds no element or several. For a caller that proves the rest with the action itself (see
 * `actingGuard`).
 */
export async function readAtPathOnly<T extends ElementReader>(page: Page, cssPath: string, read: T, arg: ArgOf<T>): Promise<{ value: ReadOf<T> } | null> {
  const found = await evaluateAtPath(page, { cssPath, reader: readerOf(read), arg }).catch(() => null);
  return found ? { value: found.value as ReadOf<T> } : null;
}

/** The prefix of a recorded CSS path in the page's own document; the guard below scopes the rest to the body. */
const kBodyPath = 'html > body > ';

/** A step of a recorded CSS path: a tag, and its place among its siblings of that tag when it has any. */
const kPathStep = /^([a-z][a-z0-9_.-]*)(?::nth-of-type\(([1-9][0-9]*)\))?$/;

/**
 * A recorded CSS path (core/fingerprint/probe.ts: tags and `:nth-of-type`, parent to child) as the
 * XPath that names the same elements of the page's own document: `tag:nth-of-type(n)` is `tag[n]`.
 * Null for a path of any other form. In an HTML document an XPath name matches HTML elements only,
 * as the recorded CSS path does; unlike Playwright's CSS, it does not reach into shadow roots, as
 * the read at the path (`document.querySelectorAll`) does not either.
 */
export function xpathOfCssPath(cssPath: string): string | null {
  const steps: string[] = [];
  for (const step of cssPath.split(' > ')) {
    const m = kPathStep.exec(step);
    if (!m) return null;
    steps.push(m[2] ? `${m[1]}[${m[2]}]` : m[1]!);
  }
  return steps.join('/');
}

/**
 * A locator for acting on the element read at `cssPath` that proves, in the action's own query,
 * what `readAtPath` proves with a count: `locator` names exactly that element, and it is `also`
 * (the recorded role by its exact name, asked of the scope given). It is the union of `locator`,
 * the element at the path, the root element when `locator` matches nothing, and the body when the
 * path holds no element that is `also`. Playwright's strict mode refuses to act on a union of more than one element,
 * before it does anything: only when `locator` and the path name the same single element, and it
 * is `also`, does the action go ahead, on that element; anything else (the locator matches
 * several, another element, or nothing; the element at the path was renamed or is gone) throws a
 * strict mode violation, and the caller finds the element again by the count. The union never
 * matches nothing, so the action does not wait on it. Null when the path is not in the body, or
 * not of the recorded form.
 *
 * The path is asked as XPath: Playwright sends a CSS selector to the page as its parsed tree, an
 * XPath as its text. Written in CSS, the path's three uses made the guard's query about 9 kB
 * against the plain locator's 3, and an action through it cost about twice the locator's own
 * query (parsing and sending it, in this process and the page's).
 */
export function actingGuard(locator: Locator, cssPath: string, also: (scope: Page | Locator) => Locator): Locator | null {
  if (!cssPath.startsWith(kBodyPath)) return null;
  const path = xpathOfCssPath(cssPath);
  if (!path) return null;
  const page = locator.page();
  // Inside the body the path is read from there: relative to the body.
  const rest = path.slice('html/body/'.length);
  const cut = rest.lastIndexOf('/');
  // The role and name are looked for under the path's parent alone: the same answer for the
  // element at the path, without naming every element of the role on the page on each action.
  const parent = cut < 0 ? page : page.locator(`xpath=./${rest.slice(0, cut)}`);
  const atPathAlso = page.locator(`xpath=./${rest}`).and(also(parent));
  const noLocator = page.locator('xpath=/*', { hasNot: locator });
  const noneAtPath = page.locator('xpath=/*/body', { hasNot: atPathAlso });
  return locator.or(page.locator(`xpath=/${path}`)).or(noLocator).or(noneAtPath);
}

/**
 * Whether an action failed because its locator matched several elements (nothing was done). That
 * includes Playwright failing while it writes the strict mode report: describing the matches reads
 * their ancestors' `id` property, which a form holding a field named "id" shadows with that field
 * (`text.replace is not a function`), and its message then carries the report's own frame.
 */
export function isStrictViolation(err: unknown): boolean {
  return err instanceof Error && (err.message.includes('strict mode violation') || err.message.includes('strictModeViolationError'));
}

export type { ElementIdentity } from '../core/fingerprint/probe.ts';

/** Where an element was read, and what it looked like there. */
export interface FoundAt {
  cssPath: string;
  identity: ElementIdentity;
  /** A native select's option labels as read there (null: not a native select; absent: not read). */
  nativeOptions?: string[] | null;
  /** What a pointer at its centre reached as it was read there (null: out of view or covered; absent: not read). */
  centre?: CentreHit | null;
}

export function identityOf(probe: Pick<DomProbe, 'tag' | 'id' | 'nameAttr' | 'type' | 'testId' | 'testIdAttribute' | 'container'>): ElementIdentity {
  return { tag: probe.tag, id: probe.id, nameAttr: probe.nameAttr, type: probe.type, testId: probe.testId, testIdAttribute: probe.testIdAttribute, rowText: probe.container?.text ?? null };
}

/**
 * `read` of the element at `cssPath` when it still is the element `identity` describes, with no
 * count through the locator: for reading back what an action just did to an element that was
 * proven to be there a moment before (`readAtPath`). Undefined when the path holds no such single
 * element; the caller reads through the locator then.
 */
export async function readBackAtPath<T extends ElementReader>(page: Page, cssPath: string, identity: ElementIdentity, read: T, arg: ArgOf<T>): Promise<ReadOf<T> | undefined> {
  const found = await evaluateAtPath(page, { cssPath, reader: readerOf(read), arg, identity }).catch(() => null);
  const value = found?.value as { read: ReadOf<T> } | null | undefined;
  return value ? value.read : undefined;
}
