import type { Locator, Page } from 'playwright';
import type { RoleName } from '../../core/fingerprint/take.ts';
import { locatorFromCode } from '../../core/locator/build.ts';
import { looksLikeLocatorCode } from '../../core/locator/code.ts';
import { locatorByRef } from '../../core/playwright-internals.ts';
import type { Target } from '../../core/schema/plan.ts';
import type { ActionCall, ElementPath, Observation } from '../types.ts';

/** A resolved element: the locator to act on, how to name it, and role+name when already known. */
export interface ResolvedTarget {
  locator: Locator;
  label: string;
  /** Role and name from the element list, so fingerprinting needs no second aria snapshot. */
  hints?: RoleName;
  /** Found by its path (`ElementInfo.path`), not by an aria ref: a rich-text editor. */
  byPath?: boolean;
}

export function describeTarget(target: Target): string {
  if (typeof target === 'string') return target;
  return `${target.role}${target.name !== undefined ? ` ${JSON.stringify(target.name)}` : ''}${target.nth !== undefined ? ` nth=${target.nth}` : ''}`;
}

/** The locator a plan target names, on `page` (nothing is awaited: it resolves when used). */
export function targetLocator(page: Page, target: Target): Locator {
  if (typeof target === 'string') return looksLikeLocatorCode(target) ? locatorFromCode(page, target) : page.locator(target);
  const byRole = page.getByRole(target.role as Parameters<Page['getByRole']>[0], {
    ...(target.name !== undefined ? { name: target.name } : {}),
    ...(target.exact !== undefined ? { exact: target.exact } : {}),
  });
  return target.nth !== undefined ? byRole.nth(target.nth) : byRole;
}

/** The element at a path of CSS selectors (iframes, then the element), through public locators only. */
export function pathLocator(page: Page, path: ElementPath): Locator {
  const [first, ...rest] = [...path.frames, path.css];
  let locator = page.locator(first!);
  for (const selector of rest) locator = locator.contentFrame().locator(selector);
  return locator;
}

/**
 * Finds the element an action addresses: by `index` in the step's element list (through its aria
 * ref), by a plan `target`, or by an aria `ref` of the step's snapshot. It must exist within `timeoutMs` and be the only match.
 */
export async function resolveTarget(options: { page: Page; observation: Observation | null; call: ActionCall; timeoutMs: number }): Promise<ResolvedTarget> {
  const { page, observation, call, timeoutMs } = options;
  let resolved: ResolvedTarget;
  if (call.target !== undefined) {
    resolved = { locator: targetLocator(page, call.target), label: describeTarget(call.target) };
  } else if (call.index !== undefined) {
    const element = observation?.elements.find((candidate) => candidate.index === call.index);
    if (!element) throw new Error(`no element with index ${call.index} in the current element list`);
    const label = `${element.role}${element.name ? ` ${JSON.stringify(element.name)}` : ''}`;
    // An element the aria snapshot does not list (a rich-text editor) has a path instead of a ref,
    // and its own role and name, not the ones the list shows it with.
    resolved = element.path
      ? { locator: pathLocator(page, element.path), label, hints: { role: element.path.ariaRole, name: element.path.ariaName }, byPath: true }
      : { locator: locatorByRef(page, element.ref), label, hints: { role: element.role === 'generic' ? null : element.role, name: element.name } };
  } else if (call.ref !== undefined) {
    resolved = { locator: locatorByRef(page, call.ref), label: `[ref=${call.ref}]` };
  } else {
    throw new Error(`${call.action} needs an element (an index or a target)`);
  }
  try {
    await resolved.locator.first().waitFor({ state: 'attached', timeout: timeoutMs });
  } catch {
    throw new Error(`element not found within ${timeoutMs} ms`);
  }
  const count = await resolved.locator.count();
  if (count > 1) throw new Error(`${resolved.label} matches ${count} elements; make the target unique (add a name, exact: true or nth)`);
  return resolved;
}
