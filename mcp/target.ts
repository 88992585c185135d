import { z } from 'zod';
import type { ActionName } from '../core/schema/actions.ts';
import { locatorCodeParser } from '../core/playwright-internals.ts';
import { Target } from '../core/schema/plan.ts';
import type { ActionCall, Observation } from '../capture/types.ts';

/**
 * How MCP tools address an element: an aria ref from the last snapshot (`e12`, `f1e3`), a
 * selector `page.locator()` accepts (`css=#email`, `text=Reports`), Playwright locator code
 * (`getByRole('button', { name: 'Save' })`), or a plan's `{ role, name, exact?, nth? }`.
 */

export const kTargetDescription =
  'the element: an aria ref from the last browser_snapshot (e.g. "e12"), a Playwright selector ("css=#email", "text=Reports"), ' +
  'Playwright locator code ("getByRole(\'button\', { name: \'Save\' })"), or { role, name, exact?, nth? }';

export const McpTarget = Target.describe(kTargetDescription);
export type McpTarget = z.infer<typeof McpTarget>;

const kRef = /^(?:aria-ref=|ref=)?((?:f\d+)?e\d+)$/;
/** Locator code starts with a locator method (optionally on `page.`); anything else is a selector. */
const kLocatorCode = /^(?:page\.)?(?:getBy[A-Za-z]+|locator|frameLocator|first|last|nth)\(/;

/** The selector behind a string target (ref strings are handled by the caller). */
export function selectorFor(text: string): string {
  const trimmed = text.trim();
  if (!kLocatorCode.test(trimmed)) return trimmed;
  const parse = locatorCodeParser();
  if (!parse) throw new Error(`locator code is not understood by this Playwright version: pass a selector instead of ${trimmed}`);
  try {
    return parse('javascript', trimmed.replace(/^page\./, ''), 'data-testid');
  } catch (err) {
    throw new Error(`not a Playwright locator: ${trimmed} (${err instanceof Error ? err.message.split('\n')[0] : String(err)})`);
  }
}

/**
 * An ActionCall for `action` on `target`. A ref found in the snapshot's element list is addressed
 * by its index (so fingerprints reuse its role and name); any other ref by `aria-ref=`.
 */
export function callFor(action: ActionName, params: Record<string, unknown>, target: McpTarget | undefined, observation: Observation | null): ActionCall {
  if (target === undefined) return { action, params };
  if (typeof target !== 'string') return { action, params, target };
  const ref = kRef.exec(target.trim())?.[1];
  if (!ref) return { action, params, target: selectorFor(target) };
  if (!observation) throw new Error(`ref ${ref} needs a snapshot: call browser_snapshot first`);
  const element = observation.elements.find((candidate) => candidate.ref === ref);
  if (element) return { action, params, index: element.index };
  if (!new RegExp(`\\[ref=${ref}\\]`).test(observation.ariaSnapshot)) {
    throw new Error(`ref ${ref} is not in the last snapshot: call browser_snapshot and use a ref from it`);
  }
  return { action, params, target: `aria-ref=${ref}` };
}
