import fs from 'node:fs';
import path from 'node:path';
import { npmPackageDir, npmPackageVersion, npmUnavailable } from './packages.ts';
import { freePort, once, removeDir, spawnServer, tempDir, waitUntilAnswers } from './serve.ts';
import type { RealApp, RunningApp } from './types.ts';

/**
 * TiddlyWiki (npm `tiddlywiki`): a single-page notebook with its own widget framework, its Node.js
 * server edition (`--listen`) on a wiki folder in a temp dir. Permalinks are hash routes (`#Tasks`);
 * the Tasks tiddler lists rows whose checkboxes have no accessible name. Two real releases:
 * 5.4.1 (`tiddlywiki`) and 5.3.8 (`tiddlywiki-5.3`).
 */

const kInfo = { plugins: ['tiddlywiki/tiddlyweb', 'tiddlywiki/filesystem'], themes: ['tiddlywiki/vanilla', 'tiddlywiki/snowwhite'] };

const kTiddlers: Record<string, string> = {
  '$:/DefaultTiddlers': '[[Garden]]',
  '$:/SiteTitle': 'Garden notebook',
  'Garden': 'The garden has three beds. See [[Tasks]] for the work of the week and [[Beds]] for what grows where.',
  'Beds': '|!Bed |!Sun |!Plants |\n|North |shade |Lettuce |\n|South |full |Tomato, Bean |\n|East |morning |Carrot |',
  'Tasks': '<ul>\n<$list filter="[tag[task]sort[title]]">\n<li><$checkbox tag="done"/> <$link/></li>\n</$list>\n</ul>',
  'Water the beans': 'Every evening in dry weeks.',
  'Sow the carrots': 'In the east bed, in rows.',
  'Pick the lettuce': 'Before it flowers.',
};
const kTasks = new Set(['Water the beans', 'Sow the carrots', 'Pick the lettuce']);

function writeWiki(dir: string): void {
  fs.writeFileSync(path.join(dir, 'tiddlywiki.info'), JSON.stringify(kInfo));
  fs.mkdirSync(path.join(dir, 'tiddlers'));
  Object.entries(kTiddlers).forEach(([title, text], i) => {
    const tags = kTasks.has(title) ? 'tags: task\n' : '';
    fs.writeFileSync(path.join(dir, 'tiddlers', `seed-${i}.tid`), `title: ${title}\n${tags}type: text/vnd.tiddlywiki\n\n${text}\n`);
  });
}

function starter(pkg: string): () => Promise<RunningApp> {
  return async () => {
    const dir = tempDir(pkg);
    writeWiki(dir);
    const port = await freePort();
    const entry = path.join(npmPackageDir(pkg)!, 'tiddlywiki.js');
    const server = spawnServer({ command: process.execPath, args: [entry, dir, '--listen', `port=${port}`, 'host=127.0.0.1'], cwd: dir });
    const stop = once(async () => {
      await server.stop();
      removeDir(dir);
    });
    const url = `http://127.0.0.1:${port}/`;
    try {
      await waitUntilAnswers(url, { child: server.child });
    } catch (err) {
      await stop();
      throw new Error(`TiddlyWiki did not start: ${(err as Error).message}\n${server.output()}`);
    }
    return { url, dir, stop };
  };
}

function tiddlywikiRelease(name: string, pkg: string): RealApp {
  return {
    name,
    kind: 'single-page notebook (own widget framework), Node.js server edition, permalinks as hash routes',
    source: { kind: 'npm', package: pkg, version: npmPackageVersion(pkg) ?? 'not installed' },
    traits: ['single-page', 'hash-routes', 'unnamed-row-controls'],
    readyText: 'The garden has three beds.',
    unavailable: () => npmUnavailable(pkg, ['tiddlywiki.js']),
    start: starter(pkg),
  };
}

export const tiddlywiki = tiddlywikiRelease('tiddlywiki', 'tiddlywiki');
export const tiddlywiki53 = tiddlywikiRelease('tiddlywiki-5.3', 'tiddlywiki-5.3');
