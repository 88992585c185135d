import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright';
import type { CorpusApp, RunningApp } from '../corpus.ts';

/**
 * TiddlyWiki (npm `tiddlywiki`, a single-page app with its own widget framework): a wiki folder
 * with a few tiddlers, one of them a task list whose rows hold unnamed checkboxes, built into the
 * standalone `index.html` by each release and served as a static file. Its state lives in the page
 * (nothing is saved), so a fresh browser context is a fresh wiki and the oracle reads the wiki's
 * store in the final page. Two real releases: flows recorded on 5.4.1 replay on 5.3.8.
 */

const kRepo = path.resolve(import.meta.dirname, '../../..');
const kReleases = { current: 'tiddlywiki', previous: 'tiddlywiki-5.3' } as const;

const kInfo = { description: 'heal corpus', plugins: [], themes: ['tiddlywiki/vanilla', 'tiddlywiki/snowwhite'], build: { index: ['--render', '$:/core/save/all', 'index.html', 'text/plain'] } };

const kTiddlers: Record<string, string> = {
  '$__DefaultTiddlers.tid': 'title: $:/DefaultTiddlers\n\n[[Garden]]\n',
  '$__SiteTitle.tid': 'title: $:/SiteTitle\n\nGarden notes\n',
  'Garden.tid': 'title: Garden\ntags: Home\n\nThe garden has three beds. See [[Tasks]] for the work of the week and [[Beds]] for what grows where.\n',
  'Beds.tid': 'title: Beds\n\n|!Bed |!Sun |!Plants |\n|North |shade |Lettuce |\n|South |full |Tomato, Bean |\n|East |morning |Carrot |\n\nBack to [[Garden]].\n',
  'Tasks.tid': 'title: Tasks\n\n<ul>\n<$list filter="[tag[task]sort[title]]">\n<li><$checkbox tag="done"/> <$link/></li>\n</$list>\n</ul>\n',
  'Water the beans.tid': 'title: Water the beans\ntags: task\n\nEvery evening in dry weeks.\n',
  'Sow the carrots.tid': 'title: Sow the carrots\ntags: task\n\nIn the east bed, in rows.\n',
  'Pick the lettuce.tid': 'title: Pick the lettuce\ntags: task\n\nBefore it flowers.\n',
};

function tiddlywikiJs(release: string): string {
  return path.join(kRepo, 'node_modules', release, 'tiddlywiki.js');
}

function unavailableFor(release: string): () => string | null {
  return () => (fs.existsSync(tiddlywikiJs(release)) ? null : `${release} is not installed (npm install)`);
}

/** Builds the standalone wiki with one release; returns the file. */
function build(release: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bu-tiddlywiki-'));
  fs.writeFileSync(path.join(dir, 'tiddlywiki.info'), JSON.stringify(kInfo));
  fs.mkdirSync(path.join(dir, 'tiddlers'));
  for (const [file, text] of Object.entries(kTiddlers)) fs.writeFileSync(path.join(dir, 'tiddlers', file), text);
  const result = spawnSync(process.execPath, [tiddlywikiJs(release), dir, '--build', 'index'], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`building the wiki with ${release} failed: ${result.stderr}`);
  return path.join(dir, 'output', 'index.html');
}

function starter(release: string): () => Promise<RunningApp> {
  return async () => {
    const file = build(release);
    const html = fs.readFileSync(file);
    const server = http.createServer((req, res) => {
      if (req.url === '/' || req.url?.startsWith('/index.html')) res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return {
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
      // Nothing is kept on the server: every browser context starts from the file.
      async reset() {},
      async stop() {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
        fs.rmSync(path.dirname(path.dirname(file)), { recursive: true, force: true });
      },
    };
  };
}

/** Reads the wiki's store in the page: a tiddler's fields, and the titles open in the story. */
async function wiki(page: Page): Promise<{ story: string[]; tiddler(title: string): Promise<Record<string, string> | null> }> {
  const story = await page.evaluate(() => (window as unknown as { $tw: { wiki: { getTiddlerList(t: string): string[] } } }).$tw.wiki.getTiddlerList('$:/StoryList'));
  return {
    story,
    tiddler: (title) => page.evaluate((t) => {
      const tw = (window as unknown as { $tw: { wiki: { getTiddler(t: string): { fields: Record<string, unknown> } | undefined } } }).$tw;
      const found = tw.wiki.getTiddler(t);
      return found ? Object.fromEntries(Object.entries(found.fields).map(([k, v]) => [k, Array.isArray(v) ? v.join(' ') : String(v)])) : null;
    }, title),
  };
}

export const tiddlywiki: CorpusApp = {
  name: 'tiddlywiki',
  unavailable: unavailableFor(kReleases.current),
  start: starter(kReleases.current),
  other: { name: 'release 5.3.8', unavailable: unavailableFor(kReleases.previous), start: starter(kReleases.previous) },
  flows: [
    {
      name: 'new-tiddler',
      plan: 'tiddlywiki/new-tiddler.json',
      start: '',
      async oracle({ page }) {
        const w = await wiki(page);
        const note = await w.tiddler('Compost');
        const draft = await w.tiddler('Draft of \'Compost\'');
        // Saved under the typed title (not the default "New Tiddler"), the draft gone, and shown.
        return note && !draft && w.story.includes('Compost') ? null : `Compost ${note ? 'saved' : 'missing'}, draft ${draft ? 'left' : 'gone'}, story: ${w.story.join(', ')}`;
      },
    },
    {
      name: 'check-task',
      plan: 'tiddlywiki/check-task.json',
      start: '',
      async oracle({ page }) {
        const w = await wiki(page);
        const tags = await Promise.all(['Water the beans', 'Sow the carrots', 'Pick the lettuce'].map(async (t) => (await w.tiddler(t))?.tags ?? ''));
        return /\bdone\b/.test(tags[1]!) && !/\bdone\b/.test(tags[0]!) && !/\bdone\b/.test(tags[2]!) ? null : `tags: ${JSON.stringify(tags)}`;
      },
    },
    {
      name: 'search',
      plan: 'tiddlywiki/search.json',
      start: '',
      async oracle({ page }) {
        const { story } = await wiki(page);
        return story[0] === 'Beds' ? null : `story: ${story.join(', ')}`;
      },
    },
    {
      name: 'close',
      plan: 'tiddlywiki/close.json',
      start: '',
      async oracle({ page }) {
        const { story } = await wiki(page);
        return story.includes('Tasks') && !story.includes('Garden') ? null : `story: ${story.join(', ')}`;
      },
    },
  ],
};
