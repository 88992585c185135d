import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ConformanceApp } from '../support/conformance.ts';
import { serveStatic } from './serve.ts';

/**
 * reveal.js (npm): a slide deck app with hash routes (`#/2/1`), keyboard and control navigation,
 * served under the path prefix `/talks/garden/`, with a small deck (one vertical stack).
 */

const kPrefix = '/talks/garden/';

const kDeck = `<!doctype html><html><head><meta charset="utf-8"><title>Garden talk</title>
<link rel="stylesheet" href="dist/reset.css"><link rel="stylesheet" href="dist/reveal.css"><link rel="stylesheet" href="dist/theme/white.css"></head>
<body><div class="reveal"><div class="slides">
  <section><h1>Garden talk</h1><p>Three things about a small garden.</p><p><a href="#/planting">Start with planting</a></p></section>
  <section id="planting"><h2>Planting</h2><p>Plant in spring.</p></section>
  <section><section><h2>Watering</h2><p>Water in the morning.</p></section><section><h2>Tomatoes</h2><p>Every day in summer.</p></section></section>
  <section><h2>Pests</h2><p>Snails like lettuce. <a href="#/0">Back to the start</a></p></section>
</div></div>
<script src="dist/reveal.js"></script><script>Reveal.initialize({ hash: true, controls: true, progress: true });</script>
</body></html>`;

/** reveal.js's package folder (its `exports` do not list the dist folder). */
function packageDir(): string | null {
  try {
    const dir = path.dirname(fileURLToPath(import.meta.resolve('reveal.js/package.json')));
    return fs.existsSync(path.join(dir, 'dist', 'reveal.js')) ? dir : null;
  } catch {
    const guess = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../node_modules/reveal.js');
    return fs.existsSync(path.join(guess, 'dist', 'reveal.js')) ? guess : null;
  }
}

export const reveal: ConformanceApp = {
  name: 'reveal.js',
  kind: 'slide deck app (npm reveal.js) with hash routes, under the path prefix /talks/garden/',
  unavailable: () => (packageDir() ? null : 'reveal.js is not installed (npm install)'),
  maxSteps: 8,
  async start() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bu-reveal-'));
    fs.cpSync(path.join(packageDir()!, 'dist'), path.join(dir, 'dist'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'index.html'), kDeck);
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
