import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '../support/fixtures.ts';
import type { History } from '../../core/schema/history.ts';
import { replay } from '../../replay/replay.ts';
import { dokuwikiUnavailable, startDokuWiki, type DokuWiki } from '../../harness/apps/dokuwiki-install.ts';
import { recordHistory } from './support/record.ts';
import { needRealApp } from '../support/real-app-required.ts';

/**
 * A real app nobody here wrote, and a real release-like change: DokuWiki recorded in English,
 * replayed unchanged and then switched to its own German translation (every caption, title and
 * placeholder changes). Judged by the page file the wiki wrote, not by replay's verdict.
 */

needRealApp(dokuwikiUnavailable());
test.describe.configure({ mode: 'serial', timeout: 120_000 });

let wiki: DokuWiki;
let history: History;
const kPage = () => path.join(wiki.dir, 'data', 'pages', 'guide', 'install.txt');

test.beforeAll(async ({ browser }) => {
  wiki = await startDokuWiki();
  const page = await browser.newPage();
  history = await recordHistory(page, wiki.url, [
    { action: 'input', params: { text: 'Installing' }, target: (p) => p.getByPlaceholder('Search') },
    { action: 'send_keys', params: { keys: 'Enter' } },
    { action: 'click', params: {}, target: (p) => p.getByRole('link', { name: 'Test Wiki' }) },
    { action: 'click', params: {}, target: (p) => p.getByRole('link', { name: 'Installing' }) },
    { action: 'click', params: {}, target: (p) => p.getByRole('link', { name: 'Edit this page [e]' }) },
    { action: 'input', params: { text: '====== Installing ======\n\nRecorded in English.\n' }, target: (p) => p.locator('#wiki__text') },
    { action: 'click', params: {}, target: (p) => p.getByRole('button', { name: 'Save' }) },
  ]);
  await page.close();
  expect(fs.readFileSync(kPage(), 'utf8')).toContain('Recorded in English.');
});

test.afterAll(async () => wiki?.close());

function resetPage(text: string): void {
  fs.writeFileSync(kPage(), `====== Installing ======\n\n${text}\n`);
}

test('the unchanged wiki replays every step through the recorded locators', async ({ page }) => {
  resetPage('Copy the files.');
  const { report } = await replay(page, history, { replayId: 'dw-en', findTimeoutMs: 3_000 });
  expect(report.summary.ok, JSON.stringify(report.steps.map((s) => [s.status, s.level, s.message]))).toBe(true);
  expect(report.steps.filter((s) => s.level !== null).every((s) => s.level === 'recorded')).toBe(true);
  expect(fs.readFileSync(kPage(), 'utf8')).toContain('Recorded in English.');
});

test('the wiki in German (another install, another address) replays the same flow: every control found again, the page saved', async ({ page }) => {
  const german = await startDokuWiki();
  try {
    const local = path.join(german.dir, 'conf', 'local.php');
    fs.appendFileSync(local, "$conf['lang'] = 'de';\n");
    await page.goto(german.url);
    await expect(page.getByPlaceholder('Suche')).toBeVisible();
    const { report } = await replay(page, history, { replayId: 'dw-de', baseUrl: new URL(german.url).origin + '/', findTimeoutMs: 3_000 });
    expect(report.summary.ok, JSON.stringify(report.steps.map((s) => [s.status, s.level, s.message, s.notes]), null, 1)).toBe(true);
    expect(report.steps.some((s) => s.status === 'healed')).toBe(true);
    expect(fs.readFileSync(path.join(german.dir, 'data', 'pages', 'guide', 'install.txt'), 'utf8')).toContain('Recorded in English.');
  } finally {
    await german.close();
  }
});
