import type { Locator, Page } from 'playwright';
import { probeElement, type DomProbe } from '../core/fingerprint/probe.ts';
import { composeInPage } from '../core/in-page.ts';
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
 * The in-page reader: gets the element and `arg`; self-contained, like every function shipped into
 * the page, but for `probe` when it was built with `readerWithProbe`.
 */
export type ElementReader<A, R> = (el: Element, arg: A) => R;

/**
 * Readers built by `readerWithProbe`: they call `probe` (core/fingerprint/probe.ts), which the
 * batch defines once for all of them. The probe is most of what a batch ships (a step's read-back
 * and the next step's read both use it), and every byte is sent and compiled again on each call.
 */
const probeUsers = new WeakSet<ElementReader<never, unknown>>();

/** A reader like `composeInPage(['el', 'arg'], parts, body)` whose body may call `probe` without carrying it. */
export function readerWithProbe<A, R>(parts: Parameters<typeof composeInPage>[1], body: string): ElementReader<A, R> {
  const reader = composeInPage<ElementReader<A, R>>(['el', 'arg'], parts, body);
  probeUsers.add(reader as ElementReader<never, unknown>);
  return reader;
}

/** Readers by their source; a reader's number names it in the page functions below. */
const readers: { source: string; probe: boolean }[] = [];

function readerNumber(source: string, probe: boolean): number {
  let n = readers.findIndex((r) => r.source === source);
  if (n < 0) n = readers.push({ source, probe }) - 1;
  else if (probe && !readers[n]!.probe) {
    // The same source asked for with the shared probe: the page functions built without it are stale.
    readers[n]!.probe = true;
    batchReaders.clear();
  }
  return n;
}

type BatchReader = (reads: { cssPath: string; reader: number; arg: unknown }[]) => ({ value: unknown } | null)[];

/** Page functions by the readers they hold (their numbers, sorted). */
const batchReaders = new Map<string, BatchReader>();

/**
 * The page function that reads a batch of paths: the batch's readers, and `probe` once when one of
 * them calls it, rebuilt for the page (see core/in-page.ts), each behind a lookup of its path's
 * one element. Only the readers a batch uses are shipped with it.
 */
function batchInPage(numbers: number[]): BatchReader {
  const key = numbers.join(',');
  let batch = batchReaders.get(key);
  if (!batch) {
    const parts = Object.fromEntries(numbers.map((n) => [`reader${n}`, readers[n]!.source]));
    const shared: Parameters<typeof composeInPage>[1] = numbers.some((n) => readers[n]!.probe) ? { probe: probeElement } : {};
    batch = composeInPage<BatchReader>(['reads'], { ...shared, ...parts }, `
    const readers = { ${numbers.map((n) => `${n}: reader${n}`).join(', ')} };
    return reads.map((read) => {
      try {
        const els = document.querySelectorAll(read.cssPath);
        return els.length === 1 ? { value: readers[read.reader](els[0], read.arg) } : null;
      } catch {
        return null;
      }
    });`);
    batchReaders.set(key, batch);
  }
  return batch;
}

interface Queued {
  read: { cssPath: string; reader: number; arg: unknown };
  settle(result: { value: unknown } | null | Error): void;
}

/** Reads asked for in the same turn of the event loop, by page: they go to the page in one evaluation. */
const queued = new WeakMap<Page, Queued[]>();

/** `probe`: the reader calls the batch's `probe` (see `readerWithProbe`). */
function evaluateAtPath(page: Page, cssPath: string, source: string, probe: boolean, arg: unknown): Promise<{ value: unknown } | null> {
  return new Promise((resolve, reject) => {
    let queue = queued.get(page);
    if (!queue) {
      const batch: Queued[] = (queue = []);
      queued.set(page, batch);
      queueMicrotask(() => {
        queued.delete(page);
        const reads = batch.map((q) => q.read);
        evaluateInMainWorld(page, batchInPage([...new Set(reads.map((r) => r.reader))].sort((a, b) => a - b)), reads).then(
          (results) => batch.forEach((q, i) => q.settle(results[i] ?? null)),
          (err: unknown) => batch.forEach((q) => q.settle(err instanceof Error ? err : new Error(String(err)))),
        );
      });
    }
    queue.push({ read: { cssPath, reader: readerNumber(source, probe), arg }, settle: (result) => (result instanceof Error ? reject(result) : resolve(result)) });
  });
}

export type AtPath<R> = { kind: 'read'; value: R } | { kind: 'unconfirmed' };

/**
 * `read` of the element at `cssPath` when `locator` names exactly that element. With `also`, the
 * element must in addition match `also` (a role and name to confirm in the same count); when it
 * does not, the answer is `unconfirmed`.
 */
export async function readAtPath<A, R>(locator: Locator, cssPath: string, read: ElementReader<A, R>, arg: A, also: Locator | null = null): Promise<AtPath<R>> {
  const page = locator.page();
  try {
    const atPath = page.locator(`css=${cssPath}`);
    // The path comes first: composed the other way, a locator that enters a frame would carry the
    // path into that frame, while Playwright refuses a frame locator inside a composite one.
    const either = atPath.or(locator);
    const same = either.first().and(either.last()).and(atPath).and(locator);
    const [count, found] = await Promise.all([(also ? same.and(also) : same).count(), evaluateAtPath(page, cssPath, read.toString(), probeUsers.has(read as ElementReader<never, unknown>), arg)]);
    return count === 1 && found ? { kind: 'read', value: found.value as R } : { kind: 'unconfirmed' };
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
export async function readAtPathOnly<A, R>(page: Page, cssPath: string, read: ElementReader<A, R>, arg: A): Promise<{ value: R } | null> {
  const found = await evaluateAtPath(page, cssPath, read.toString(), probeUsers.has(read as ElementReader<never, unknown>), arg).catch(() => null);
  return found ? { value: found.value as R } : null;
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

/**
 * What tells an element from its neighbours without Playwright: its tag and identifying attributes
 * (as the DOM probe reads them), and the text of the row it sits in, which alone tells one row's
 * unnamed checkbox from the next row's after the rows were re-sorted.
 */
export type ElementIdentity = Pick<DomProbe, 'tag' | 'id' | 'nameAttr' | 'type' | 'testId' | 'testIdAttribute'> & { rowText: string | null };

/** Where an element was read, and what it looked like there. */
export interface FoundAt {
  cssPath: string;
  identity: ElementIdentity;
  /** A native select's option labels as read there (null: not a native select; absent: not read). */
  nativeOptions?: string[] | null;
}

export function identityOf(probe: Pick<DomProbe, 'tag' | 'id' | 'nameAttr' | 'type' | 'testId' | 'testIdAttribute' | 'container'>): ElementIdentity {
  return { tag: probe.tag, id: probe.id, nameAttr: probe.nameAttr, type: probe.type, testId: probe.testId, testIdAttribute: probe.testIdAttribute, rowText: probe.container?.text ?? null };
}

/** Whether `el` is still the element `want` describes; runs in the page. */
function sameElementInPage(el: Element, want: ElementIdentity): boolean {
  return el.tagName.toLowerCase() === want.tag && (el.id || null) === want.id && el.getAttribute('name') === want.nameAttr &&
    el.getAttribute('type') === want.type && (want.testIdAttribute === null || el.getAttribute(want.testIdAttribute) === want.testId);
}

/** Each reader behind the check that the element is still the one read before. */
const readBackSources = new WeakMap<ElementReader<never, unknown>, string>();

/**
 * `read` of the element at `cssPath` when it still is the element `identity` describes, with no
 * count through the locator: for reading back what an action just did to an element that was
 * proven to be there a moment before (`readAtPath`). Undefined when the path holds no such single
 * element; the caller reads through the locator then.
 */
export async function readBackAtPath<A, R>(page: Page, cssPath: string, identity: ElementIdentity, read: ElementReader<A, R>, arg: A): Promise<R | undefined> {
  let source = readBackSources.get(read);
  if (source === undefined) {
    // The row's text is read with the probe that recorded it (the batch's), only for an element that sat in one.
    source = composeInPage<ElementReader<unknown, unknown>>(['el', 'input'], { same: sameElementInPage, read }, `
      const want = input.identity;
      if (!same(el, want)) return null;
      if (want.rowText !== null) {
        const container = probe(el).container;
        if (!container || container.text !== want.rowText) return null;
      }
      return { read: read(el, input.arg) };`).toString();
    readBackSources.set(read, source);
  }
  const found = await evaluateAtPath(page, cssPath, source, true, { identity, arg }).catch(() => null);
  const value = found?.value as { read: R } | null | undefined;
  return value ? value.read : undefined;
}
