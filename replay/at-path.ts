import type { Locator } from 'playwright';

/**
 * Reads an element in the page's main world without Playwright's injected script there.
 *
 * `Locator.evaluateAll` and element handles install Playwright's injected script in the main
 * world of each new document, beside the one its actions install in their own isolated world:
 * about 15 ms of the page's time per document, twice what a hand-written test pays. When the
 * element is where the recording saw it, a plain evaluation finds it by its recorded CSS path
 * instead, and two counts in the actions' world prove that the path and the locator name the
 * same single element: the locator or the path match one element in all, and both match it.
 * When neither matches anything the element is `gone`; anything else (the element moved, the
 * path matches several, the locator reaches into a frame) is `unconfirmed`, and the caller reads
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

export type AtPath<R> = { kind: 'read'; value: R } | { kind: 'gone' } | { kind: 'unconfirmed' };

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
    const both = atPath.and(locator);
    const [either, all, found] = await Promise.all([
      atPath.or(locator).count(),
      (also ? both.and(also) : both).count(),
      page.evaluate(inPage, { cssPath, arg }),
    ]);
    if (either === 0) return { kind: 'gone' };
    return either === 1 && all === 1 && found ? { kind: 'read', value: found.value as R } : { kind: 'unconfirmed' };
  } catch {
    // A locator that enters a frame, a path Playwright cannot parse, a navigation.
    return { kind: 'unconfirmed' };
  }
}
