import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { ConformanceApp } from '../support/conformance.ts';
import { serveStatic } from './serve.ts';

/**
 * Docute (npm): a Vue single-page documentation app with hash routes (`#/planting`), served as a
 * web server would under a path prefix (`/docs/v5/`), with a few pages of Markdown to walk.
 */

const kPrefix = '/docs/v5/';

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

function distDir(): string | null {
  try {
    return path.dirname(createRequire(import.meta.url).resolve('docute/dist/docute.js'));
  } catch {
    return null;
  }
}

export const docute: ConformanceApp = {
  name: 'docute',
  kind: 'Vue single-page app (npm docute) with hash routes, under the path prefix /docs/v5/',
  unavailable: () => (distDir() ? null : 'docute is not installed (npm install)'),
  maxSteps: 8,
  async start() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bu-docute-'));
    for (const file of ['docute.js', 'docute.css']) fs.copyFileSync(path.join(distDir()!, file), path.join(dir, file));
    for (const [file, text] of Object.entries(kPages)) fs.writeFileSync(path.join(dir, file), text);
    fs.writeFileSync(path.join(dir, 'index.html'), kIndex);
    const served = await serveStatic(dir, kPrefix);
    return {
      url: `${served.url}#/`,
      close: async () => {
        await served.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  },
};
