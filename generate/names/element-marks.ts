import { writtenId } from '../../core/locator/written-id.ts';

/**
 * What names an element that shows no words: the id a person gave it, less the prefix most ids of
 * its page carry (`red-ui-view-zoom-out` beside `red-ui-header-...` -> `view-zoom-out`), and the
 * icon it shows (`fa fa-plus` -> `plus`, `bin.png` -> `bin`).
 */

/** Words of an id split at its dashes and underscores. */
function idParts(id: string): string[] {
  return id.split(/[-_]+/).filter(Boolean);
}

/**
 * The share of a page's written ids that must start with the same words for those words to be the
 * page's namespace. An app's ids mostly carry its namespace (`red-ui-header`, `red-ui-palette`), but
 * those a widget library writes do not (`menu-item-edit`): requiring every id would keep the
 * namespace in nearly every name. Two in three is a clear majority.
 */
const kNamespaceShare = 2 / 3;
/**
 * Among a handful of ids a namespace is carried by all of them, and by three at least among more:
 * two ids of several that start alike (`search-input`, `search-button` beside `login`) are a
 * coincidence, not a namespace.
 */
const kNamespaceMinIds = 3;

/** The ids among `ids` that start with `prefix` and say more after it. */
function carrying(ids: readonly string[][], prefix: readonly string[]): string[][] {
  return ids.filter((parts) => parts.length > prefix.length && prefix.every((part, at) => parts[at] === part));
}

/**
 * The leading parts most of `ids` share (none when fewer than two carry them): an app's namespace,
 * which names nothing. Each id that carries it says more after it, so no id is stripped to nothing.
 */
export function sharedIdPrefix(ids: readonly string[]): string[] {
  const written = [...new Set(ids.filter((id) => writtenId(id) !== null))].map(idParts);
  const needed = Math.max(2, Math.min(written.length, kNamespaceMinIds), Math.ceil(written.length * kNamespaceShare));
  const prefix: string[] = [];
  for (;;) {
    // More than half must carry the next word, so at most one word can be it.
    const next = carrying(written, prefix).map((parts) => parts[prefix.length]!).find((part) => carrying(written, [...prefix, part]).length >= needed);
    if (next === undefined) return prefix;
    prefix.push(next);
  }
}

/** The id's text without the page's shared prefix; null when the id looks generated. */
export function idText(id: string | null, prefix: readonly string[]): string | null {
  const written = writtenId(id);
  if (!written) return null;
  const parts = idParts(written);
  // An id that is the namespace and no more keeps its words.
  const own = parts.length > prefix.length && prefix.every((part, at) => parts[at] === part) ? parts.slice(prefix.length) : parts;
  return own.join(' ');
}

/** A set class's own name: `fa-plus` beside `fa`, `glyphicon-trash` beside `glyphicon`. */
function iconClass(classes: string[]): string | null {
  for (const name of classes) {
    const set = classes.find((other) => other !== name && name.startsWith(`${other}-`));
    if (set) return name.slice(set.length + 1);
  }
  return null;
}

/** The icon's text from a fingerprint's `icon` (`class:fa.fa-plus`, `img:bin.png`, `use:#icon-trash`); null when it says nothing. */
export function iconText(icon: string | null): string | null {
  if (!icon) return null;
  const first = icon.split(' ')[0]!;
  const colon = first.indexOf(':');
  const kind = first.slice(0, colon);
  const value = first.slice(colon + 1);
  let text: string | null = null;
  if (kind === 'img') text = value.replace(/\.[a-z0-9]+$/i, '');
  else if (kind === 'use') text = value.replace(/^.*#/, '').replace(/^icon-/, '');
  else if (kind === 'class') text = iconClass(value.split('.'));
  // Single letters are variants (`fa-map-o`, outlined), not words.
  const kept = text?.split(/[-_.\s]+/).filter((part) => part.length > 1).join(' ');
  return kept || null;
}

/**
 * A name a reader can see: it shows a letter, digit, mark or symbol. An icon font's glyph (a
 * private-use character such as `\uf068`), invisible formatting and blank space show nothing.
 */
export function isVisibleName(name: string | null | undefined): name is string {
  return Boolean(name && /[^\p{Co}\p{Cf}\p{Cc}\p{Z}\p{Cn}]/u.test(name));
}

/**
 * How prose names an element whose name shows nothing, after `what` (its role): the icon it shows
 * (`button showing the minus icon`), its tooltip, the id a person gave it, its test id, else `what`
 * alone; never empty quotes.
 */
export function unnamedCaption(what: string, fingerprint: { icon: string | null; id: string | null }, title: string | null, testId: string | null): string {
  const icon = iconText(fingerprint.icon);
  if (icon) return `${what} showing the ${icon} icon`;
  if (isVisibleName(title)) return `${what} titled “${title}”`;
  if (writtenId(fingerprint.id)) return `${what} #${fingerprint.id}`;
  if (testId) return `${what} (test id ${testId})`;
  return what;
}
