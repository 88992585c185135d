import path from 'node:path';
import { writeApiExplorer } from './openapi.ts';
import { npmStaticApp } from './static-app.ts';
import type { RealApp } from './types.ts';

/**
 * RapiDoc (npm `rapidoc`): an OpenAPI explorer web component (Lit, shadow DOM), under the path prefix
 * `/api/v5/docs/`. `load-fonts="false"` keeps it from fetching its web fonts off the machine.
 */

const kBundle = 'dist/rapidoc-min.js';

const kIndex = `<!doctype html><html><head><meta charset="utf-8"><title>Garden API</title><script type="module" src="rapidoc-min.js"></script></head>
<body><rapi-doc spec-url="openapi.json" render-style="read" show-header="false" allow-try="false" load-fonts="false"></rapi-doc></body></html>`;

export const rapidoc: RealApp = {
  ...npmStaticApp({
    name: 'rapidoc', package: 'rapidoc', files: [kBundle], prefix: '/api/v5/docs/', route: '',
    kind: 'OpenAPI explorer (a web component in shadow DOM), under the path prefix /api/v5/docs/',
    traits: ['single-page', 'path-prefix', 'shadow-dom'],
    readyText: 'List plants',
    build: (dir, packageDir) => writeApiExplorer(dir, path.join(packageDir, kBundle), kIndex),
  }),
  // Its shadow DOM the suite proves on pages of its own (replay/shadow-region, capture/perceive): the
  // whole pipeline on it runs in the conformance bench.
  conformance: { benchOnly: true },
};
