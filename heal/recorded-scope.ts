import type { Locator, Page } from 'playwright';
import { tryParseLocatorCode } from '../core/locator/code.ts';
import { splitTopLevel } from '../core/locator/split-top-level.ts';

/**
 * The part of a broken CSS locator that still holds: the longest run of its leading compounds
 * (`[id="panel:r3:0"] > div` of `[id="panel:r3:0"] > div > .sc-a > .sc-b > ul > li > button`)
 * that finds exactly one element. Look-alikes that tie everywhere else on the page (the same
 * collapse button in every code sample) are told apart by it: the page object already found its
 * element inside that one; only what came after it broke (a class name, a wrapper).
 */

/** Splits a CSS selector at its top-level child combinators (`a > b`), leaving brackets, quotes and parentheses whole. */
export function childCompounds(css: string): string[] {
  if (splitTopLevel(css, ',').length > 1) return [];
  const out = splitTopLevel(css, '>').map((part) => part.trim());
  return out.some((part) => !part) ? [] : out;
}

type Step = Extract<ReturnType<typeof tryParseLocatorCode>, { ok: true }>['chain'][number];

/** A plain CSS `locator('css')` step's selector, else null. */
function plainCss(step: Step): string | null {
  return step.kind === 'locator' && typeof step.selector === 'string' && !step.options && !/^(xpath|text|internal|id|data-testid)=|>>/.test(step.selector) ? step.selector : null;
}

/** The CSS of a page-relative locator that is one `locator('css')` call, else null. */
export function cssOf(code: string): string | null {
  const parsed = tryParseLocatorCode(code);
  if (!parsed.ok || parsed.chain.length !== 1) return null;
  return plainCss(parsed.chain[0]!);
}

/**
 * The CSS of the plain `locator('css')` steps a longer page-relative locator starts with, as one
 * descendant selector (`locator('#a').locator('.b').getByRole(...)` -> `#a .b`), else null: the
 * scope the page object found its element in before naming it.
 */
export function leadingCssOf(code: string): string | null {
  const parsed = tryParseLocatorCode(code);
  if (!parsed.ok || parsed.chain.length < 2) return null;
  const leading: string[] = [];
  for (const step of parsed.chain) {
    const css = plainCss(step);
    if (css === null) break;
    leading.push(css);
  }
  return leading.length && leading.length < parsed.chain.length ? leading.join(' ') : null;
}

/**
 * The longest proper prefix of `css`'s child compounds that finds one element on the page, as
 * CSS; null when none does (or the locator is not plain CSS).
 */
export async function survivingScope(page: Page, css: string): Promise<string | null> {
  const parts = childCompounds(css);
  for (let n = parts.length - 1; n >= 1; n--) {
    const prefix = parts.slice(0, n).join(' > ');
    const count = await page.locator(`css=${prefix}`).count().catch(() => 0);
    if (count === 1) return prefix;
  }
  return null;
}

/**
 * The part of the broken locator that still finds one element, as CSS: a longest proper prefix
 * of a plain CSS locator (`survivingScope`), or the CSS scope a longer locator starts with when it
 * still finds one element (its name, after the scope, is what broke); null otherwise.
 */
export async function brokenLocatorScope(page: Page, code: string): Promise<string | null> {
  const css = cssOf(code);
  if (css) return survivingScope(page, css);
  const leading = leadingCssOf(code);
  if (!leading) return null;
  return (await page.locator(`css=${leading}`).count().catch(() => 0)) === 1 ? leading : null;
}

/** Marks tied look-alikes while counting which are inside the scope; only in the snapshot page. */
const kTieMark = 'data-bu-heal-tie';

/** The tied candidates inside the element `scope` finds. */
export async function tiedInside<T extends { item: { locator: Locator } }>(page: Page, scope: string, tied: T[]): Promise<T[]> {
  await page.evaluate((attribute) => document.querySelectorAll(`[${attribute}]`).forEach((el) => el.removeAttribute(attribute)), kTieMark);
  for (const [i, t] of tied.entries()) await t.item.locator.evaluate((el, [attribute, n]) => el.setAttribute(attribute, n), [kTieMark, String(i)] as const).catch(() => undefined);
  const inside = await page.locator(`css=${scope}`).evaluate((root, attribute) => Array.from(root.querySelectorAll(`[${attribute}]`)).map((el) => Number(el.getAttribute(attribute))), kTieMark).catch(() => [] as number[]);
  await page.evaluate((attribute) => document.querySelectorAll(`[${attribute}]`).forEach((el) => el.removeAttribute(attribute)), kTieMark);
  return inside.map((n) => tied[n]!).filter(Boolean);
}
