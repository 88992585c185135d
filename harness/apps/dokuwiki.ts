import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { debianPackageVersion } from './debian.ts';
import { dokuwikiUnavailable, startDokuWiki } from './dokuwiki-install.ts';
import type { CorpusFlow, RealApp, RunningApp } from './types.ts';

/**
 * DokuWiki (Debian's `dokuwiki`): a server-rendered PHP wiki with jQuery and query-string routes
 * (`doku.php?id=faq`), copied into a temp dir with a few seed pages and served by `php -S` (see
 * dokuwiki-install.ts). Anyone may read and edit; four users, one of them an admin whose login is
 * the instance's, so the user manager shows a table whose rows hold unnamed checkboxes. State
 * lives in files: a reset copies the data and user files back.
 */

const kUser = 'ann';
const kPassword = 'wiki-bench-pass';

function md5(text: string): string {
  return crypto.createHash('md5').update(text).digest('hex');
}

const kUsers = [
  `${kUser}:${md5(kPassword)}:Ann Admin:ann@example.com:admin,user`,
  `bob:${md5('bob-pass')}:Bob Builder:bob@example.com:user`,
  `carol:${md5('carol-pass')}:Carol Singer:carol@example.com:user`,
  `dave:${md5('dave-pass')}:Dave Miller:dave@example.com:user`,
];

async function start(): Promise<RunningApp> {
  const wiki = await startDokuWiki();
  try {
    const users = path.join(wiki.dir, 'conf', 'users.auth.php');
    fs.writeFileSync(users, `# <?php exit()?>\n${kUsers.join('\n')}\n`);
    const data = path.join(wiki.dir, 'data');
    // A link out of its namespace, so a walk from page to page comes back to the start page.
    fs.writeFileSync(path.join(data, 'pages', 'guide', 'usage.txt'), '====== Using it ======\n\nEdit pages, search, browse the [[:start|start page]].\n');
    // The search index and the compiled styles and scripts are built once, before the pristine copy:
    // a reset keeps them, so every replay meets a warm wiki.
    spawnSync('php', ['bin/indexer.php', '-q'], { cwd: wiki.dir, stdio: 'ignore' });
    for (const asset of ['doku.php?id=start', 'lib/exe/css.php?t=dokuwiki', 'lib/exe/js.php?t=dokuwiki']) await fetch(new URL(asset, wiki.url)).then((r) => r.text());
    const pristine = path.join(wiki.dir, 'data.pristine');
    fs.cpSync(data, pristine, { recursive: true });
    const usersText = fs.readFileSync(users, 'utf8');
    let resets = 0;
    return {
      url: wiki.url,
      login: { user: kUser, password: kPassword },
      dir: wiki.dir,
      async reset() {
        // The wiki's task runner may still be writing to data/ (index, locks, cache) after the
        // last page a flow loaded: data/ is first moved aside in one rename, so those writes land
        // in the old copy and the fresh one is never mixed with them; the old copy is removed
        // after; one the runner is still filling is left to the removal of the wiki's folder on stop.
        // The fresh copy is made beside it first and renamed into place, so a write that lands
        // between the two renames (a straggler recreating data/cache/...) cannot break the copy: what
        // it recreated is moved aside too.
        const old = `${data}.old-${++resets}`;
        const fresh = `${data}.fresh-${resets}`;
        fs.cpSync(pristine, fresh, { recursive: true });
        fs.renameSync(data, old);
        for (let late = 1; ; late++) {
          try {
            fs.renameSync(fresh, data);
            break;
          } catch (err) {
            if (late > 3 || !fs.existsSync(data)) throw err;
            fs.renameSync(data, `${old}-late-${late}`);
          }
        }
        const moved = path.basename(old);
        for (const aside of fs.readdirSync(path.dirname(data)).filter((f) => f === moved || f.startsWith(`${moved}-late-`))) {
          try {
            fs.rmSync(path.join(path.dirname(data), aside), { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
          } catch {
            // Still being written: removed with the wiki's folder.
          }
        }
        fs.writeFileSync(users, usersText);
      },
      stop: wiki.close,
    };
  } catch (err) {
    await wiki.close();
    throw err;
  }
}

const kFlows: CorpusFlow[] = [
  {
    name: 'login',
    extra: true,
    plan: 'dokuwiki/login.json',
    start: 'doku.php?id=start',
    secrets: { password: kPassword },
    async oracle({ app, request }) {
      const html = await (await request.get(new URL('doku.php?id=start', app.url).href)).text();
      return html.includes('do=logout') && html.includes('Ann Admin') ? null : 'not signed in as ann';
    },
  },
  {
    name: 'delete-user',
    plan: 'dokuwiki/delete-user.json',
    start: 'doku.php?id=start',
    secrets: { password: kPassword },
    async oracle({ app, request }) {
      const html = await (await request.get(new URL('doku.php?id=start&do=admin&page=usermanager', app.url).href)).text();
      if (!html.includes('carol@example.com')) return 'cannot read the user list (not signed in as admin?)';
      const gone = !html.includes('bob@example.com');
      const kept = ['ann@example.com', 'carol@example.com', 'dave@example.com'].every((e) => html.includes(e));
      return gone && kept ? null : `bob ${gone ? 'deleted' : 'still there'}, others ${kept ? 'kept' : 'missing'}`;
    },
  },
  {
    name: 'edit-page',
    plan: 'dokuwiki/edit-page.json',
    start: 'doku.php?id=faq',
    async oracle({ app, request }) {
      const raw = await (await request.get(new URL('doku.php?id=faq&do=export_raw', app.url).href)).text();
      return raw.includes('Benchmarks edit this page.') && !raw.includes('Because tests need pages') ? null : `faq reads ${JSON.stringify(raw.slice(0, 60))}`;
    },
  },
  {
    name: 'search',
    plan: 'dokuwiki/search.json',
    start: 'doku.php?id=start',
    async oracle({ page }) {
      // The page's own words may be mutated: its id in the address is not.
      const url = new URL(page.url());
      return url.searchParams.get('id') === 'guide:install' && !url.searchParams.get('do') ? null : `at ${url.search}`;
    },
  },
  {
    name: 'browse',
    extra: true,
    plan: 'dokuwiki/browse.json',
    start: 'doku.php?id=start',
    async oracle({ page }) {
      const url = new URL(page.url());
      return url.searchParams.get('id') === 'faq' && url.searchParams.get('do') === 'recent' ? null : `at ${url.search}`;
    },
  },
];

export const dokuwiki: RealApp = {
  name: 'dokuwiki',
  kind: 'server-rendered PHP wiki (query-string routes), served by php -S',
  source: { kind: 'debian', package: 'dokuwiki', version: debianPackageVersion('dokuwiki') },
  traits: ['server-rendered', 'opens-tab'],
  readyText: 'Welcome',
  unavailable: dokuwikiUnavailable,
  start,
  // The whole pipeline on it runs in the conformance bench (test/conformance/conformance.spec.ts says why).
  conformance: {
    benchOnly: true,
    // Reading the bundled guide (links found by their captions, a navigation back to the start),
    // then the editor's toolbar button that opens the media files in a window of their own
    // (window.open): a search there, the window closed, the edit cancelled (which releases the
    // page's edit lock, so the next run can edit it).
    plan: (url) => ({
      version: 1, url,
      steps: [
        { click: { target: { role: 'link', name: 'Installing', exact: true } } },
        { navigate: { url } },
        { click: { target: { role: 'link', name: 'Edit this page' } } },
        { click: { target: { role: 'button', name: 'Add Images and other files (opens in a new window)' } } },
        { expect_text: { target: { role: 'heading', name: 'Media Files' }, text: 'Media Files' } },
        { input: { target: { role: 'textbox', name: 'Search file name:' }, text: 'garden' } },
        { click: { target: { role: 'button', name: 'Search', exact: true } } },
        { expect_text: { text: 'Nothing was found.' } },
        { close: {} },
        { click: { target: { role: 'button', name: 'Cancel' } } },
        { done: { text: 'read the guide and searched the media files from the editor', success: true } },
      ],
    }),
  },
  corpus: { flows: kFlows },
};
