import fs from 'node:fs';
import path from 'node:path';
import { npmStaticApp } from './static-app.ts';
import type { RealApp } from './types.ts';

/**
 * Docute (npm `docute`): a Vue single-page documentation app with hash routes (`#/planting`),
 * served under the path prefix `/docs/v5/` with a few Markdown pages. Two real releases:
 * 4.23.3 (`docute`) and 4.13.6 (`docute-4.13`), with the same configuration.
 */

const kPrefix = '/docs/v5/';
const kDist = ['dist/docute.js', 'dist/docute.css'];

const kPages: Record<string, string> = {
  'README.md': '# Garden notes\n\nNotes about a small garden.\n\n- [Planting](#/planting)\n- [Watering](#/watering)\n',
  'planting.md': '# Planting\n\nPlant in spring.\n\n## Tomatoes\n\nDeep holes.\n\n## Beans\n\nShallow rows.\n',
  'watering.md': '# Watering\n\nWater in the morning.\n\n| Plant | Litres |\n|---|---|\n| Tomato | two |\n| Bean | one |\n',
  'pests.md': '# Pests\n\nSnails like lettuce.\n',
};

const kIndex = `<!doctype html><html><head><meta charset="utf-8"><title>Garden notes</title><link rel="stylesheet" href="docute.css"></head>
<body><div id="docute"></div><script src="docute.js"></script>
<script>new Docute({ target: '#docute', title: 'Garden notes', sidebar: [{ title: 'Guide', links: [
  { title: 'Home', link: '/' }, { title: 'Planting', link: '/planting' }, { title: 'Watering', link: '/watering' }, { title: 'Pests', link: '/pests' } ] }] });</script>
</body></html>`;

function docuteRelease(name: string, pkg: string, conformance: NonNullable<RealApp['conformance']>): RealApp {
  return {
    ...npmStaticApp({
      name, package: pkg, files: kDist, prefix: kPrefix, route: '#/',
      kind: 'Vue single-page docs app with hash routes, under the path prefix /docs/v5/',
      traits: ['single-page', 'hash-routes', 'path-prefix'],
      readyText: 'Notes about a small garden.',
      build(dir, packageDir) {
        for (const file of kDist) fs.copyFileSync(path.join(packageDir, file), path.join(dir, path.basename(file)));
        for (const [file, text] of Object.entries(kPages)) fs.writeFileSync(path.join(dir, file), text);
        fs.writeFileSync(path.join(dir, 'index.html'), kIndex);
      },
    }),
    conformance,
  };
}

/** Its traits are Redoc's, whose pipeline the suite runs: its own runs in the conformance bench. */
export const docute = docuteRelease('docute', 'docute', { benchOnly: true });
/** The older release: its whole pipeline runs in the conformance bench too. */
export const docute413 = docuteRelease('docute-4.13', 'docute-4.13', { benchOnly: true });
