import fs from 'node:fs';
import path from 'node:path';
import { kGardenApi } from './openapi.ts';
import { npmPackageDir, npmPackageVersion, npmUnavailable } from './packages.ts';
import { startStaticApp } from './static-app.ts';
import type { RealApp } from './types.ts';

/**
 * Redoc (npm `redoc`): a React API reference with styled-components' hashed class names and hash
 * routes (`#tag/Plants/operation/listPlants`), its standalone bundle under the path prefix `/docs/api/`.
 * The page's content security policy keeps images on this host: the bundle always shows a logo
 * from the vendor's CDN.
 */

const kBundle = 'bundles/redoc.standalone.js';

const kIndex = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="img-src 'self' data:"><title>Garden API</title></head>
<body><redoc spec-url="openapi.json"></redoc><script src="redoc.standalone.js"></script></body></html>`;

export const redoc: RealApp = {
  name: 'redoc',
  kind: 'React API reference (hashed class names) with hash routes, under the path prefix /docs/api/',
  source: { kind: 'npm', package: 'redoc', version: npmPackageVersion('redoc') ?? 'not installed' },
  traits: ['single-page', 'hash-routes', 'path-prefix'],
  readyText: 'Plants, beds and the pests that eat them.',
  unavailable: () => npmUnavailable('redoc', [kBundle]),
  start: () => startStaticApp({
    name: 'redoc', prefix: '/docs/api/', route: '',
    build(dir) {
      fs.copyFileSync(path.join(npmPackageDir('redoc')!, kBundle), path.join(dir, 'redoc.standalone.js'));
      fs.writeFileSync(path.join(dir, 'openapi.json'), JSON.stringify(kGardenApi));
      fs.writeFileSync(path.join(dir, 'index.html'), kIndex);
    },
  }),
};
