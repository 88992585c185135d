import { html, SafeHtml, type HtmlPart } from './html.ts';

/**
 * DOM variants of the demo app: the same app after the kind of release that breaks recorded
 * locators. Every variant keeps every flow (login, create item, search, open detail, edit
 * settings, delete, logout) doable by a person; replay's tests and benchmarks use them.
 */

export type Change = 'renamed' | 'wrapped' | 'reordered' | 'retexted' | 'untested' | 'decoys' | 'relocated';

export interface VariantDef {
  readonly id: number;
  readonly name: string;
  readonly changes: readonly Change[];
  readonly description: string;
}

const kAllChanges: readonly Change[] = ['renamed', 'wrapped', 'reordered', 'retexted', 'untested', 'decoys', 'relocated'];

/** The variant table. Ids are stable: tests, benchmarks and recorded runs refer to them. */
export const kVariants: readonly VariantDef[] = [
  { id: 0, name: 'baseline', changes: [], description: 'the app as recorded: readable ids and classes, test ids, one control per role and name' },
  { id: 1, name: 'renamed', changes: ['renamed'], description: 'ids get hashed suffixes (email -> email-k3f9a) and class names become hashed (btn -> c1x9qz), as after a CSS-modules build change' },
  { id: 2, name: 'wrapped', changes: ['wrapped'], description: 'two wrapper divs around every form field, button row, nav link, table and the page content: absolute xpaths and css paths break' },
  { id: 3, name: 'reordered', changes: ['reordered'], description: 'siblings reordered: nav links reversed, logout before the nav, form fields and table columns in another order, Delete before Edit' },
  { id: 4, name: 'retexted', changes: ['retexted'], description: 'small wording changes: Sign in -> Log in, Save -> Save changes, Search -> Find, Create item -> Add item, Delete -> Delete item, Log out -> Sign out' },
  { id: 5, name: 'no-test-ids', changes: ['untested'], description: 'every data-testid attribute removed' },
  { id: 6, name: 'decoys', changes: ['decoys'], description: 'a sidebar before the content holds decoys with the same role and name (Sign in, Search, Create item, Save, Delete) that do something else' },
  { id: 7, name: 'relocated', changes: ['relocated'], description: 'the login, search and settings forms move into open shadow roots; the Delete button moves into a same-origin iframe' },
  { id: 8, name: 'all', changes: kAllChanges, description: 'all of variants 1..7 at once' },
];

/** Wording of variant 'retexted': baseline text -> released text. */
export const kRetexts: Readonly<Record<string, string>> = {
  'Sign in': 'Log in',
  Save: 'Save changes',
  Search: 'Find',
  'Create item': 'Add item',
  Delete: 'Delete item',
  'Log out': 'Sign out',
  Edit: 'Edit item',
  'Search items': 'Find items',
};

export function variantDef(id: number): VariantDef | undefined {
  return kVariants.find((v) => v.id === id);
}

/** A variant id from text (`?variant=3`, a cookie, a flag), or undefined when it is not one. */
export function parseVariant(text: string | null | undefined): number | undefined {
  if (text === null || text === undefined || !/^\d{1,3}$/.test(text)) return undefined;
  return variantDef(Number(text))?.id;
}

/** FNV-1a, printed in base 36: short, stable, hashed-looking names. */
function shortHash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(36).padStart(5, '0').slice(-5);
}

/** How one request renders: every page asks its variant for ids, classes, text and structure. */
export class Variant {
  constructor(readonly def: VariantDef) {}

  get id(): number {
    return this.def.id;
  }

  has(change: Change): boolean {
    return this.def.changes.includes(change);
  }

  /** An element id. */
  el(base: string): string {
    return this.has('renamed') ? `${base}-${shortHash(base)}` : base;
  }

  /** A space-separated class list. */
  cls(...names: string[]): string {
    return names.map((n) => (this.has('renamed') ? `c${shortHash(`class:${n}`)}` : n)).join(' ');
  }

  /** ` data-testid="name"`, or nothing when test ids were removed. */
  testId(name: string): SafeHtml {
    return this.has('untested') ? new SafeHtml('') : html` data-testid="${name}"`;
  }

  /** Visible text of a control or heading that releases reword. */
  text(baseline: string): string {
    return this.has('retexted') ? (kRetexts[baseline] ?? baseline) : baseline;
  }

  /** Content inside two extra divs when wrapped, unchanged otherwise. */
  wrap(content: HtmlPart, inline = false): HtmlPart {
    if (!this.has('wrapped')) return content;
    const outer = this.cls('wrap-outer');
    const inner = this.cls('wrap-inner');
    return inline
      ? html`<span class="${outer}"><span class="${inner}">${content}</span></span>`
      : html`<div class="${outer}"><div class="${inner}">${content}</div></div>`;
  }

  /** Siblings in their released order (reversed when reordered). */
  order<T>(items: readonly T[]): T[] {
    return this.has('reordered') ? [...items].reverse() : [...items];
  }
}

export function variantFor(id: number): Variant {
  const def = variantDef(id);
  if (!def) throw new RangeError(`unknown demo variant ${id}: use one of ${kVariants.map((v) => v.id).join(', ')}`);
  return new Variant(def);
}
