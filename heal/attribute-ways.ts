import type { Fingerprint } from '../core/schema/history.ts';
import type { ModelLocator } from '../core/schema/page-model.ts';
import { looksGenerated } from '../replay/rematch/text.ts';

/**
 * Ways to find a re-found element by what the markup says it is rather than by what it shows:
 * its form field name (what the server reads), and its tag (and input type) inside the nearest
 * ancestors with a hand-written id (a form, a dialog, a panel). An element that lost its name
 * (an icon in place of its caption) or shares it with look-alikes elsewhere is still found alone
 * that way, without a position. Each way is checked on the snapshot before it is written.
 */

/** How many ancestors with an id are tried, closest first: further out, the scope says little. */
export const kMaxIdScopes = 3;

/** An id a person wrote (`dw__login`, `edit-form`), usable as a CSS `#id`; not a framework's counter or a hash. */
export function readableId(id: string | null): string | null {
  return id && /^[A-Za-z][\w-]*$/.test(id) && !looksGenerated(id) && !/\d{3,}/.test(id) ? id : null;
}

/** A form field name that names one field (`fn[delete]`, `q`), not every row's (`items[]`). */
function ownFieldName(name: string | null): string | null {
  return name && !name.endsWith('[]') && !looksGenerated(name) ? name : null;
}

function selector(value: string): ModelLocator {
  return { kind: 'selector', role: null, value, exact: false, frames: [], scope: null, row: null, matches: null, verified: false, nth: null };
}

/**
 * The ways, best first: the field name alone, then per ancestor id (closest first) the field
 * name, the tag with its type, and the tag alone inside it. `ancestorIds`: the ids of the
 * element's ancestors, closest first, as the page has them.
 */
export function attributeWays(live: Fingerprint, ancestorIds: string[]): ModelLocator[] {
  const tag = live.tag.toLowerCase();
  if (!/^[a-z][a-z0-9-]*$/.test(tag)) return [];
  const name = ownFieldName(live.nameAttr);
  const type = live.type && /^[a-z-]+$/i.test(live.type) ? live.type.toLowerCase() : null;
  const byName = name ? `${tag}[name=${JSON.stringify(name)}]` : null;
  const out: string[] = [];
  if (byName) out.push(byName);
  for (const id of ancestorIds.map(readableId).filter((id): id is string => id !== null).slice(0, kMaxIdScopes)) {
    if (byName) out.push(`#${id} ${byName}`);
    if (type) out.push(`#${id} ${tag}[type=${JSON.stringify(type)}]`);
    out.push(`#${id} ${tag}`);
  }
  return [...new Set(out)].map(selector);
}
