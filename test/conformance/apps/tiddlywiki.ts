import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { ConformanceApp } from '../support/conformance.ts';
import { freePort } from './serve.ts';

/**
 * TiddlyWiki (npm): a single-page notebook app, its Node.js server edition on 127.0.0.1, with a
 * few seed tiddlers. Everything happens in one page: opening, editing and closing tiddlers.
 */

/** The server boots the whole wiki before it listens: a few seconds, more on a busy machine. */
const kStartTimeoutMs = 30_000;

const kTiddlers: Record<string, string> = {
  'Planting': 'Plant in spring. See [[Watering]].',
  'Watering': 'Water in the morning.',
  'Pests': 'Snails like lettuce.',
  '$:/DefaultTiddlers': '[[Garden notes]]',
  'Garden notes': 'Notes about a small garden: [[Planting]], [[Watering]], [[Pests]].',
  '$:/SiteTitle': 'Garden notebook',
};

function entry(): string | null {
  try {
    return createRequire(import.meta.url).resolve('tiddlywiki/tiddlywiki.js');
  } catch {
    return null;
  }
}

export const tiddlywiki: ConformanceApp = {
  name: 'tiddlywiki',
  kind: 'single-page notebook (npm tiddlywiki, Node.js server edition)',
  unavailable: () => (entry() ? null : 'tiddlywiki is not installed (npm install)'),
  maxSteps: 8,
  async start() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bu-tiddlywiki-'));
    fs.writeFileSync(path.join(dir, 'tiddlywiki.info'), JSON.stringify({ plugins: ['tiddlywiki/tiddlyweb', 'tiddlywiki/filesystem'], themes: ['tiddlywiki/vanilla', 'tiddlywiki/snowwhite'] }));
    fs.mkdirSync(path.join(dir, 'tiddlers'));
    Object.entries(kTiddlers).forEach(([title, text], i) => {
      fs.writeFileSync(path.join(dir, 'tiddlers', `seed-${i}.tid`), `title: ${title}\ntype: text/vnd.tiddlywiki\n\n${text}\n`);
    });
    const port = await freePort();
    const child = spawn(process.execPath, [entry()!, dir, '--listen', `port=${port}`, 'host=127.0.0.1'], { stdio: 'ignore' });
    const close = async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      }
      fs.rmSync(dir, { recursive: true, force: true });
    };
    const url = `http://127.0.0.1:${port}/`;
    const deadline = Date.now() + kStartTimeoutMs;
    for (;;) {
      try {
        if ((await fetch(url)).ok) break;
      } catch {
        // not listening yet
      }
      if (child.exitCode !== null || Date.now() > deadline) {
        await close();
        throw new Error(`TiddlyWiki did not answer at ${url}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return { url, close };
  },
};
