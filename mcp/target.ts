import { z } from 'zod';
import type { ActionName } from '../core/schema/actions.ts';
import { looksLikeLocatorCode, parseLocatorCode } from '../core/locator/code.ts';
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

/**
 * A string target as capture takes it (ref strings are handled by the caller): a selector as
 * given, or locator code checked here, so a typo fails before anything runs, and handed on as
 * code (capture builds it through the public API).
 */
export function targetFor(text: string): string {
  const trimmed = text.trim();
  if (!looksLikeLocatorCode(trimmed)) return trimmed;
  try {
    parseLocatorCode(trimmed);
  } catch (err) {
    throw new Error(`not a Playwright locator: ${trimmed} (${err instanceof Error ? err.message : String(err)})`);
  }
  return trimmed.replace(/^page\./, '');
}

/**
 * An ActionCall for `action` on `target`. A ref found in the snapshot's element list is addressed
 * by its index (so fingerprints reuse its role and name); any other ref of the snapshot as a ref.
 */
export function callFor(action: ActionName, params: Record<string, unknown>, target: McpTarget | undefined, observation: Observation | null): ActionCall {
  if (target === undefined) return { action, params };
  if (typeof target !== 'string') return { action, params, target };
  const ref = kRef.exec(target.trim())?.[1];
  if (!ref) return { action, params, target: targetFor(target) };
  if (!observation) throw new Error(`ref ${ref} needs a snapshot: call browser_snapshot first`);
  const element = observation.elements.find((candidate) => candidate.ref === ref);
  if (element) return { action, params, index: element.index };
  if (!new RegExp(`\\[ref=${ref}\\]`).test(observation.ariaSnapshot)) {
    throw new Error(`ref ${ref} is not in the last snapshot: call browser_snapshot and use a ref from it`);
  }
  return { action, params, ref };
}
