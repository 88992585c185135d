import type { ModelPage, PageModel } from '../../core/schema/page-model.ts';
import { steadyName } from '../../core/locator/steady-name.ts';
import { isEnvironmentValue, queryParts, splitUrl } from '../model/url-check.ts';
import { singular } from './derive.ts';
import { pascal, words } from './identifiers.ts';
import { ownTitle, siteTitle, type SiteTitle } from './site-title.ts';

/**
 * The base of each page class's name (`Login`, `ItemDetail`, `Categories`), what a person would
 * call the page: its path when the path says something, else its main heading, else its title
 * less the site's name (site-title.ts). Pages at one path that their titles tell apart are named
 * by their headings. Pages that would share a name are told apart by what tells them apart in the
 * recording, never by a number: their headings, the query values they were opened with
 * (`?taxonomy=category`), the folder before their path's last segment, their own titles. A number
 * is left only where nothing recorded differs.
 */

/** Path segments that name a kind of page rather than what it shows. */
const kVerbs = new Set(['new', 'create', 'add', 'edit', 'delete', 'update']);
/** Script names that say nothing about the page (`/doku.php`, `/index.html`). */
const kScriptSegment = /^(index|default|main|doku|app)\.(php|html?|aspx?|jsp|cgi)$/i;

/** `%D0%B2%D1%85%D0%BE%D0%B4` -> `вход`: URLs carry non-ASCII path segments percent-encoded. */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The path's segments under the app's directory that say something (no script name, no punctuation). */
function segmentsOf(page: ModelPage, directory: string): string[] {
  // The app's own directory (`/app/v5/`) names no page; neither do a hash route's `#` or punctuation.
  const route = page.urlPattern.startsWith(directory) ? page.urlPattern.slice(directory.length) : page.urlPattern;
  return route.split('/').map(decodeSegment).filter((s) => /[\p{L}\p{N}]/u.test(s) && !kScriptSegment.test(s));
}

/** Static segments, without a file's extension and without a one-letter abbreviation before a parameter (`/v/:version`). */
function staticSegments(segments: string[]): string[] {
  return segments
    .filter((s, at) => !s.startsWith(':') && !(words(s).join('').length === 1 && segments[at + 1]?.startsWith(':')))
    .map((s) => s.replace(/\.[a-z]+$/i, ''));
}

/** Words the path gives the page: `/items/new` -> new item, `/items/:itemId` -> item detail; empty when it says nothing. */
function pathWords(page: ModelPage, directory: string): string[] {
  const segments = segmentsOf(page, directory);
  const statics = staticSegments(segments);
  if (!statics.length) return [];
  const last = segments[segments.length - 1];
  const tail = statics[statics.length - 1]!;
  const before = statics[statics.length - 2];
  if (kVerbs.has(tail.toLowerCase()) && before) return [...words(tail), ...words(singular(before))];
  // `/items/:itemId` shows one item; `/garden-planner/v/:version` one version of what is before it.
  if (last?.startsWith(':')) return /(?:^:id|Id)\d*$/.test(last) ? [...words(singular(tail)), 'detail'] : [...words(tail), ...words(last.slice(1))];
  return words(tail);
}

function headingWords(page: ModelPage): string[] {
  const text = page.heading?.text ?? '';
  return words(steadyName(text) ?? text);
}

function titleWords(page: ModelPage, site: SiteTitle | null): string[] {
  return page.titles.length === 1 ? words(ownTitle(page.titles[0]!, site)) : [];
}

/** What the query the page was always opened with says (`?taxonomy=category` -> category): its values, not its keys. */
function queryWords(page: ModelPage): string[] {
  if (!page.stableUrl) return [];
  return queryParts(splitUrl(page.stableUrl).search).flatMap(([, part]) => {
    const value = part.slice(part.indexOf('=') + 1);
    return part.includes('=') && !isEnvironmentValue(value) && !/\d/.test(value) ? words(decodeSegment(value.replace(/\+/g, ' '))) : [];
  });
}

/** The folder before the path's last segment (`/desk/options.php` -> desk). */
function folderWords(page: ModelPage, directory: string): string[] {
  const statics = staticSegments(segmentsOf(page, directory));
  return statics.length > 1 ? words(statics[statics.length - 2]!) : [];
}

/** The page's own name: its path, or (at a path shared by title) its heading; else its heading, else its own title. */
function baseWords(page: ModelPage, model: PageModel, site: SiteTitle | null, directory: string): string[] {
  const splitByTitle = model.pages.some((other) => other !== page && other.urlPattern === page.urlPattern);
  const path = splitByTitle ? [] : pathWords(page, directory);
  if (path.length) return path;
  for (const found of [headingWords(page), titleWords(page, site)]) if (found.length) return found;
  return splitByTitle ? pathWords(page, directory) : ['home'];
}

/** Ways to tell apart pages that share a name, each giving a page's whole name or null, in the order tried. */
type Apart = (page: ModelPage, base: string[]) => string[] | null;

export function pageBases(model: PageModel): Map<string, string> {
  const directory = new URL(model.baseUrl).pathname;
  const site = siteTitle(model.pages.flatMap((p) => p.titles));
  const bases = new Map(model.pages.map((page) => [page.id, baseWords(page, model, site, directory)]));
  const extend = (found: string[], base: string[]) => (found.length ? [...found, ...base] : null);
  const ways: Apart[] = [
    (page) => (headingWords(page).length ? headingWords(page) : null),
    (page, base) => extend(queryWords(page), base),
    (page, base) => extend(folderWords(page, directory), base),
    (page) => (titleWords(page, site).length ? titleWords(page, site) : null),
  ];
  const key = (found: string[]) => pascal(found).toLowerCase();
  const groups = new Map<string, ModelPage[]>();
  for (const page of model.pages) {
    const group = groups.get(key(bases.get(page.id)!)) ?? [];
    group.push(page);
    groups.set(key(bases.get(page.id)!), group);
  }
  const taken = new Set([...groups.entries()].filter(([, group]) => group.length === 1).map(([name]) => name));
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    // The first way that gives every page of the group a name of its own, none taken by another page.
    for (const way of ways) {
      const named = group.map((page) => way(page, bases.get(page.id)!));
      const keys = named.map((found) => (found ? key(found) : ''));
      if (keys.some((k) => !k || taken.has(k)) || new Set(keys).size !== keys.length) continue;
      group.forEach((page, i) => bases.set(page.id, named[i]!));
      break;
    }
    for (const page of group) taken.add(key(bases.get(page.id)!));
  }
  return new Map([...bases].map(([id, found]) => [id, pascal(found) || 'Home']));
}

/** The page's own title, less the site's part, for docs. */
export function pageTitle(page: ModelPage, model: PageModel): string | null {
  return page.titles.length === 1 ? ownTitle(page.titles[0]!, siteTitle(model.pages.flatMap((p) => p.titles))) : null;
}
