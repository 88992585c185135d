import fs from 'node:fs';
import path from 'node:path';
import { kGardenApi } from './openapi.ts';
import { npmPackageDir, npmPackageVersion, npmUnavailable } from './packages.ts';
import { startStaticApp } from './static-app.ts';
import type { RealApp } from './types.ts';

/**
 * RapiDoc (npm `rapidoc`): an OpenAPI explorer web component (Lit, shadow DOM), under the path prefix
 * `/api/v5/docs/`. `load-fonts="false"` keeps it from fetching its web fonts off the machine.
 */

const kBundle = 'dist/rapidoc-min.js';

const kIndex = `<!doctype html><html><head><meta charset="utf-8"><title>Garden API</title><script type="module" src="rapidoc-min.js"></script></head>
<body><rapi-doc spec-url="openapi.json" render-style="read" show-header="false" allow-try="false" load-fonts="false"></rapi-doc></body></html>`;

export const rapidoc: RealApp = {
  name: 'rapidoc',
  kind: 'OpenAPI explorer (a web component in shadow DOM), under the path prefix /api/v5/docs/',
  source: { kind: 'npm', package: 'rapidoc', version: npmPackageVersion('rapidoc') ?? 'not installed' },
  traits: ['single-page', 'path-prefix'],
  readyText: 'List plants',
  unavailable: () => npmUnavailable('rapidoc', [kBundle]),
  start: () => startStaticApp({
    name: 'rapidoc', prefix: '/api/v5/docs/', route: '',
    build(dir) {
      fs.copyFileSync(path.join(npmPackageDir('rapidoc')!, kBundle), path.join(dir, 'rapidoc-min.js'));
      fs.writeFileSync(path.join(dir, 'openapi.json'), JSON.stringify(kGardenApi));
      fs.writeFileSync(path.join(dir, 'index.html'), kIndex);
    },
  }),
  conformance: {},
};
