import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { debianPackageVersion, phpSqliteUnavailable } from './debian.ts';
import { once, removeDir, servePhp, tempDir } from './serve.ts';
import type { RealApp, RunningApp } from './types.ts';

/**
 * Adminer Editor (Debian's `adminer`): a server-rendered PHP data editor behind a password login,
 * on an SQLite file with one table of plants. The deployment serves that one file, every login is
 * for the SQLite driver, and the password below is checked (any user name).
 */

const kAdminer = '/usr/share/adminer';
/** Long enough that redaction never mistakes the app's own text for it. */
const kPassword = 'garden-pass-42';
const kUser = 'gardener';

const kSeed = 'CREATE TABLE plants (id INTEGER PRIMARY KEY, name TEXT NOT NULL, water TEXT); ' +
  "INSERT INTO plants (name, water) VALUES ('Tomato', 'daily'), ('Bean', 'weekly'), ('Lettuce', 'daily');";

function unavailable(): string | null {
  if (!fs.existsSync(path.join(kAdminer, 'editor.php'))) return `Adminer is not installed at ${kAdminer} (apt-get install adminer, or make test-deps)`;
  return phpSqliteUnavailable();
}

function indexPhp(db: string): string {
  return `<?php
function adminer_object() {
  include_once "${kAdminer}/plugins/plugin.php";
  include_once "${kAdminer}/plugins/login-password-less.php";
  class GardenEditor extends AdminerPlugin {
    function database() { return ${JSON.stringify(db)}; }
  }
  return new GardenEditor(array(new AdminerLoginPasswordLess(password_hash(${JSON.stringify(kPassword)}, PASSWORD_DEFAULT))));
}
// This deployment serves one SQLite file: every login is for the SQLite driver.
// A known version: Adminer then skips its version check, a request to adminer.org.
$_COOKIE["adminer_version"] = "";
if (isset($_POST["auth"])) $_POST["auth"]["driver"] = "sqlite";
include "${kAdminer}/editor.php";
`;
}

async function start(): Promise<RunningApp> {
  const dir = tempDir('adminer');
  const db = path.join(dir, 'garden.db');
  const seeded = spawnSync('php', ['-r', `$db = new SQLite3(${JSON.stringify(db)}); $db->exec(${JSON.stringify(kSeed)});`], { encoding: 'utf8' });
  if (seeded.status !== 0) throw new Error(`seeding Adminer's database failed: ${seeded.stderr}`);
  fs.writeFileSync(path.join(dir, 'index.php'), indexPhp(db));
  try {
    const { origin, server } = await servePhp(dir, '/');
    return { url: `${origin}/`, login: { user: kUser, password: kPassword }, dir, stop: once(async () => {
      await server.stop();
      removeDir(dir);
    }) };
  } catch (err) {
    removeDir(dir);
    throw err;
  }
}

export const adminerEditor: RealApp = {
  name: 'adminer-editor',
  kind: 'server-rendered PHP data editor behind a password login (SQLite), served by php -S',
  source: { kind: 'debian', package: 'adminer', version: debianPackageVersion('adminer') },
  traits: ['server-rendered', 'login'],
  readyText: 'Login',
  signedInText: 'plants',
  unavailable,
  start,
};
