import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '../support/fixtures.ts';
import { appBaseURL } from '../../core/base-url.ts';
import { serveStatic } from '../../harness/apps/serve.ts';
import { recordAndGenerate, runGeneratedSpecs, typecheckGenerated } from '../../harness/generate/pipeline.ts';
import { readTree, tempWorkspace } from '../../harness/generate/on-disk.ts';

/**
 * The one BASE_URL rule, end to end: specs generated from a flow recorded under a path prefix, and
 * from one recorded at a server's root, pass with BASE_URL unset (the recorded address), set to
 * the origin (same host, recorded path kept) and set to a prefix where another copy of the app is
 * served (the recorded directory moves there).
 */

/**
 * The base URL the generated config gives its specs under BASE_URL=`base` (empty: unset): the
 * config's own rule, `appBaseURL(process.env.BASE_URL, recordedBase)`, on the base it recorded.
 */
function configuredBase(out: string, base: string): string {
  const config = fs.readFileSync(path.join(out, 'playwright.config.ts'), 'utf8');
  expect(config).toContain('baseURL: appBaseURL(process.env.BASE_URL, recordedBase),');
  const recordedBase = /const recordedBase = '([^']+)';/.exec(config)?.[1];
  expect(recordedBase, config).toBeDefined();
  return appBaseURL(base || undefined, recordedBase!);
}

/** Two pages linked relatively, as an app deployed under any prefix writes them. */
function writeApp(dir: string): void {
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Garden</title><main><h1>Garden</h1><a href="beds.html">Beds</a></main>');
  fs.writeFileSync(path.join(dir, 'beds.html'), '<!doctype html><title>Beds</title><main><h1>Beds</h1><ul><li>North</li><li>South</li></ul><a href="./">Home</a></main>');
}

function plan(url: string) {
  return { version: 1, url, steps: [{ click: { target: { role: 'link', name: 'Beds' } } }, { done: { text: 'saw the beds', success: true } }] };
}

// Recorded at a server's root is the prefix's edge case of the same rule (the unit tests of
// appBaseURL hold its addresses; every other end-to-end test records at a root): make bench runs it.
for (const recordedPrefix of ['/shop/v1/', '/']) {
  test(`recorded at ${recordedPrefix}: specs pass with BASE_URL unset, set to the origin and set to another prefix`, { tag: recordedPrefix === '/' ? '@bench' : [] }, async () => {
    test.setTimeout(240_000);
    const ws = tempWorkspace('e2e-base-url');
    const dirs = [fs.mkdtempSync(path.join(os.tmpdir(), 'bu-base-a-')), fs.mkdtempSync(path.join(os.tmpdir(), 'bu-base-b-'))];
    for (const dir of dirs) writeApp(dir);
    const recorded = await serveStatic(dirs[0]!, recordedPrefix);
    const moved = await serveStatic(dirs[1]!, '/store/v2/');
    try {
      await recordAndGenerate(ws, recorded.url, plan(recorded.url));
      // The strict type check beside the runs: it reads the generated files, the runs write only their results.
      const tsc = typecheckGenerated(ws.out);
      // BASE_URL is read by the config alone, into the specs' base URL: unset, it is the recorded
      // directory; set to the origin, the same directory (the recorded path kept), so that run is
      // the unset one again, run once; set to the prefix, the moved copy.
      const readers = [...readTree(ws.out)].filter(([, text]) => text.includes('BASE_URL')).map(([file]) => file);
      expect(readers).toEqual(['playwright.config.ts']);
      expect(configuredBase(ws.out, '')).toBe(recorded.url);
      expect(configuredBase(ws.out, new URL(recorded.url).origin)).toBe(recorded.url);
      expect(configuredBase(ws.out, moved.url)).toBe(moved.url);
      for (const baseUrl of ['', moved.url]) {
        const specs = await runGeneratedSpecs(ws.out, baseUrl, 'tests/', {}, { noTrace: true });
        expect(specs.status, `BASE_URL=${baseUrl || '(unset)'}\n${specs.output}`).toBe(0);
        expect(specs.output).toMatch(/\d+ passed/);
      }
      const typecheck = await tsc;
      expect(typecheck.status, typecheck.output).toBe(0);
    } finally {
      await recorded.close();
      await moved.close();
      for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
      ws.remove();
    }
  });
}
