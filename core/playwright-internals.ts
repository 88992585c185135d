import { createRequire } from 'node:module';
import type { Locator } from 'playwright';

/**
 * The one module that uses Playwright past its public API, for three things it offers no public
 * way to do. test/core/playwright-internals.spec.ts fails when a Playwright release changes any
 * of them. Callers degrade as each function says.
 *
 * - `locatorSelector`: the selector string behind a Locator (`internal:role=button[name="Save"i]`),
 *   the form traces record and `page.locator()` accepts. Playwright keeps it on `_selector`.
 * - `runInternal`: runs calls so the tracer skips them (Playwright's `_wrapApiCall` with
 *   `internal: true`, which it uses for its own helper calls).
 * - `locatorCodeParser`: Playwright's parser of locator code (`getByRole('button', { name: 'Save' })`
 *   -> selector), what its MCP server uses, from `playwright-core/lib/coreBundle`.
 */

/** Throws when this Playwright keeps no selector on the locator (nothing else can stand in for it). */
export function locatorSelector(locator: Locator): string {
  const selector = (locator as unknown as { _selector?: unknown })._selector;
  if (typeof selector !== 'string') throw new Error('this Playwright version does not expose locator selectors (brow-use supports the range in its peerDependencies)');
  return selector;
}

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

export type LocatorCodeParser = (language: 'javascript', locator: string, testIdAttribute: string) => string;

let parser: LocatorCodeParser | null | undefined;

/** Playwright's locator-code parser; null when this version has none where it is looked for. */
export function locatorCodeParser(): LocatorCodeParser | null {
  if (parser !== undefined) return parser;
  try {
    const bundle = createRequire(import.meta.url)('playwright-core/lib/coreBundle') as { iso?: { locatorOrSelectorAsSelector?: unknown } };
    const parse = bundle.iso?.locatorOrSelectorAsSelector;
    parser = typeof parse === 'function' ? (parse as LocatorCodeParser) : null;
  } catch {
    parser = null;
  }
  return parser;
}
