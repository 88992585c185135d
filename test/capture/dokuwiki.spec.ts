import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '../support/fixtures.ts';
import { compactSnapshot } from '../../capture/perceive/compact.ts';
import { markOffscreen } from '../../capture/perceive/offscreen.ts';
import { runCli } from '../../harness/cli.ts';
import { dokuwikiUnavailable, startDokuWiki, type DokuWiki } from '../../harness/apps/dokuwiki-install.ts';
import { needRealApp } from '../support/real-app-required.ts';

/**
 * The crawler on a real application it was not written for: Debian's DokuWiki under `php -S`.
 * Skipped, with the reason, where php or the dokuwiki package is missing.
 */

/** Ten distinct states are asked for; the budget leaves room for forms and failed returns. */
const kSteps = 20;
const kMinStates = 10;

const unavailable = dokuwikiUnavailable();
needRealApp(unavailable && `DokuWiki cannot run here: ${unavailable}`);
test.describe.configure({ timeout: 240_000 });

let wiki: DokuWiki;
test.beforeAll(async () => {
  wiki = await startDokuWiki();
});
test.afterAll(async () => {
  await wiki?.close();
});

// The crawler on real apps runs in the suite's conformance apps; this longer crawl, in make bench.
test(`crawler explore visits at least ${kMinStates} distinct DokuWiki states without errors`, { tag: '@bench' }, async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bu-dokuwiki-run-'));
  try {
    const cli = await runCli(['capture', 'explore', '--url', wiki.url, '--max-steps', String(kSteps), '--policy', 'crawler', '--json'], {
      cwd: dir, env: { BU_OUTPUT: path.join(dir, 'output') }, timeoutMs: 220_000,
    });
    expect(cli.code, cli.stderr).toBe(0);
    expect(['frontier-empty', 'maxSteps']).toContain(cli.json?.terminationReason);
    const sessionId = String(cli.json!.sessionId);
    const lines = fs.readFileSync(path.join(dir, 'output', 'aria-log', `${sessionId}.jsonl`), 'utf8').trim().split('\n');
    const states = new Set(lines.map((line) => (JSON.parse(line) as { hash: string }).hash));
    expect(states.size, `states at: ${lines.map((line) => (JSON.parse(line) as { url: string }).url).join(' ')}`).toBeGreaterThanOrEqual(kMinStates);
    const reasoning = fs.readFileSync(path.join(dir, 'output', 'reasoning', `${sessionId}.jsonl`), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { kind: string; text: string });
    expect(reasoning.filter((line) => line.kind === 'error').map((line) => line.text)).toEqual([]);
    // Never logged out, deleted or left the wiki's host.
    expect(lines.every((line) => new URL((JSON.parse(line) as { url: string }).url).host === new URL(wiki.url).host)).toBe(true);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("the template's skip link, parked left of the page until it has focus, is the one control marked offscreen", async ({ page }) => {
  await page.goto(wiki.url);
  // The template's stylesheet parks the link: the page is read once it did. Read right after the
  // load, the link was still in its place in one of two runs on a loaded machine.
  await expect(page.getByRole('link', { name: 'skip to content' })).not.toBeInViewport();
  const { elements } = compactSnapshot(await page.ariaSnapshot({ mode: 'ai' }));
  await markOffscreen(page, elements);
  expect(elements.filter((e) => e.offscreen).map((e) => e.name)).toEqual(['skip to content']);
  // The page's own links, below the fold included, are in reach.
  expect(elements.filter((e) => !e.offscreen).length).toBeGreaterThan(10);
});
