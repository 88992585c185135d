import { isHashRoute } from '../../../core/hash-route.ts';
import { isAllowedUrl } from '../../url-policy.ts';
import { kActionableRoles } from '../../perceive/compact.ts';
import type { ElementInfo } from '../../types.ts';
import { isDestructive } from './destructive.ts';

/**
 * What the crawler can do in one state, derived from the element list alone (pure). A move names
 * its element by role, normalized name and occurrence, not by index, so it is found again on a
 * later visit of the same state even when indexes or refs moved.
 */

export type MoveKind = 'link' | 'click' | 'submit' | 'submit-enter' | 'type';

export interface ElementAddress {
  role: string;
  /** `normalizeName` of the accessible name. */
  name: string;
  /** Among elements with the same role and normalized name, in list order. */
  occurrence: number;
  /** For links: the normalized absolute target. */
  href?: string;
}

export interface Move {
  /** Identity: `link <url>` for links (global: a URL is followed once per crawl), else per state. */
  key: string;
  kind: MoveKind;
  /** For the reasoning log: `link "Items" -> /items`. */
  label: string;
  address: ElementAddress;
  /** Links: the URL with ids and numbers generalized; the first link of a pattern goes first. */
  pattern?: string;
  /** A repeat of a control already in the list (row buttons): explored after everything else. */
  repeated: boolean;
  /** Sends a form with a secret in it (a login): tried before anything else until one was sent. */
  signsIn?: boolean;
}

export interface SkippedControl {
  label: string;
  reason: 'destructive' | 'external' | 'not-http' | 'same-page' | 'disabled' | 'unnamed';
}

export interface MoveOptions {
  allow: readonly string[];
  allowDestructive: boolean;
}

/** Roles filled as part of a form rather than clicked on their own. */
export const kFieldRoles = new Set(['textbox', 'searchbox', 'spinbutton', 'combobox', 'checkbox', 'radio', 'slider', 'listbox', 'switch']);
/** Button names that send a form: the fields are filled before clicking them. */
const kSubmitName = /\b(submit|save|sign ?in|log ?in|login|sign ?up|register|search|find|go|send|create|add|update|apply|continue|next|confirm|ok|post|upload|join|preview|filter)\b/i;
/** Text-like roles that accept Enter as a submit when a form has no recognisable button. */
const kEnterRoles = new Set(['textbox', 'searchbox', 'spinbutton']);

/** A rich-text editor (a `contenteditable` region): Enter there starts a new line, it sends nothing. */
export function isRichEditor(element: ElementInfo): boolean {
  return element.details?.type === 'contenteditable' || element.path !== undefined;
}

/** Numbers become `#` so "Item 3" and "Item 4" are one name (the state hash treats them alike). */
export function normalizeName(name: string): string {
  return name.toLowerCase().replace(/\d+(?:[.,]\d+)*/g, '#').replace(/\s+/g, ' ').trim();
}

/** Absolute URL without an anchor fragment (a hash route is kept), or null when it is not http(s). */
export function normalizeHref(href: string, base: string): string | null {
  try {
    const url = new URL(href, base);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (!isHashRoute(url.hash)) url.hash = '';
    return url.href;
  } catch {
    return null;
  }
}

/**
 * A link to a place in the page it is on (`#top`, a skip link's `#content`, or this page's own
 * address with such a fragment), not to a hash route: following it goes nowhere.
 */
export function isInPageAnchor(href: string, pageUrl: string): boolean {
  try {
    const url = new URL(href, pageUrl);
    if (url.hash === '' || isHashRoute(url.hash)) return false;
    url.hash = '';
    return url.href === withoutHash(pageUrl);
  } catch {
    return false;
  }
}

/**
 * A link that goes nowhere (an empty address, a bare `#`, `javascript:`) is a button dressed as a
 * link: a script acts on its click, so it is clicked like a button, not followed or skipped as the
 * same page.
 */
export function isScriptLink(href: string): boolean {
  const written = href.trim();
  return written === '' || written === '#' || /^javascript:/i.test(written);
}

function withoutHash(url: string): string {
  const at = url.indexOf('#');
  return at < 0 ? url : url.slice(0, at);
}

/** Path segments and query values made of digits become `#`; query keys are sorted; a hash route is kept likewise. */
export function urlPattern(href: string): string {
  const url = new URL(href);
  const path = url.pathname.replace(/\d+/g, '#');
  const query = [...url.searchParams].map(([key, value]) => `${key}=${/^\d+$/.test(value) ? '#' : value}`).sort().join('&');
  const route = isHashRoute(url.hash) ? url.hash.replace(/\d+/g, '#') : '';
  return `${url.origin}${path}${query ? `?${query}` : ''}${route}`;
}

function quoted(element: ElementInfo): string {
  return `${element.role} "${element.name}"`;
}

export interface DerivedMoves {
  moves: Move[];
  skipped: SkippedControl[];
}

/** Toggles act on their own in script-driven pages; in a form they are filled before the submit. */
const kToggleRoles = new Set(['checkbox', 'switch', 'radio']);

/** Which fields are sent together: a form's, or the loose ones (null: a row's control, sent by nothing). */
function scopeOf(element: ElementInfo): string | null {
  if (!element.details) return 'page';
  if (element.details.form !== null) return `form ${element.details.form}`;
  return element.details.inRow ? null : 'loose';
}

function isSubmitButton(element: ElementInfo, scopesWithFields: ReadonlySet<string>): boolean {
  if (element.role !== 'button') return false;
  const scope = scopeOf(element);
  if (scope === null || !scopesWithFields.has(scope)) return false;
  if (kSubmitName.test(element.name)) return true;
  // A plain button in a form sends it (its type defaults to submit).
  return element.details?.form !== null && element.details !== undefined && (element.details.type === 'submit' || element.details.type === '');
}

/**
 * The moves of one observation, in element order: every listed element that is not a form field
 * (buttons, tabs, menu items, and anything the page shows with a pointer cursor) is clicked once;
 * a button that sends a form is clicked after filling that form; a checkbox or switch that belongs
 * to no form (a to-do item's tick) is clicked on its own. Controls repeated in list rows after the
 * first are repeats, explored after everything else.
 */
export function deriveMoves(elements: readonly ElementInfo[], pageUrl: string, options: MoveOptions): DerivedMoves {
  const moves: Move[] = [];
  const skipped: SkippedControl[] = [];
  const seen = new Map<string, number>();
  const rowToggles = new Map<string, number>();
  const here = normalizeHref(pageUrl, pageUrl);
  const scopesWithFields = new Set<string>();
  for (const element of elements) {
    const scope = scopeOf(element);
    if (kFieldRoles.has(element.role) && !element.attributes.disabled && scope !== null && !(kToggleRoles.has(element.role) && scope === 'loose')) scopesWithFields.add(scope);
  }
  const scopesWithSubmit = new Set<string>();
  for (const element of elements) {
    const name = normalizeName(element.name);
    const sameKey = `${element.role}|${name}`;
    const occurrence = seen.get(sameKey) ?? 0;
    seen.set(sameKey, occurrence + 1);
    const label = quoted(element);
    if (element.attributes.disabled) {
      if (!kFieldRoles.has(element.role)) skipped.push({ label, reason: 'disabled' });
      continue;
    }
    if (!kActionableRoles.has(element.role) && !element.path && !element.name.trim()) {
      // Listed for its pointer cursor alone, with no name and no text: a separator or a spacer
      // inside a clickable bar far more often than a control. Nothing tells what a click on it
      // does, and nothing but its place finds it again.
      skipped.push({ label, reason: 'unnamed' });
      continue;
    }
    const scope = scopeOf(element);
    const ownToggle = kToggleRoles.has(element.role) && element.details !== undefined && element.details.form === null;
    if ((kFieldRoles.has(element.role) && !ownToggle) || element.role === 'option') continue;
    const href = element.attributes.href;
    if (!options.allowDestructive && isDestructive({ name: element.name, href })) {
      skipped.push({ label, reason: 'destructive' });
      continue;
    }
    if (element.role === 'link' && href !== undefined && !isScriptLink(href)) {
      const target = normalizeHref(href, pageUrl);
      if (target === null) skipped.push({ label, reason: 'not-http' });
      else if (!isAllowedUrl(target, options.allow)) skipped.push({ label, reason: 'external' });
      else if (target === here || isInPageAnchor(href, pageUrl)) skipped.push({ label, reason: 'same-page' });
      else {
        moves.push({
          key: `link ${target}`, kind: 'link', label: `${label} -> ${target}`,
          address: { role: 'link', name, occurrence, href: target }, pattern: urlPattern(target), repeated: false,
        });
      }
      continue;
    }
    let repeated = occurrence > 0;
    if (ownToggle && element.details?.inRow) {
      // Ticks of list rows are named after their row: the first row's stands for all of them.
      const before = rowToggles.get(element.role) ?? 0;
      rowToggles.set(element.role, before + 1);
      repeated ||= before > 0;
    }
    const submit = isSubmitButton(element, scopesWithFields);
    if (submit && scope !== null) scopesWithSubmit.add(scope);
    moves.push({
      key: `${submit ? 'submit' : 'click'} ${sameKey}#${occurrence}`, kind: submit ? 'submit' : 'click',
      label: submit ? `fill the form, then ${label}` : label,
      address: { role: element.role, name, occurrence }, repeated,
    });
  }
  // Fields sent by nothing but Enter: Enter in the last text field of their form (or of the loose fields).
  for (const scope of scopesWithFields) {
    if (scopesWithSubmit.has(scope)) continue;
    const lastText = [...elements].reverse().find((element) => kEnterRoles.has(element.role) && !isRichEditor(element) && !element.attributes.disabled && scopeOf(element) === scope);
    if (!lastText) continue;
    const name = normalizeName(lastText.name);
    const occurrence = elements.filter((e) => e.role === lastText.role && normalizeName(e.name) === name).indexOf(lastText);
    moves.push({
      key: `submit-enter ${lastText.role}|${name}#${occurrence}`, kind: 'submit-enter',
      label: `fill the form, then press Enter in ${quoted(lastText)}`,
      address: { role: lastText.role, name, occurrence }, repeated: false,
    });
  }
  // A rich-text editor that no button sends is what its page is for: typing into it goes first,
  // before its toolbar, whose buttons act on the text typed (and often outnumber the state's budget).
  const typing: Move[] = [];
  for (const element of elements) {
    const scope = scopeOf(element);
    if (!isRichEditor(element) || element.attributes.disabled || (scope !== null && scopesWithSubmit.has(scope))) continue;
    const name = normalizeName(element.name);
    const occurrence = elements.filter((e) => e.role === element.role && normalizeName(e.name) === name).indexOf(element);
    typing.push({
      key: `type ${element.role}|${name}#${occurrence}`, kind: 'type', label: `type into the editor ${quoted(element)}`,
      address: { role: element.role, name, occurrence }, repeated: occurrence > 0,
    });
  }
  return { moves: [...typing, ...moves], skipped };
}

/**
 * Finds the element a move addresses in a (later) element list. A link is found by its target,
 * one of the same name first; never by a link to a place in the page (a skip link's `#content`),
 * whose target reads as the page's own address and so as the target of any link to this page.
 */
export function resolveAddress(elements: readonly ElementInfo[], address: ElementAddress, pageUrl: string): ElementInfo | null {
  if (address.href !== undefined) {
    const links = elements.filter((e) => e.role === 'link' && e.attributes.href !== undefined && !isInPageAnchor(e.attributes.href, pageUrl) && normalizeHref(e.attributes.href, pageUrl) === address.href);
    return links.find((e) => normalizeName(e.name) === address.name) ?? links[0] ?? null;
  }
  const matches = elements.filter((e) => e.role === address.role && normalizeName(e.name) === address.name);
  return matches[address.occurrence] ?? null;
}
