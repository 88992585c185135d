import path from 'node:path';
import { npmPackageVersion, npmUnavailable } from './packages.ts';
import { freePort, serveInstance, tempDir, waitUntilAnswers } from './serve.ts';
import type { RealApp, RunningApp } from './types.ts';

/**
 * Fauxton (npm `pouchdb-fauxton`, served by `express-pouchdb`): CouchDB's admin UI, a Backbone and
 * React single-page app with hash routes (`#/database/plants/_all_docs`), under `/_utils/`. Its
 * tables and document lists hold rows whose select boxes and edit, delete and copy buttons are
 * icons with no accessible name. Data: three in-memory databases (plants, beds, tasks).
 */

const kServer = path.join(import.meta.dirname, 'fauxton-server.ts');
/** tsx's loader by its own address: the server's cwd is the temp dir, where `--import tsx` would not resolve. */
const kTsx = (): string => import.meta.resolve('tsx');

function unavailable(): string | null {
  return npmUnavailable('express-pouchdb', ['lib/index.js']) ?? npmUnavailable('pouchdb-fauxton', ['www/index.html'])
    ?? npmUnavailable('pouchdb-adapter-memory', []);
}

const kSeed: Record<string, object[]> = {
  plants: [
    { _id: 'bean', name: 'Bean', bed: 'South', water: 'weekly' },
    { _id: 'carrot', name: 'Carrot', bed: 'East', water: 'weekly' },
    { _id: 'lettuce', name: 'Lettuce', bed: 'North', water: 'daily' },
    { _id: 'tomato', name: 'Tomato', bed: 'South', water: 'daily' },
  ],
  beds: [
    { _id: 'north', name: 'North', sun: 'shade' },
    { _id: 'south', name: 'South', sun: 'full' },
  ],
  tasks: [
    { _id: 'water-the-beans', title: 'Water the beans', done: false },
    { _id: 'sow-the-carrots', title: 'Sow the carrots', done: true },
  ],
};

/** Through the CouchDB API, as a user would: databases made so are the ones Fauxton lists. Drops them first when they are there. */
async function seed(origin: string): Promise<void> {
  for (const [db, docs] of Object.entries(kSeed)) {
    await fetch(`${origin}/${db}`, { method: 'DELETE' });
    const created = await fetch(`${origin}/${db}`, { method: 'PUT' });
    const filled = await fetch(`${origin}/${db}/_bulk_docs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ docs }) });
    if (!created.ok || !filled.ok) throw new Error(`seeding ${db} failed: ${created.status} ${filled.status}`);
  }
}

async function start(): Promise<RunningApp> {
  const dir = tempDir('fauxton');
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const stop = await serveInstance('Fauxton', dir, { command: process.execPath, args: ['--import', kTsx(), kServer, dir, String(port)], cwd: dir }, async (child) => {
    await waitUntilAnswers(`${origin}/_utils/`, { child });
    await seed(origin);
  });
  return { url: `${origin}/_utils/#/_all_dbs`, dir, reset: () => seed(origin), stop };
}

export const fauxton: RealApp = {
  name: 'fauxton',
  kind: 'CouchDB admin single-page app (Backbone + React) with hash routes, under /_utils/',
  source: { kind: 'npm', package: 'pouchdb-fauxton (via express-pouchdb)', version: npmPackageVersion('pouchdb-fauxton') ?? 'not installed' },
  traits: ['single-page', 'hash-routes', 'path-prefix', 'unnamed-row-controls', 'opens-tab'],
  readyText: 'plants',
  unavailable,
  start,
  // Its notification panel is a fixed layer slid past the viewport's right edge: the crawler leaves
  // its controls alone (capture/perceive/offscreen.ts) and walks the databases.
  conformance: {
    // The API tray's "View JSON" link opens the server's answer in a new tab (target=_blank), read
    // there and closed: once for the database list, once for a database's documents. The button's
    // name begins with its icon's glyph, so it is matched by its word, not exactly.
    plan: (url) => ({
      version: 1, url,
      steps: [
        { click: { target: { role: 'button', name: 'API' } } },
        { click: { target: { role: 'link', name: 'View JSON' } } },
        { expect_text: { text: 'plants' } },
        { close: {} },
        { click: { target: { role: 'link', name: 'plants', exact: true } } },
        { click: { target: { role: 'button', name: 'API' } } },
        { click: { target: { role: 'link', name: 'View JSON' } } },
        { expect_text: { text: 'tomato' } },
        { close: {} },
        { done: { text: "read the database list and a database's documents as JSON", success: true } },
      ],
    }),
  },
};
