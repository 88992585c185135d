import type { Locator, Page } from 'playwright';

/**
 * The one module that uses Playwright past its public API, for what the supported releases offer
 * no public way to do. test/core/playwright-internals.spec.ts fails when a Playwright release
 * changes it; `make test` runs it at both ends of the peer range.
 *
 * - `runInternal`: runs calls so the tracer skips them (Playwright's `_wrapApiCall` with
 *   `internal: true`, which it uses for its own helper calls). Without it the calls run traced.
 * - `locatorByRef`: the element an aria ref of the last AI-mode aria snapshot names. Public as
 *   `page.getByRef` from Playwright 1.65; before it, only through the `aria-ref=` selector engine
 *   Playwright's own tools use.
 *
 * Locators are not read through internals: histories keep the public code `Locator.toString()`
 * prints, and core/locator/ reads it back and builds it with the public API.
 */

type WrapApiCall = (fn: () => Promise<unknown>, options: { internal: boolean; title: string }) => Promise<unknown>;

/** Playwright prefixes errors with the wrapper's title; it is removed again so messages read as before. */
const kInternalTitle = 'bookkeeping';

function wrapperOf(owner: object): WrapApiCall | null {
  const wrap = (owner as { _wrapApiCall?: unknown })._wrapApiCall;
  return typeof wrap === 'function' ? (wrap as WrapApiCall) : null;
}

/**
 * Runs `fn` with its Playwright calls left out of the trace. `owner` is the Page (or context,
 * route) the calls go through. Without the internal method the calls simply run traced.
 */
export async function runInternal<T>(owner: object, fn: () => Promise<T>): Promise<T> {
  const wrap = wrapperOf(owner);
  if (!wrap) return fn();
  try {
    return (await wrap.call(owner, fn, { internal: true, title: kInternalTitle })) as T;
  } catch (err) {
    if (err instanceof Error && err.message.startsWith(`${kInternalTitle}: `)) err.message = err.message.slice(kInternalTitle.length + 2);
    throw err;
  }
}

/** A page of any supported release: `getByRef` arrived in Playwright 1.65. */
type RefPage = Page & { getByRef?: (ref: string) => Locator };

/**
 * The element `ref` (`e12`, `f1e3`) names in the page's last `ariaSnapshot({ mode: 'ai' })`:
 * `page.getByRef` where Playwright has it, else the `aria-ref=` selector it stands for. Nothing
 * is awaited: the locator resolves when used.
 */
export function locatorByRef(page: Page, ref: string): Locator {
  const getByRef = (page as RefPage).getByRef;
  return typeof getByRef === 'function' ? getByRef.call(page, ref) : page.locator(`aria-ref=${ref}`);
}
