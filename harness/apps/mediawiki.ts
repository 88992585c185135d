import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { debianPackageVersion, debianUnavailable, phpSqliteUnavailable } from './debian.ts';
import { freePort, removeDir, serveInstance, tempDir, waitUntilAnswers } from './serve.ts';
import type { RealApp, RunningApp } from './types.ts';

/**
 * MediaWiki (Debian's `mediawiki`): the server-rendered PHP wiki, its Vector skin, query-string
 * routes (`index.php?title=Main_Page`), a login form, an edit form around a wikitext area, a
 * search box with suggestions, and special pages. Installed per instance with its own installer
 * (`maintenance/install.php`) into a SQLite database in the instance's temp dir; the code is
 * Debian's, linked, not copied (284 MB), and the configuration the installer writes is found
 * through `MW_CONFIG_FILE`. Served by `php -S`; anyone may read and edit, one admin signs in
 * (a sysop and bureaucrat: the installer's first user). Its bundled VisualEditor is on: the Edit
 * tab opens a `contenteditable` rich editor (Edit source the wikitext form), its Parsoid run in the
 * request (no REST service to reach, which a `php -S` answering one request at a time could not
 * answer to itself).
 */

const kCode = '/usr/share/mediawiki';
const kUser = 'Admin';
const kPassword = 'garden-keeper-42';
const kWiki = 'Garden Wiki';

function unavailable(): string | null {
  return debianUnavailable('MediaWiki', path.join(kCode, 'index.php'), ['mediawiki', 'php8.2-intl', 'php8.2-xml', 'php8.2-sqlite3']) ?? phpSqliteUnavailable();
}

/** A page the flows read, written through the maintenance script as an editor would. */
function seedPage(root: string, env: NodeJS.ProcessEnv, title: string, text: string): void {
  const result = spawnSync('php', ['maintenance/edit.php', '--user', kUser, '--summary', 'seed', title], { cwd: root, env, input: text, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`seeding ${title}: ${result.stderr || result.stdout}`);
}

/**
 * What a release of the wiki changes on the one Debian ships: its interface messages reworded
 * (pages of the MediaWiki: namespace, which the wiki reads before its own, `$wgUseDatabaseMessages`
 * being on), or its content language.
 */
export interface MediaWikiRelease {
  /** Message key (the page's title without `MediaWiki:`) -> its new text. */
  messages?: Record<string, string>;
  /** `$wgLanguageCode`: every label in that language (the pages keep their titles). */
  language?: string;
}

async function start(release: MediaWikiRelease = {}): Promise<RunningApp> {
  const dir = tempDir('mediawiki');
  const root = path.join(dir, 'root');
  const data = path.join(dir, 'data');
  fs.mkdirSync(root);
  fs.mkdirSync(data);
  // The code linked entry by entry: the instance's own configuration and uploads folder beside it.
  for (const entry of fs.readdirSync(kCode)) {
    if (entry !== 'LocalSettings.php' && entry !== 'images') fs.symlinkSync(path.join(kCode, entry), path.join(root, entry));
  }
  fs.mkdirSync(path.join(root, 'images'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const settings = path.join(root, 'LocalSettings.php');
  const env = { ...process.env, MW_CONFIG_FILE: settings };
  const install = spawnSync('php', [
    'maintenance/install.php', '--dbtype=sqlite', `--dbpath=${data}`, `--server=${origin}`, '--scriptpath=', '--lang=en',
    `--pass=${kPassword}`, `--confpath=${root}`, '--skins=Vector', kWiki, kUser,
  ], { cwd: root, env, encoding: 'utf8' });
  if (install.status !== 0) {
    removeDir(dir);
    throw new Error(`MediaWiki's installer failed: ${install.stderr || install.stdout}`);
  }
  // Nothing fetched from elsewhere, no mail, no jobs left for page views to run; pages at
  // `index.php?title=...` (php -S hands no path info to a script).
  fs.appendFileSync(settings, '\n$wgEnableEmail = false;\n$wgJobRunRate = 0;\n$wgEnableUploads = false;\n$wgUseInstantCommons = false;\n$wgUsePathInfo = false;\n');
  // The rich editor, no welcome dialog in front of it on first use; its edits saved with a
  // summary dialog as every wiki's are.
  fs.appendFileSync(settings, "wfLoadExtension( 'VisualEditor' );\n$wgDefaultUserOptions['visualeditor-enable'] = 1;\n$wgDefaultUserOptions['visualeditor-hidebetawelcome'] = 1;\n");
  if (release.language) fs.appendFileSync(settings, `$wgLanguageCode = '${release.language}';\n`);
  seedPage(root, env, 'Tomato', "'''Tomatoes''' want sun and steady water.\n\n== Sowing ==\nSow indoors in early spring.\n");
  seedPage(root, env, 'Bean', "'''Beans''' climb whatever stands beside them.\n");
  for (const [key, text] of Object.entries(release.messages ?? {})) seedPage(root, env, `MediaWiki:${key}`, text);
  const pristine = path.join(dir, 'data.pristine');
  fs.cpSync(data, pristine, { recursive: true });
  const stop = await serveInstance('MediaWiki', dir, { command: 'php', args: ['-S', `127.0.0.1:${port}`, '-t', root], cwd: root, env }, async (child) => {
    await waitUntilAnswers(`${origin}/index.php?title=Main_Page`, { child });
  });
  return {
    url: `${origin}/index.php?title=Main_Page`,
    login: { user: kUser, password: kPassword },
    dir,
    // The database files as installed and seeded (a request in between reads them whole or not at all).
    async reset() {
      for (const file of fs.readdirSync(pristine)) fs.cpSync(path.join(pristine, file), path.join(data, file), { recursive: true, force: true });
    },
    stop,
  };
}

export const mediawiki: RealApp = {
  name: 'mediawiki',
  kind: 'server-rendered PHP wiki (SQLite) with query-string routes, a login, an edit form around a wikitext area and a search box with suggestions, served by php -S',
  source: { kind: 'debian', package: 'mediawiki', version: debianPackageVersion('mediawiki') },
  traits: ['server-rendered'],
  readyText: 'Main Page',
  benchOnly: true,
  unavailable,
  start: () => start(),
  conformance: {
    maxSteps: 12,
    signsIn: true,
    // The crawl saves an edit of a page that did not exist (a red link's edit form): its flow spec
    // and its replay spec each create that page, the data put back before each by the generated
    // project's reset command.
    // Sign in, write a page, read it back, find it by searching.
    plan: (url) => ({
      version: 1, url,
      steps: [
        { click: { target: { role: 'link', name: 'Log in' } } },
        { input: { target: { role: 'textbox', name: 'Username' }, text: kUser } },
        { input: { target: { role: 'textbox', name: 'Password' }, text: '{{secret:password}}' } },
        { click: { target: { role: 'button', name: 'Log in' } } },
        { expect_text: { target: 'css=#firstHeading', text: 'Main Page', exact: true } },
        { navigate: { url: 'index.php?title=Squash&action=edit' } },
        { input: { target: "locator('#wpTextbox1')", text: "'''Squash''' spreads wide; give it room." } },
        { click: { target: { role: 'button', name: 'Save page' } } },
        { expect_text: { target: 'css=#firstHeading', text: 'Squash', exact: true } },
        { input: { target: 'css=#searchInput', text: 'Tomato' } },
        { send_keys: { keys: 'Enter' } },
        { expect_text: { target: 'css=#firstHeading', text: 'Tomato', exact: true } },
        { done: { text: 'signed in, wrote the Squash page, found the Tomato page by searching', success: true } },
      ],
    }),
  },
};

/** A flow of an admin: a plan under bench/heal/plans/, where it starts (relative to the origin), what it does. */
export interface AdminFlow {
  name: string;
  plan: string;
  start: string;
  does: string;
}

/**
 * What an admin does in the wiki as a CMS, each signed in first on the login page (the plan's own
 * sign-in, which `bu capture script --check` runs): a setting (the real name in the
 * preferences), a category page, a new user (Special:CreateAccount, as the signed-in admin), and a
 * page written and published in VisualEditor. The secret `password` is the admin's.
 */
export const kMediaWikiAdminFlows: readonly AdminFlow[] = [
  { name: 'change-setting', plan: 'mediawiki/change-setting.json', start: 'index.php?title=Special:UserLogin&returnto=Main_Page', does: 'sets the real name in the preferences' },
  { name: 'add-category', plan: 'mediawiki/add-category.json', start: 'index.php?title=Special:UserLogin&returnto=Main_Page', does: 'creates the Herbs category' },
  { name: 'add-user', plan: 'mediawiki/add-user.json', start: 'index.php?title=Special:UserLogin&returnto=Main_Page', does: 'adds the user Fern' },
  { name: 'write-page', plan: 'mediawiki/write-page.json', start: 'index.php?title=Special:UserLogin&returnto=Main_Page', does: 'writes and publishes the Pepper page in VisualEditor' },
];

/**
 * The wiki with the labels the admin flows use reworded, as a release that renames its buttons
 * would: the wiki's own message overrides, a gettext-style filter over every label it prints (the
 * rich editor's, sent through ResourceLoader, among them). The elements, their ids and names in the
 * forms stay; what the flows check (the headings, the saved-preferences notice) is not reworded.
 */
export const kRewordedMessages: Readonly<Record<string, string>> = {
  'userlogin-yourname': 'Your user name',
  'pt-login-button': 'Sign in',
  saveprefs: 'Save preferences',
  'createacct-another-submit': 'Add the account',
  savearticle: 'Publish page',
};

function release(name: string, kind: string, changes: MediaWikiRelease): RealApp {
  return { ...mediawiki, name, kind: `${mediawiki.kind}; ${kind}`, start: () => start(changes), conformance: undefined };
}

/** The wiki of `kRewordedMessages`: not in the registry's list (the same Debian release), replayed on by bench/cms.bench.ts. */
export const mediawikiReworded = release('mediawiki-reworded', 'the admin flows\' labels reworded by MediaWiki: pages', { messages: kRewordedMessages });

/** The wiki in German (`$wgLanguageCode = 'de'`): every label translated, the pages' titles and contents as they were. */
export const mediawikiGerman = release('mediawiki-de', 'its interface in German', { language: 'de' });
