import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { debianPackageVersion, phpSqliteUnavailable } from './debian.ts';
import { once, removeDir, servePhp, tempDir } from './serve.ts';
import type { CorpusFlow, RealApp, RunningApp } from './types.ts';

/**
 * Debian's `adminer` ships two apps over one core: Adminer, a server-rendered PHP database admin
 * (tables, SQL command), and Adminer Editor, a data editor for end users. Both run here the same
 * way, configured as Adminer documents it: an `adminer_object()` with the password-less-login
 * plugin, so the SQLite file `garden.db` (plants and beds) opens with one password and any user
 * name. The database path is relative, so every instance has the same URLs. Data tables have an
 * unnamed checkbox and an "edit" link in every row.
 */

const kAdminer = '/usr/share/adminer';
/** Long enough that redaction never mistakes the app's own text for it. */
const kPassword = 'garden-pass-42';
const kUser = 'gardener';
const kDb = 'garden.db';
const kSeed = 'CREATE TABLE plants (id INTEGER PRIMARY KEY, name TEXT NOT NULL, water TEXT, bed TEXT); ' +
  "INSERT INTO plants (name, water, bed) VALUES ('Tomato', 'daily', 'north'), ('Bean', 'weekly', 'south'), ('Lettuce', 'daily', 'south'), ('Carrot', 'weekly', 'east');" +
  'CREATE TABLE beds (name TEXT PRIMARY KEY, sun TEXT); ' +
  "INSERT INTO beds VALUES ('north', 'shade'), ('south', 'full'), ('east', 'morning');";
/** Adminer's login address for the file: it reads the driver and the database from it. */
const kAdminerStart = `index.php?sqlite=&username=&db=${kDb}`;

type Product = 'adminer' | 'editor';

function unavailable(product: Product): string | null {
  if (!fs.existsSync(path.join(kAdminer, `${product}.php`))) return `Adminer is not installed at ${kAdminer} (apt-get install adminer, or make test-deps)`;
  return phpSqliteUnavailable();
}

/**
 * The entry file. Adminer Editor's login form has no database field: `database()` names the file.
 * A known version: Adminer then skips its version check, a request to adminer.org.
 */
function indexPhp(product: Product): string {
  return `<?php
function adminer_object() {
  include_once "${kAdminer}/plugins/plugin.php";
  include_once "${kAdminer}/plugins/login-password-less.php";
  class GardenAdminer extends AdminerPlugin {
    function database() { return DB != "" ? DB : ${JSON.stringify(kDb)}; }
  }
  return new GardenAdminer(array(new AdminerLoginPasswordLess(password_hash(${JSON.stringify(kPassword)}, PASSWORD_DEFAULT))));
}
$_COOKIE["adminer_version"] = "";
// This deployment serves one SQLite file: every login is for the SQLite driver.
if (isset($_POST["auth"])) $_POST["auth"]["driver"] = "sqlite";
include "${kAdminer}/${product}.php";
`;
}

function query(db: string, sql: string): string {
  const code = `$db = new SQLite3(${JSON.stringify(db)}); $r = $db->query(${JSON.stringify(sql)}); while ($row = $r->fetchArray(SQLITE3_NUM)) echo implode("|", $row), "\\n";`;
  return spawnSync('php', ['-r', code], { encoding: 'utf8' }).stdout;
}

function starter(product: Product, probe: string): () => Promise<RunningApp> {
  return async () => {
    const dir = tempDir(`adminer-${product}`);
    const db = path.join(dir, kDb);
    const pristine = path.join(dir, 'pristine.db');
    // Adminer counts failed logins per address in its temp dir and then refuses every login for a
    // while: each instance gets its own, emptied on reset, so one replay's failures never spill over.
    const temp = path.join(dir, 'tmp');
    try {
      const seeded = spawnSync('php', ['-r', `$db = new SQLite3(${JSON.stringify(pristine)}); $db->exec(${JSON.stringify(kSeed)});`], { encoding: 'utf8' });
      if (seeded.status !== 0) throw new Error(`seeding Adminer's database failed: ${seeded.stderr}`);
      fs.copyFileSync(pristine, db);
      fs.writeFileSync(path.join(dir, 'index.php'), indexPhp(product));
      fs.mkdirSync(temp);
      const { origin, server } = await servePhp(dir, `/${probe}`, { upload_tmp_dir: temp, 'session.save_path': temp });
      return {
        url: `${origin}/${probe}`,
        login: { user: kUser, password: kPassword },
        dir,
        async reset() {
          fs.copyFileSync(pristine, db);
          for (const file of fs.readdirSync(temp)) if (file.startsWith('adminer.invalid')) fs.rmSync(path.join(temp, file));
        },
        stop: once(async () => {
          await server.stop();
          removeDir(dir);
        }),
      };
    } catch (err) {
      removeDir(dir);
      throw err;
    }
  };
}

/** An oracle that reads the rows of `sql` from the instance's database file itself, joined by commas. */
function rowsAre(sql: string, expected: string, what: string): CorpusFlow['oracle'] {
  return async ({ app }) => {
    const rows = query(path.join(app.dir, kDb), sql).trim().split('\n').join(',');
    return rows === expected ? null : `${what}: ${rows}`;
  };
}

/** Each flow signs in from the login address first: its plan is `adminer/NAME.json`. */
const flow = (name: string, oracle: CorpusFlow['oracle'], extra = false): CorpusFlow =>
  ({ name, plan: `adminer/${name}.json`, start: kAdminerStart, secrets: { password: kPassword }, oracle, ...(extra ? { extra } : {}) });

const kFlows: CorpusFlow[] = [
  flow('login', async ({ app, request }) => {
    const html = await (await request.get(new URL(kAdminerStart, app.url).href)).text();
    return html.includes('plants') && !/type=["']?password/.test(html) ? null : 'not signed in';
  }, true),
  flow('delete-row', rowsAre('SELECT name FROM plants ORDER BY id', 'Tomato,Lettuce,Carrot', 'plants')),
  flow('edit-row', rowsAre('SELECT name, water FROM plants ORDER BY id', 'Tomato|daily,Bean|weekly,Lettuce|hourly,Carrot|weekly', 'plants')),
  flow('sql', rowsAre('SELECT name FROM beds ORDER BY name', 'east,north,south,west', 'beds')),
];

/** One of the two apps, as the registry lists it. */
function adminerApp(product: Product, probe: string, what: string, signedInText: string): RealApp {
  return {
    name: product === 'adminer' ? 'adminer' : 'adminer-editor',
    kind: `server-rendered PHP ${what} behind a password login (SQLite), served by php -S`,
    source: { kind: 'debian', package: 'adminer', version: debianPackageVersion('adminer') },
    traits: ['server-rendered', 'login'],
    readyText: 'Login',
    signedInText,
    unavailable: () => unavailable(product),
    start: starter(product, probe),
  };
}

export const adminer: RealApp = { ...adminerApp('adminer', kAdminerStart, 'database admin', 'SQL command'), corpus: { flows: kFlows } };
// A login and server-rendered pages the suite proves on the demo app and DokuWiki: the whole pipeline
// on the editor runs in the conformance bench.
export const adminerEditor: RealApp = { ...adminerApp('editor', '', 'data editor', 'plants'), conformance: { maxSteps: 8, benchOnly: true } };
