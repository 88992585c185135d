import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ConformanceApp } from '../support/conformance.ts';
import { serveStatic } from './serve.ts';

/**
 * RapiDoc (npm): an OpenAPI explorer (a web component), served under the path prefix
 * `/api/v5/docs/` with a small OpenAPI document of a plant catalogue.
 */

const kPrefix = '/api/v5/docs/';

const kSpec = {
  openapi: '3.0.3',
  info: { title: 'Plant catalogue', version: '1.0.0', description: 'Plants, their watering and their pests.' },
  tags: [{ name: 'plants', description: 'The plants of the garden' }, { name: 'pests', description: 'What eats them' }],
  paths: {
    '/plants': {
      get: { tags: ['plants'], summary: 'List plants', parameters: [{ name: 'water', in: 'query', schema: { type: 'string', enum: ['daily', 'weekly'] } }], responses: { 200: { description: 'The plants' } } },
      post: { tags: ['plants'], summary: 'Add a plant', requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { name: { type: 'string' } } } } } }, responses: { 201: { description: 'Added' } } },
    },
    '/plants/{plantId}': { get: { tags: ['plants'], summary: 'Show a plant', parameters: [{ name: 'plantId', in: 'path', required: true, schema: { type: 'integer' } }], responses: { 200: { description: 'The plant' } } } },
    '/pests': { get: { tags: ['pests'], summary: 'List pests', responses: { 200: { description: 'The pests' } } } },
  },
};

const kIndex = `<!doctype html><html><head><meta charset="utf-8"><title>Plant catalogue API</title><script type="module" src="rapidoc-min.js"></script></head>
<body><rapi-doc spec-url="openapi.json" render-style="read" show-header="false" allow-try="false"></rapi-doc></body></html>`;

function distFile(): string | null {
  const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../node_modules/rapidoc/dist/rapidoc-min.js');
  return fs.existsSync(file) ? file : null;
}

export const rapidoc: ConformanceApp = {
  name: 'rapidoc',
  kind: 'OpenAPI explorer (npm rapidoc, a web component), under the path prefix /api/v5/docs/',
  unavailable: () => (distFile() ? null : 'rapidoc is not installed (npm install)'),
  maxSteps: 8,
  async start() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bu-rapidoc-'));
    fs.copyFileSync(distFile()!, path.join(dir, 'rapidoc-min.js'));
    fs.writeFileSync(path.join(dir, 'openapi.json'), JSON.stringify(kSpec));
    fs.writeFileSync(path.join(dir, 'index.html'), kIndex);
    const served = await serveStatic(dir, kPrefix);
    return {
      url: served.url,
      close: async () => {
        await served.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  },
};
