import type { ModelPage, PageModel } from '../../core/schema/page-model.ts';
import { isEnvironmentValue, perRecordingKeys, queryParts, splitUrl } from '../model/url-check.ts';
import { escapeRegex } from '../model/url-regex.ts';
import { siteSeparator, sitePartOf, siteTitle } from '../names/site-title.ts';
import { isStableText } from './code.ts';
import { regexLiteral } from './source.ts';
import { str } from '../../core/locator/model-code.ts';

/**
 * What `expectLoaded()` checks a page by besides its path, its heading and its landmark: what the
 * recording shows tells it from the other pages at its path. Its title is the site's and a
 * language's (a translated release, a renamed site), so it is checked only where nothing else
 * tells two recorded pages at one path apart (the same heading or none), and then by the page's own
 * part (`/^Settings saved ·/`). A query value that held on every visit and differs between the
 * pages at the path (`taxonomy=category`, `taxonomy=post_tag`) is checked with the path.
 */

export interface PageIdentity {
  /** Query parameters, as written, the URL check requires. */
  query: string[];
  /** The title assertion's argument (a regex or string literal), or null. */
  title: string | null;
}

/** The query parameters every recorded visit of the page had, but values of the environment, numbers and keys that varied between recordings. */
function steadyQuery(page: ModelPage, model: PageModel, environment: ReadonlySet<string>): string[] {
  const urls = model.flows.flatMap((flow) => flow.steps.flatMap((step) => (step.after.page === page.id ? [step.after.url] : [])));
  if (!urls.length) return [];
  const sets = urls.map((url) => new Set(queryParts(splitUrl(url).search).map(([, part]) => part)));
  return [...sets[0]!].filter((part) => {
    const key = part.split('=', 1)[0]!;
    const value = part.slice(part.indexOf('=') + 1);
    return part.includes('=') && !environment.has(key) && !isEnvironmentValue(value) && !/\d/.test(value) && sets.every((set) => set.has(part));
  }).sort();
}

function headingsApart(a: ModelPage, b: ModelPage): boolean {
  return Boolean(a.heading && b.heading && a.heading.text.toLowerCase() !== b.heading.text.toLowerCase());
}

/** The title argument of `toHaveTitle`: the page's own part, anchored at the site's separator, when the title has a site part. */
function titleArgument(title: string, model: PageModel): string {
  const part = sitePartOf(title, siteTitle(model.pages.flatMap((p) => p.titles)));
  const separator = part ? siteSeparator(part) : '';
  if (!part || !separator.trim()) return str(title);
  const own = part.at === 'end' ? title.trim().slice(0, -part.text.length).trim() : title.trim().slice(part.text.length).trim();
  return regexLiteral(part.at === 'end' ? `^${escapeRegex(own + separator)}` : `${escapeRegex(separator + own)}$`);
}

export function pageIdentity(page: ModelPage, model: PageModel): PageIdentity {
  const siblings = model.pages.filter((other) => other !== page && other.urlPattern === page.urlPattern);
  if (!siblings.length) return { query: [], title: null };
  const environment = perRecordingKeys(model.flows.map((flow) => [flow.startUrl, ...flow.steps.map((step) => step.after.url)]));
  const own = steadyQuery(page, model, environment);
  const queryApart = (other: ModelPage) => {
    const theirs = new Set(steadyQuery(other, model, environment));
    return own.some((part) => !theirs.has(part));
  };
  const query = siblings.some(queryApart) ? own : [];
  const needsTitle = siblings.some((other) => !headingsApart(page, other) && !(query.length && queryApart(other)));
  const title = page.titles.length === 1 && !page.params.length ? page.titles[0]! : null;
  return { query, title: needsTitle && title !== null && isStableText(title) ? titleArgument(title, model) : null };
}

/** Whether the app tells pages apart by their hash route (`#/active`). */
export function hashRoutes(model: PageModel): boolean {
  return model.pages.some((page) => page.urlPattern.includes('#'));
}
