import { locatorRole } from '../../core/locator/aria-roles.ts';
import type { Fingerprint } from '../../core/schema/history.ts';
import type { ModelLocator } from '../../core/schema/page-model.ts';
import { isShortened, kGeneratedId, kMinShortenedChars, locatorText } from './locator-text.ts';

/**
 * What of a fingerprint generated code may find an element by. A role is kept only when
 * `getByRole` accepts it and it tells elements apart (not `text`, `generic`, `none`); a name,
 * label, placeholder or text the page shortened (`Quarterly report for the…`) is kept as the
 * start before the ellipsis, or dropped when too little is left. Everything left out is noted.
 */

export interface Locatable {
  fingerprint: Fingerprint;
  /** The starts of shortened texts: a locator may match them as substrings only. */
  starts: Set<string>;
  /** What was left out, for the model's notes. */
  notes: string[];
}

/**
 * Icon font glyphs (Unicode's private use areas) an accessible name takes from a stylesheet's
 * `::before` content (`\uf00c Save`): not text a person reads or writes, and gone when the icon
 * font or its stylesheet changes.
 */
const kIconGlyphs = /[\u{E000}-\u{F8FF}\u{F0000}-\u{FFFFD}\u{100000}-\u{10FFFD}]/gu;

/** A whole word left beside an icon or an id: one letter alone tells too few names apart. */
const kMinWholeWordChars = 2;

/**
 * The part of a text a locator may use: of a shortened one, of one with icon glyphs, of one
 * holding a generated identifier (before it); null when too little is left, undefined when whole.
 */
function start(text: string | null): string | null | undefined {
  if (text === null) return undefined;
  const readable = text.replace(kIconGlyphs, ' ').replace(/\s+/g, ' ').trim();
  const whole = isShortened(readable) ? locatorText(readable, false)?.value ?? null : readable;
  if (whole === null) return null;
  const id = kGeneratedId.exec(whole);
  const kept = id ? whole.slice(0, id.index).trim() : whole;
  if (kept === text.trim() && !isShortened(text)) return undefined;
  // What the page shortened keeps the start of a word, which matches almost anything below a few
  // characters; glyphs and ids set aside leave whole words (“API” of a button drawn “\uf013 API”).
  const floor = isShortened(readable) ? kMinShortenedChars : kMinWholeWordChars;
  return [...kept].length >= floor && /[\p{L}\p{N}]/u.test(kept) ? kept : null;
}

export function locatable(fp: Fingerprint): Locatable {
  const notes: string[] = [];
  const starts = new Set<string>();
  const role = locatorRole(fp.role);
  if (fp.role && !role) notes.push(`'${fp.role}' is not a role getByRole finds: found by its label, placeholder, test id, text or recorded locator instead`);
  const keep = (text: string | null, what: string | null): string | null => {
    const kept = start(text);
    if (kept === undefined) return text;
    if (kept) starts.add(kept);
    // Visible text is only a last resort to find an element by: its cut is not worth a note.
    const how = kGeneratedId.test(text!) ? 'a generated id is in' : isShortened(text!) ? 'the page shortened' : 'icon glyphs are in';
    if (what) notes.push(kept ? `${how} its ${what} “${text}”: matched by “${kept}” as a substring` : `${how} its ${what} “${text}”: too little is left to find it by`);
    return kept;
  };
  const fingerprint: Fingerprint = {
    ...fp,
    role,
    name: keep(fp.name, 'name') ?? '',
    label: keep(fp.label, 'label'),
    placeholder: keep(fp.placeholder, 'placeholder'),
    text: keep(fp.text, null),
  };
  return { fingerprint, starts, notes };
}

/** Locator kinds whose value is text the page shows. */
const kTextKinds = new Set<ModelLocator['kind']>(['role', 'label', 'placeholder', 'text']);

/**
 * A locator held to the rule: never an exact match of a shortened text or of its start. A
 * recorded `getByText('Quarterly report for the…', { exact: true })` becomes a substring match of
 * its start; null when too little is left. Candidates are settled before they are checked against
 * the recorded snapshots, so the locator chosen is the one that was checked.
 */
export function settleCandidate(locator: ModelLocator, usable: Locatable): ModelLocator | null {
  if (!kTextKinds.has(locator.kind) || locator.value === null) return locator;
  if (isShortened(locator.value)) {
    const text = locatorText(locator.value, locator.exact);
    return text ? { ...locator, ...text, matches: null, verified: false } : null;
  }
  return locator.exact && usable.starts.has(locator.value) ? { ...locator, exact: false, matches: null, verified: false } : locator;
}

/** The chosen locator, settled; when too little of its text is left, chosen again without the recorded locator. */
export function settleLocator(locator: ModelLocator, usable: Locatable, chooseAgain: () => ModelLocator): ModelLocator {
  return settleCandidate(locator, usable) ?? chooseAgain();
}
