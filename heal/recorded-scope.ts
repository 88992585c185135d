import type { Locator, Page } from 'playwright';
import { tryParseLocatorCode } from '../core/locator/code.ts';

/**
 * The part of a broken CSS locator that still holds: the longest run of its leading compounds
 * (`[id="panel:r3:0"] > div` of `[id="panel:r3:0"] > div > .sc-a > .sc-b > ul > li > button`)
 * that finds exactly one element. Look-alikes that tie everywhere else on the page (the same
 * collapse button in every code sample) are told apart by it: the page object already found its
 * element inside that one; only what came after it broke (a class name, a wrapper).
 */

/** Splits a CSS selector at its top-level child combinators (`a > b`), leaving brackets, quotes and parentheses whole. */
export function childCompounds(css: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let start = 0;
  for (let i = 0; i < css.length; i++) {
    const c = css[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '[' || c === '(') depth++;
    else if (c === ']' || c === ')') depth--;
    else if (c === '>' && depth === 0) {
      out.push(css.slice(start, i).trim());
      start = i + 1;
    } else if (c === ',' && depth === 0) return [];
  }
  out.push(css.slice(start).trim());
  return out.some((part) => !part) ? [] : out;
}

/** The CSS of a page-relative locator that is one `locator('css')` call, else null. */
export function cssOf(code: string): string | null {
  const parsed = tryParseLocatorCode(code);
  if (!parsed.ok || parsed.chain.length !== 1) return null;
  const [step] = parsed.chain;
  return step!.kind === 'locator' && typeof step!.selector === 'string' && !step!.options && !/^(xpath|text|internal|id|data-testid)=|>>/.test(step!.selector) ? step!.selector : null;
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
