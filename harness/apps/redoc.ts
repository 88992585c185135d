import path from 'node:path';
import { InPageEntry } from '../../core/in-page.ts';

/** What the oracles read in Redoc's page (redoc-in-page.ts), bundled on first use. */
const redocPage = new InPageEntry<typeof import('./redoc-in-page.ts')>(new URL('./redoc-in-page.ts', import.meta.url));
import { writeApiExplorer } from './openapi.ts';
import { npmStaticApp } from './static-app.ts';
import type { CorpusFlow, RealApp } from './types.ts';

/**
 * Redoc (npm `redoc`): a React API reference with styled-components' hashed class names and hash
 * routes (`#tag/Plants/operation/listPlants`), its standalone bundle under the path prefix `/docs/api/`.
 * The page's content security policy keeps images on this host: the bundle always shows a logo
 * from the vendor's CDN. No server state: the corpus's oracles read the route and what is
 * expanded in the final page.
 */

const kBundle = 'bundles/redoc.standalone.js';
const kPrefix = '/docs/api/';

const kIndex = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="img-src 'self' data:"><title>Garden API</title></head>
<body><redoc spec-url="openapi.json"></redoc><script src="redoc.standalone.js"></script></body></html>`;

const hashOf = (url: string) => decodeURIComponent(new URL(url).hash);

const kFlows: CorpusFlow[] = [
  {
    name: 'navigate',
    plan: 'redoc/navigate.json',
    start: kPrefix.slice(1),
    async oracle({ page }) {
      return hashOf(page.url()) === '#tag/Beds/operation/updateBed' ? null : `at ${hashOf(page.url())}`;
    },
  },
  {
    name: 'search',
    extra: true,
    plan: 'redoc/search.json',
    start: kPrefix.slice(1),
    async oracle({ page }) {
      return hashOf(page.url()) === '#tag/Plants/operation/deletePlant' ? null : `at ${hashOf(page.url())}`;
    },
  },
  {
    name: 'expand',
    plan: 'redoc/expand.json',
    start: kPrefix.slice(1),
    async oracle({ page }) {
      // The nested fields of "watering" in the 200 response of getPlant are shown, those of "bed" are not.
      const shown = await page.evaluate(await redocPage.fn('expandedFields'));
      return shown.litres && !shown.sun ? null : `expanded: ${JSON.stringify(shown)}`;
    },
  },
  {
    name: 'collapse',
    plan: 'redoc/collapse.json',
    start: kPrefix.slice(1),
    async oracle({ page }) {
      // In getPlant's response sample the "bed" object is folded, "watering" is not; other samples untouched.
      const state = await page.evaluate(await redocPage.fn('foldedSamples'));
      const ok = !state.get.sun && state.get.litres && state.list.sun && state.list.litres;
      return ok ? null : `samples: ${JSON.stringify(state)}`;
    },
  },
];

export const redoc: RealApp = {
  ...npmStaticApp({
    name: 'redoc', package: 'redoc', files: [kBundle], prefix: kPrefix, route: '',
    kind: 'React API reference (hashed class names) with hash routes, under the path prefix /docs/api/',
    traits: ['single-page', 'hash-routes', 'path-prefix'],
    readyText: 'Plants, beds and the work of the week.',
    build: (dir, packageDir) => writeApiExplorer(dir, path.join(packageDir, kBundle), kIndex),
  }),
  // Its traits are all Fauxton's: the conformance bench runs it.
  conformance: { benchOnly: true },
  corpus: { flows: kFlows },
};
