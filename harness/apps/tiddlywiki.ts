import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright';
import { builtOnce, copyBuilt } from './built-once.ts';
import { npmPackageDir, npmPackageVersion, npmUnavailable } from './packages.ts';
import { nothingToReset, once, removeDir, serveStatic, tempDir } from './serve.ts';
import type { CorpusFlow, RealApp, RunningApp } from './types.ts';

/**
 * TiddlyWiki (npm `tiddlywiki`): a single-page notebook with its own widget framework. A wiki folder
 * with a few tiddlers is built by the release into its standalone `index.html`, served as a static
 * file. Permalinks are hash routes (`#Tasks`); the Tasks tiddler lists rows whose checkboxes have
 * no accessible name. Its state lives in the page (nothing is saved), so a fresh browser context
 * is a fresh wiki, and the corpus's oracles read the wiki's store in the final page. Two real
 * releases: 5.4.1 (`tiddlywiki`) and 5.3.8 (`tiddlywiki-5.3`).
 */

const kInfo = { description: 'garden notes', plugins: [], themes: ['tiddlywiki/vanilla', 'tiddlywiki/snowwhite'], build: { index: ['--render', '$:/core/save/all', 'index.html', 'text/plain'] } };

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

/** Builds the standalone wiki with one release into `dir`/output/index.html. */
function build(pkg: string, dir: string): void {
  fs.writeFileSync(path.join(dir, 'tiddlywiki.info'), JSON.stringify(kInfo));
  fs.mkdirSync(path.join(dir, 'tiddlers'));
  for (const [file, text] of Object.entries(kTiddlers)) fs.writeFileSync(path.join(dir, 'tiddlers', file), text);
  const result = spawnSync(process.execPath, [path.join(npmPackageDir(pkg)!, 'tiddlywiki.js'), dir, '--build', 'index'], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`building the wiki with ${pkg} failed: ${result.stderr}`);
}

/** Layout of the built folder: bump when `build` writes something else from the same inputs. */
const kBuildLayout = 1;

function starter(pkg: string): () => Promise<RunningApp> {
  return async () => {
    // The same release and tiddlers build the same wiki: built once (0.6 CPU-s and seconds of a
    // loaded machine's wall time each start), copied for each instance.
    const releaseDir = npmPackageDir(pkg)!;
    const built = builtOnce(pkg, [kBuildLayout, releaseDir, npmPackageVersion(pkg), kInfo, kTiddlers], (dir) => build(pkg, dir));
    const dir = tempDir(pkg);
    try {
      copyBuilt(built, dir);
      const served = await serveStatic(path.join(dir, 'output'), '/');
      return { url: served.url, dir, reset: nothingToReset, stop: once(async () => {
        await served.close();
        removeDir(dir);
      }) };
    } catch (err) {
      removeDir(dir);
      throw err;
    }
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

const kFlows: CorpusFlow[] = [
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
];

function tiddlywikiRelease(name: string, pkg: string, conformance: NonNullable<RealApp['conformance']>, corpus?: RealApp['corpus']): RealApp {
  return {
    name,
    kind: 'single-page notebook (own widget framework), a standalone HTML file, permalinks as hash routes',
    source: { kind: 'npm', package: pkg, version: npmPackageVersion(pkg) ?? 'not installed' },
    traits: ['single-page', 'hash-routes', 'unnamed-row-controls'],
    readyText: 'The garden has three beds.',
    unavailable: () => npmUnavailable(pkg, ['tiddlywiki.js']),
    start: starter(pkg),
    conformance,
    ...(corpus ? { corpus } : {}),
  };
}

/** The previous release: its whole pipeline runs in the conformance bench, as the newest's does. */
export const tiddlywiki53 = tiddlywikiRelease('tiddlywiki-5.3', 'tiddlywiki-5.3', { benchOnly: true });
/** Flows recorded on 5.4.1 replay on 5.3.8 as well. Its traits are all Fauxton's: the conformance bench runs it. */
export const tiddlywiki = tiddlywikiRelease('tiddlywiki', 'tiddlywiki', { benchOnly: true }, { flows: kFlows, other: tiddlywiki53 });
