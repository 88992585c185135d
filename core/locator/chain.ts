import { z } from 'zod';

/**
 * A locator as a typed chain of Playwright's public locator calls: what the locator code in a
 * history (`getByRole('listitem').filter({ hasText: 'Buy milk' }).getByRole('checkbox')`) means.
 * core/locator/code.ts reads and writes the code, core/locator/build.ts turns a chain back into a
 * Locator through the public API. Every form `Locator.toString()` prints has a step here.
 */

/** A JavaScript regular expression literal, `/sign in/i`: its source and flags as written. */
export const RegexText = z.strictObject({ source: z.string(), flags: z.string().regex(/^[dgimsuvy]*$/) });
export type RegexText = z.infer<typeof RegexText>;

/** A string, or a regular expression (`getByText(/total/i)`). */
export const TextMatch = z.union([z.string(), RegexText]);
export type TextMatch = z.infer<typeof TextMatch>;

/** `checked` and `pressed` also take 'mixed' (a tri-state checkbox or toggle). */
const TriState = z.union([z.boolean(), z.literal('mixed')]);

/** getByRole's options, in the order Playwright prints them. */
export const RoleOptions = z.strictObject({
  name: TextMatch.optional(),
  description: TextMatch.optional(),
  exact: z.boolean().optional(),
  checked: TriState.optional(),
  disabled: z.boolean().optional(),
  selected: z.boolean().optional(),
  expanded: z.boolean().optional(),
  includeHidden: z.boolean().optional(),
  level: z.number().int().optional(),
  pressed: TriState.optional(),
});
export type RoleOptions = z.infer<typeof RoleOptions>;

/** The methods that take a text and `{ exact }`. */
export const TextMethod = z.enum(['getByText', 'getByLabel', 'getByPlaceholder', 'getByAltText', 'getByTitle']);
export type TextMethod = z.infer<typeof TextMethod>;

/** `filter({ ... })`, and the same options on `locator(selector, { ... })` (without `visible`). */
export const FilterOptions = z.strictObject({
  hasText: TextMatch.optional(),
  hasNotText: TextMatch.optional(),
  get has() { return LocatorChain.optional(); },
  get hasNot() { return LocatorChain.optional(); },
  visible: z.boolean().optional(),
});
export type FilterOptions = z.infer<typeof FilterOptions>;

export const LocatorStep = z.discriminatedUnion('kind', [
  /** `locator('css')` (any selector string), or `locator(<chain>)`, optionally with filter options. */
  z.strictObject({
    kind: z.literal('locator'),
    get selector() { return z.union([z.string(), LocatorChain]); },
    get options() { return FilterOptions.optional(); },
  }),
  z.strictObject({ kind: z.literal('getByRole'), role: z.string(), options: RoleOptions }),
  z.strictObject({ kind: TextMethod, text: TextMatch, exact: z.boolean().optional() }),
  z.strictObject({ kind: z.literal('getByTestId'), testId: TextMatch }),
  z.strictObject({ kind: z.literal('filter'), get options() { return FilterOptions; } }),
  z.strictObject({ kind: z.literal('nth'), index: z.number().int() }),
  z.strictObject({ kind: z.literal('first') }),
  z.strictObject({ kind: z.literal('last') }),
  /** `visible()`: the same as `filter({ visible: true })`. */
  z.strictObject({ kind: z.literal('visible') }),
  z.strictObject({ kind: z.literal('and'), get chain() { return LocatorChain; } }),
  z.strictObject({ kind: z.literal('or'), get chain() { return LocatorChain; } }),
  /** Enters the iframe the chain so far points at. */
  z.strictObject({ kind: z.literal('contentFrame') }),
  /** `frameLocator('iframe.x')`: enters that iframe; `frameLocator()` (no selector): any frame. */
  z.strictObject({ kind: z.literal('frameLocator'), selector: z.string().nullable() }),
  /** `describe('...')`: a label for reports; it matches the same elements. */
  z.strictObject({ kind: z.literal('describe'), description: z.string() }),
]);
export type LocatorStep = z.infer<typeof LocatorStep>;

/** One or more steps, applied left to right from a page (or frame). */
export const LocatorChain = z.array(LocatorStep).min(1);
export type LocatorChain = z.infer<typeof LocatorChain>;

/** Steps that enter a frame: what comes after them is inside that frame. */
export function entersFrame(step: LocatorStep): boolean {
  return step.kind === 'contentFrame' || step.kind === 'frameLocator';
}

/** Steps that keep the elements but narrow or pick among them. */
export function isPick(step: LocatorStep): step is Extract<LocatorStep, { kind: 'nth' | 'first' | 'last' }> {
  return step.kind === 'nth' || step.kind === 'first' || step.kind === 'last';
}
