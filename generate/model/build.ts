import { kPageModelVersion, type Diagnostic, type ModelElement, type ModelHeading, type ModelPage, type PageModel } from '../../core/schema/page-model.ts';
import { locatorRole } from '../../core/locator/aria-roles.ts';
import type { Fingerprint } from '../../core/schema/history.ts';
import { positionOnly } from './position-only.ts';
import { buildFlow } from './flows.ts';
import type { RunInput } from './inputs.ts';
import { wayKey } from './candidates.ts';
import { chooseLocator, kDefaultTestIdAttribute, testIdAttributeOf } from './locate.ts';
import { locatorText } from './locator-text.ts';
import { collectPages, pageKeyer, type PageObservations } from './pages.ts';
import { Observed, type ElementSighting } from './registry.ts';
import { landmarksOf, type RecordedSnapshot } from './snapshot.ts';
import { appBase, appRelative, originOf, stripAnchor, urlPattern, type AppBase } from './url-pattern.ts';

/**
 * The page model of one or more runs: a pure function of the runs (same runs in the same order,
 * same model). Pages come in order of first appearance, elements and interactions likewise.
 */
export interface PageModelOptions {
  /** The project's configured base URL (`baseURL` of brow-use.config.ts): URLs under it are written relative to it. */
  baseURL?: string | null;
}

export function buildPageModel(runs: RunInput[], options: PageModelOptions = {}): PageModel {
  if (!runs.length) throw new Error('buildPageModel needs at least one run');
  const origin = originOf(runs[0]!.history.startUrl);
  // Runs of one app may have been recorded on different hosts or ports: each run's start origin is the app.
  const app = appBase(runs.map((run) => run.history.startUrl), options.baseURL ?? null);
  const testIdAttribute = appTestIdAttribute(runs);
  const keyer = pageKeyer(runs);
  const pages = collectPages(runs, keyer);
  const observed = new Observed();
  const flows = runs.map((run) => buildFlow(run, { keyer, observed, app, testIdAttribute }));
  const diagnostics: Diagnostic[] = [];
  const locatorCheck = { found: 0, failed: 0, unchecked: 0, positional: 0 };
  const urlOwners = ownersByUrl(pages, app);
  const modelPages = [...pages.values()].map((page) => {
    // The page's locators so far: an element is never found by one another element has.
    const taken = new Set<string>();
    const elements = [...(observed.elements.get(page.id)?.values() ?? [])].map((sighting) => {
      const { element, problem } = distinctElement(sighting, page.snapshots, testIdAttribute, taken);
      if (problem) diagnostics.push({ page: page.id, element: element.id, message: problem });
      if (!sighting.evidence.length) locatorCheck.unchecked++;
      else if (element.locator.verified) locatorCheck[positionOnly(element.locator) ? 'positional' : 'found']++;
      else locatorCheck.failed++;
      return element;
    });
    return modelPage(page, {
      app, urlOwners, elements,
      collections: [...(observed.collections.get(page.id)?.values() ?? [])],
      interactions: [...(observed.interactions.get(page.id)?.values() ?? [])],
    });
  });
  for (const page of modelPages) {
    if (!page.heading && !page.landmarks.length) {
      diagnostics.push({ page: page.id, element: null, message: 'no stable heading or landmark: expectLoaded() checks the URL only' });
    }
  }
  return {
    version: kPageModelVersion,
    origin,
    baseUrl: `${origin}${app.directory}`,
    testIdAttribute,
    sessions: runs.map((run) => run.sessionId),
    pages: modelPages,
    edges: observed.edges(),
    flows,
    diagnostics,
    locatorCheck,
  };
}

/** Which page each path+query opens: the page seen there most often (a form answer at the same URL is not). */
function ownersByUrl(pages: Map<string, PageObservations>, app: AppBase): Map<string, string> {
  const counts = new Map<string, Map<string, number>>();
  for (const page of pages.values()) {
    for (const state of page.states) {
      const url = stripAnchor(appRelative(state.url, app));
      const perPage = counts.get(url) ?? new Map<string, number>();
      perPage.set(page.id, (perPage.get(page.id) ?? 0) + 1);
      counts.set(url, perPage);
    }
  }
  const owners = new Map<string, string>();
  for (const [url, perPage] of counts) {
    owners.set(url, [...perPage].reduce((best, next) => (next[1] > best[1] ? next : best))[0]);
  }
  return owners;
}

function landmarkOf(fp: Fingerprint): string | null {
  const named = [...fp.landmarks].reverse().find((landmark) => landmark.name);
  return named ? `${named.role} "${named.name}"` : null;
}

/**
 * The test id attribute of the app: Playwright's default when the app uses it at all, else the
 * one other attribute every recorded test id came from (the generated config then sets it).
 */
export function appTestIdAttribute(runs: RunInput[]): string {
  const seen = new Set<string>();
  for (const run of runs) {
    for (const step of run.history.steps) {
      const attribute = step.fingerprint ? testIdAttributeOf(step.fingerprint, step.locator) : null;
      if (attribute) seen.add(attribute);
    }
  }
  return seen.size === 1 ? [...seen][0]! : kDefaultTestIdAttribute;
}

/**
 * The element with a page-wide locator none of the page's elements before it has (`taken`, which
 * it adds its own to), when one other than the shared one finds it alone; else the shared one.
 */
function distinctElement(sighting: ElementSighting, snapshots: RecordedSnapshot[], testIdAttribute: string, taken: Set<string>) {
  const first = modelElement(sighting, snapshots, testIdAttribute, new Set());
  if (first.element.collection) return first;
  const key = wayKey(first.element.locator);
  if (!taken.has(key)) {
    taken.add(key);
    return first;
  }
  const apart = modelElement(sighting, snapshots, testIdAttribute, taken);
  if (!apart.element.locator.verified) return first;
  taken.add(wayKey(apart.element.locator));
  return apart;
}

function modelElement(sighting: ElementSighting, snapshots: RecordedSnapshot[], testIdAttribute: string, taken: ReadonlySet<string>) {
  const fp = sighting.fingerprint;
  const { locator, problem } = sighting.row
    ? { locator: sighting.row.locator, problem: null }
    : chooseLocator(fp, sighting.recorded, snapshots, testIdAttribute, sighting.evidence, sighting.asserted, taken);
  const element: ModelElement = {
    id: sighting.id,
    role: locatorRole(fp.role),
    name: fp.name,
    tag: fp.tag,
    type: fp.type,
    testId: fp.testId,
    // A field of a form laid out in a table is labelled by its row's header cell.
    label: fp.label ?? sighting.evidence.flatMap((e) => e.fields).find((l) => l.row)?.row?.key ?? null,
    placeholder: fp.placeholder,
    title: fp.title,
    landmark: landmarkOf(fp),
    collection: sighting.row?.collection ?? null,
    // Only where the element is found inside its row without its name, which is the row's data.
    column: sighting.row?.locator.kind === 'role' && sighting.row.locator.value === null ? sighting.row.column : null,
    locator,
    fingerprint: fp,
  };
  return { element, problem };
}

interface PageParts {
  app: AppBase;
  collections: ModelPage['collections'];
  urlOwners: Map<string, string>;
  elements: ModelPage['elements'];
  interactions: ModelPage['interactions'];
}

/** A URL that opens this page and no other: the bare path when seen, else the one query always used. */
function stableUrl(page: PageObservations, parts: PageParts, params: string[]): string | null {
  if (params.length) return null;
  const urls = [...new Set(page.states.map((state) => stripAnchor(appRelative(state.url, parts.app))))];
  if (urls.some((url) => /^[a-z]+:/i.test(url))) return null;
  const bare = urls.find((url) => !url.includes('?'));
  const candidate = bare ?? (urls.length === 1 ? urls[0]! : null);
  if (candidate === null) return null;
  return parts.urlOwners.get(candidate) === page.id ? candidate : null;
}

/** The heading every visit showed; none for pages with parameters (each item has its own). */
function heading(page: PageObservations, params: string[]): ModelHeading | null {
  if (params.length) return null;
  const texts = new Set(page.states.map((state) => state.heading));
  if (texts.size !== 1) return null;
  const text = [...texts][0];
  // A heading the page shortened to a few characters says nothing a check could rely on.
  if (!text || !locatorText(text, true)) return null;
  const headings = page.snapshots.flatMap((s) => s.nodes).filter((n) => n.role === 'heading');
  const node = headings.find((n) => n.name === text) ?? headings.find((n) => n.name.toLowerCase() === text.toLowerCase());
  // A recorded snapshot without it: the heading was hidden (another slide, a closed panel) or went
  // away as the page settled; it is not what the page shows.
  const lower = text.toLowerCase();
  const shown = page.snapshots.filter((s) => s.nodes.length).every((s) => s.nodes.some((n) => n.role === 'heading' && n.name.toLowerCase() === lower));
  if (!shown) return null;
  return { text: node?.name ?? text, level: node?.level ?? null };
}

function modelPage(page: PageObservations, parts: PageParts): ModelPage {
  const first = page.states[0]!;
  const { pattern, params } = urlPattern(first.url);
  const withNodes = page.snapshots.find((snapshot) => snapshot.nodes.length);
  return {
    id: page.id,
    urlPattern: pattern,
    params,
    stableUrl: stableUrl(page, parts, params),
    titles: [...new Set(page.states.map((state) => state.title))].sort(),
    heading: heading(page, params),
    landmarks: withNodes ? landmarksOf(withNodes.nodes) : [],
    visits: page.states.length,
    collections: parts.collections,
    elements: parts.elements,
    interactions: parts.interactions,
  };
}
