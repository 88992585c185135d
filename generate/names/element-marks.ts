import { isWrittenId } from '../model/candidates.ts';

/**
 * What names an element that shows no words: the id a person gave it, less the prefix every id of
 * its page carries (`red-ui-view-zoom-out` beside `red-ui-header-...` -> `view-zoom-out`), and the
 * icon it shows (`fa fa-plus` -> `plus`, `bin.png` -> `bin`).
 */

/** Words of an id split at its dashes and underscores. */
function idParts(id: string): string[] {
  return id.split(/[-_]+/).filter(Boolean);
}

/** The leading parts all of `ids` share (none when fewer than two ids): an app's namespace, which names nothing. */
export function sharedIdPrefix(ids: readonly string[]): string[] {
  const written = ids.filter(isWrittenId).map(idParts);
  if (written.length < 2) return [];
  const first = written[0]!;
  let length = 0;
  while (length < first.length && written.every((parts) => parts.length > length + 1 && parts[length] === first[length])) length++;
  return first.slice(0, length);
}

/** The id's text without the page's shared prefix; null when the id looks generated. */
export function idText(id: string | null, prefix: readonly string[]): string | null {
  if (!id || !isWrittenId(id)) return null;
  const parts = idParts(id);
  const own = prefix.every((part, at) => parts[at] === part) ? parts.slice(prefix.length) : parts;
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
  if (fingerprint.id && isWrittenId(fingerprint.id)) return `${what} #${fingerprint.id}`;
  if (testId) return `${what} (test id ${testId})`;
  return what;
}
