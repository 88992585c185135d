import type { Locator } from 'playwright';

/**
 * Reads an element in the page's main world without Playwright's injected script there.
 *
 * `Locator.evaluateAll` and element handles install Playwright's injected script in the main
 * world of each new document, beside the one its actions install in their own isolated world:
 * about 15 ms of the page's time per document, twice what a hand-written test pays. When the
 * element is where the recording saw it, a plain evaluation finds it by its recorded CSS path
 * instead, and one count in the actions' world proves that the path and the locator name the
 * same single element: the first and the last element that the path or the locator match are one
 * element, and both match it. Anything else (the element moved or is gone, the path or the
 * locator match several, the locator reaches into a frame) is `unconfirmed`, and the caller reads
 * through the locator as before.
 */

/** The in-page reader: gets the element and `arg`; self-contained, like every function shipped into the page. */
export type ElementReader<A, R> = (el: Element, arg: A) => R;

/**
 * Rebuilds `read` for the page (a TypeScript loader may wrap named inner functions in a helper
 * that only exists where it was defined) behind a lookup of the path's one element.
 */
function atPathInPage(read: string): (input: { cssPath: string; arg: unknown }) => { value: unknown } | null {
  return new Function('input', `const __name = (f) => f; const read = (${read});
    let els;
    try { els = document.querySelectorAll(input.cssPath); } catch { return null; }
    return els.length === 1 ? { value: read(els[0], input.arg) } : null;`) as never;
}

const built = new Map<string, ReturnType<typeof atPathInPage>>();

export type AtPath<R> = { kind: 'read'; value: R } | { kind: 'unconfirmed' };

/**
 * `read` of the element at `cssPath` when `locator` names exactly that element. With `also`, the
 * element must in addition match `also` (a role and name to confirm in the same count); when it
 * does not, the answer is `unconfirmed`.
 */
export async function readAtPath<A, R>(locator: Locator, cssPath: string, read: ElementReader<A, R>, arg: A, also: Locator | null = null): Promise<AtPath<R>> {
  const source = read.toString();
  let inPage = built.get(source);
  if (!inPage) built.set(source, (inPage = atPathInPage(source)));
  const page = locator.page();
  try {
    const atPath = page.locator(`css=${cssPath}`);
    // The path comes first: composed the other way, a locator that enters a frame would carry the
    // path into that frame, while Playwright refuses a frame locator inside a composite one.
    const either = atPath.or(locator);
    const same = either.first().and(either.last()).and(atPath).and(locator);
    const [count, found] = await Promise.all([(also ? same.and(also) : same).count(), page.evaluate(inPage, { cssPath, arg })]);
    return count === 1 && found ? { kind: 'read', value: found.value as R } : { kind: 'unconfirmed' };
  } catch {
    // A locator that enters a frame, a path Playwright cannot parse, a navigation.
    return { kind: 'unconfirmed' };
  }
}
