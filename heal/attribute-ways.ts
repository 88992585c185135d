import type { Fingerprint } from '../core/schema/history.ts';
import type { ModelLocator } from '../core/schema/page-model.ts';
import { locatorRole } from '../core/locator/aria-roles.ts';
import { writtenId } from '../core/locator/written-id.ts';
import { looksGenerated } from '../locate/text.ts';
import { locatorExpression } from '../core/locator/model-code.ts';

/**
 * Ways to find a re-found element by what the markup says it is rather than by what it shows
 * alone: its role and name, or its tag (and input type), inside the nearest ancestors with a
 * hand-written id (a form, a dialog, a panel); its link target; its form field name (what the
 * server reads). An element that lost its name
 * (an icon in place of its caption) or shares it with look-alikes elsewhere is still found alone
 * that way, without a position. Each way is checked on the snapshot before it is written.
 */

/** How many ancestors with an id are tried, closest first: further out, the scope says little. */
export const kMaxIdScopes = 3;

/** A form field name that names one field (`fn[delete]`, `q`), not every row's (`items[]`). */
function ownFieldName(name: string | null): string | null {
  return name && !name.endsWith('[]') && !looksGenerated(name) ? name : null;
}

export function selector(value: string): ModelLocator {
  return { kind: 'selector', role: null, value, exact: false, frames: [], scope: null, row: null, matches: null, verified: false, nth: null };
}

/** What the page says of the element beyond its fingerprint. */
export interface MarkupEvidence {
  /** The ids of its ancestors, closest first. */
  ancestorIds: string[];
  /** Its `href` as written, when it leads where the recorded element led; else null. */
  href: string | null;
}

/**
 * The ways, best first: its role and name inside the nearest ancestors with an id (a look-alike
 * elsewhere is outside them), its link target as written, its field name alone, then per
 * ancestor id (closest first) the field name, the tag with its type, and the tag alone.
 */
export function attributeWays(live: Fingerprint, markup: MarkupEvidence): ModelLocator[] {
  const tag = live.tag.toLowerCase();
  if (!/^[a-z][a-z0-9-]*$/.test(tag)) return [];
  const ids = markup.ancestorIds.map(writtenId).filter((id): id is string => id !== null).slice(0, kMaxIdScopes);
  const out: ModelLocator[] = [];
  const role = locatorRole(live.role);
  if (role && live.name.trim()) {
    const byRole = locatorExpression({ ...selector(''), kind: 'role', role, value: live.name }, 'page').replace(/^page\./, '');
    for (const id of ids) out.push({ ...selector(''), kind: 'chain', value: `locator('#${id}').${byRole}` });
  }
  const name = ownFieldName(live.nameAttr);
  const type = live.type && /^[a-z-]+$/i.test(live.type) ? live.type.toLowerCase() : null;
  const byName = name ? `${tag}[name=${JSON.stringify(name)}]` : null;
  const css: string[] = [];
  if (markup.href && tag === 'a') css.push(`a[href=${JSON.stringify(markup.href)}]`);
  if (byName) css.push(byName);
  // The only submit control of its form that posts no name (replay's form-submit evidence): so it is written.
  const soleUnnamedSubmit = live.nameAttr === null && live.form?.unnamedSubmits === 1 && (tag === 'input' || tag === 'button') && type === 'submit';
  for (const id of ids) {
    if (byName) css.push(`#${id} ${byName}`);
    if (type) css.push(`#${id} ${tag}[type=${JSON.stringify(type)}]`);
    if (soleUnnamedSubmit) css.push(`#${id} ${tag}[type="submit"]:not([name])`);
    css.push(`#${id} ${tag}`);
  }
  return [...out, ...[...new Set(css)].map(selector)];
}

/** How many ancestors with a readable class are tried, closest first, as for ids. */
export const kMaxClassScopes = 3;

/**
 * A class a person wrote (`page-controls`, `tc-sidebar-header`, `nav__item`): lower-case words
 * joined by hyphens or underscores, none of them a hash; not a CSS-in-JS name (`fZRtWb`,
 * `sc-kzqdkY`) or a build's hash.
 */
export function readableClass(name: string): boolean {
  return /^[a-z][a-z0-9]*(?:[-_]+[a-z0-9]+)*$/.test(name) && !looksGenerated(name) && !/\d{3,}/.test(name);
}

/**
 * Its role and name inside the nearest ancestors with a readable class (each class alone, closest
 * ancestor first): a look-alike elsewhere (a copy in another panel, the same control in a
 * suggestions box) sits outside the element's own container when no landmark or id tells the two
 * apart. `ancestorClasses` holds each ancestor's classes, closest first.
 */
export function classWays(live: Fingerprint, ancestorClasses: string[][]): ModelLocator[] {
  const role = locatorRole(live.role);
  if (!role || !live.name.trim()) return [];
  const byRole = locatorExpression({ ...selector(''), kind: 'role', role, value: live.name }, 'page').replace(/^page\./, '');
  const scopes = ancestorClasses.map((classes) => classes.filter(readableClass)).filter((classes) => classes.length).slice(0, kMaxClassScopes);
  return scopes.flat().map((name) => ({ ...selector(''), kind: 'chain', value: `locator('.${name}').${byRole}` }));
}
