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
 * The longest a target is waited for while the app goes on loading: an editor that fetches its
 * code once opened (a rich editor's dozens of modules through a server answering one request at a
 * time) comes after the action's timeout on a busy machine, and is there once the loading ends.
 */
export const kLoadingTargetCapMs = 30_000;
/** Time without a request of the app's own after which it has stopped loading: past the next script a loaded module asks for. */
const kLoadingQuietMs = 1_000;

/**
 * Waits for the element within `timeoutMs`, and on past it while the app is loading (`loading`:
 * a request of its own under way or ended within the given time), up to `kLoadingTargetCapMs`.
 */
async function waitForTarget(locator: Locator, timeoutMs: number, loading: (withinMs: number) => boolean): Promise<void> {
  const started = Date.now();
  let waitMs = timeoutMs;
  for (;;) {
    try {
      await locator.first().waitFor({ state: 'attached', timeout: waitMs });
      return;
    } catch {
      const left = started + kLoadingTargetCapMs - Date.now();
      if (left <= 0 || !loading(kLoadingQuietMs)) {
        const waited = Date.now() - started;
        throw new Error(`element not found within ${waited > timeoutMs + kLoadingQuietMs ? `${Math.round(waited / 1000)} s, the app loading until then` : `${timeoutMs} ms`}`);
      }
      waitMs = Math.min(kLoadingQuietMs, left);
    }
  }
}

/**
 * Finds the element an action addresses: by `index` in the step's element list (through its aria
 * ref), by a plan `target`, or by an aria `ref` of the step's snapshot. It must exist within `timeoutMs`,
 * or later while the app goes on loading (`waitForTarget`), and be the only match.
 */
export async function resolveTarget(options: { page: Page; observation: Observation | null; call: ActionCall; timeoutMs: number; loading?: (withinMs: number) => boolean }): Promise<ResolvedTarget> {
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
  await waitForTarget(resolved.locator, timeoutMs, options.loading ?? (() => false));
  const count = await resolved.locator.count();
  if (count > 1) throw new Error(`${resolved.label} matches ${count} elements; make the target unique (add a name, exact: true or nth)`);
  return resolved;
}
