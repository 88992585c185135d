import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { inPage } from '../../../core/in-page.ts';
import type { CorpusApp, RunningApp } from '../corpus.ts';

/**
 * Redoc (npm `redoc`, a React single-page API reference with styled-components' hashed class
 * names and hash routes): its standalone bundle renders a small OpenAPI description served under a
 * path prefix. No server state: the oracle reads the route and what is expanded in the final page.
 */

const kRepo = path.resolve(import.meta.dirname, '../../..');
const kBundle = path.join(kRepo, 'node_modules', 'redoc', 'bundles', 'redoc.standalone.js');
/** Served under a path prefix, as an API reference usually is. */
const kPrefix = '/docs/api/';

const plant = {
  type: 'object',
  properties: {
    id: { type: 'integer', description: 'Plant id' },
    name: { type: 'string', description: 'What grows' },
    bed: {
      type: 'object', description: 'Where it grows',
      properties: { name: { type: 'string', description: 'Bed name' }, sun: { type: 'string', enum: ['shade', 'full', 'morning'], description: 'Light the bed gets' } },
    },
    watering: {
      type: 'object', description: 'How it is watered',
      properties: { every: { type: 'string', description: 'How often' }, litres: { type: 'number', description: 'How much' } },
    },
  },
};
const error = { type: 'object', properties: { message: { type: 'string', description: 'What went wrong' } } };
const op = (id: string, summary: string, tag: string, extra: Record<string, unknown> = {}) => ({
  operationId: id, summary, tags: [tag],
  responses: {
    200: { description: 'Done', content: { 'application/json': { schema: plant } } },
    404: { description: 'Not found', content: { 'application/json': { schema: error } } },
  },
  ...extra,
});

const kSpec = {
  openapi: '3.0.3',
  info: { title: 'Garden API', version: '1.0.0', description: 'Plants, beds and the work of the week.' },
  tags: [{ name: 'Plants', description: 'What grows in the garden.' }, { name: 'Beds', description: 'Where things grow.' }],
  paths: {
    '/plants': {
      get: op('listPlants', 'List plants', 'Plants', { parameters: [{ name: 'bed', in: 'query', schema: { type: 'string' }, description: 'Only plants of this bed' }] }),
      post: op('addPlant', 'Add a plant', 'Plants', { requestBody: { content: { 'application/json': { schema: plant } } } }),
    },
    '/plants/{id}': {
      get: op('getPlant', 'Get a plant', 'Plants', { parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }] }),
      delete: op('deletePlant', 'Delete a plant', 'Plants', { parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }] }),
    },
    '/beds': { get: op('listBeds', 'List beds', 'Beds') },
    '/beds/{name}': { put: op('updateBed', 'Update a bed', 'Beds', { parameters: [{ name: 'name', in: 'path', required: true, schema: { type: 'string' } }] }) },
  },
};

const kIndex = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Garden API</title></head>
<body><redoc spec-url="openapi.json"></redoc><script src="redoc.standalone.js"></script></body></html>`;

function unavailable(): string | null {
  return fs.existsSync(kBundle) ? null : 'redoc is not installed (npm install)';
}

async function start(): Promise<RunningApp> {
  const bundle = fs.readFileSync(kBundle);
  const files: Record<string, [string, string | Buffer]> = {
    '': ['text/html; charset=utf-8', kIndex],
    'openapi.json': ['application/json', JSON.stringify(kSpec)],
    'redoc.standalone.js': ['text/javascript; charset=utf-8', bundle],
  };
  const server = http.createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://x').pathname;
    const file = pathname.startsWith(kPrefix) ? files[pathname.slice(kPrefix.length)] : undefined;
    if (file) res.writeHead(200, { 'content-type': file[0] }).end(file[1]);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    async reset() {},
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const hashOf = (url: string) => decodeURIComponent(new URL(url).hash);

export const redoc: CorpusApp = {
  name: 'redoc',
  unavailable,
  start,
  flows: [
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
        const shown = await page.evaluate(inPage(() => {
          const section = document.querySelector('[data-section-id="tag/Plants/operation/getPlant"]');
          const cells = Array.from(section?.querySelectorAll('td') ?? []).map((td) => td.textContent ?? '');
          return { litres: cells.some((c) => c.includes('litres')), sun: cells.some((c) => c.trim().startsWith('sun')) };
        }));
        return shown.litres && !shown.sun ? null : `expanded: ${JSON.stringify(shown)}`;
      },
    },
    {
      name: 'collapse',
      plan: 'redoc/collapse.json',
      start: kPrefix.slice(1),
      async oracle({ page }) {
        // In getPlant's response sample the "bed" object is folded, "watering" is not; other samples untouched.
        const state = await page.evaluate(inPage(() => {
          const visible = (el: Element | null | undefined) => !!el && (el as HTMLElement).offsetParent !== null;
          const sample = (id: string) => {
            const items = Array.from(document.querySelectorAll(`[data-section-id="${id}"] li`));
            const find = (text: string) => items.find((li) => li.textContent?.trim().startsWith(text));
            return { sun: visible(find('"sun"')), litres: visible(find('"litres"')) };
          };
          return { get: sample('tag/Plants/operation/getPlant'), list: sample('tag/Plants/operation/listPlants') };
        }));
        const ok = !state.get.sun && state.get.litres && state.list.sun && state.list.litres;
        return ok ? null : `samples: ${JSON.stringify(state)}`;
      },
    },
  ],
};
