import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ConformanceApp } from '../support/conformance.ts';
import { phpUnavailable, servePhp } from './serve.ts';

/**
 * Adminer Editor (Debian's `adminer` package): a PHP data editor behind a password login, on an
 * SQLite file with a small table. The deployment serves that one file (its `database()`), every
 * login is for the SQLite driver, and the password is the secret `password` (any user name).
 */

const kAdminer = '/usr/share/adminer';
/** A test password, long enough that redaction never mistakes the app's own text for it. */
const kPassword = 'garden-pass-42';

function unavailable(): string | null {
  if (phpUnavailable()) return phpUnavailable();
  if (!fs.existsSync(path.join(kAdminer, 'adminer.php'))) return `Adminer is not installed at ${kAdminer} (apt-get install adminer)`;
  if (spawnSync('php', ['-r', 'exit(class_exists("SQLite3") ? 0 : 1);']).status !== 0) return 'PHP has no SQLite3 (apt-get install php-sqlite3)';
  return null;
}

export const adminerEditor: ConformanceApp = {
  name: 'adminer-editor',
  kind: 'PHP data editor (Debian adminer) behind a password login, SQLite',
  unavailable,
  maxSteps: 8,
  async start() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bu-adminer-'));
    const db = path.join(dir, 'garden.db');
    const seed = 'CREATE TABLE plants (id INTEGER PRIMARY KEY, name TEXT NOT NULL, water TEXT); ' +
      "INSERT INTO plants (name, water) VALUES ('Tomato', 'daily'), ('Bean', 'weekly'), ('Lettuce', 'daily');";
    spawnSync('php', ['-r', `$db = new SQLite3(${JSON.stringify(db)}); $db->exec(${JSON.stringify(seed)});`], { stdio: 'inherit' });
    fs.writeFileSync(path.join(dir, 'index.php'), `<?php
function adminer_object() {
  include_once "${kAdminer}/plugins/plugin.php";
  include_once "${kAdminer}/plugins/login-password-less.php";
  class GardenEditor extends AdminerPlugin {
    function database() { return ${JSON.stringify(db)}; }
  }
  return new GardenEditor(array(new AdminerLoginPasswordLess(password_hash(${JSON.stringify(kPassword)}, PASSWORD_DEFAULT))));
}
// This deployment serves one SQLite file: every login is for the SQLite driver.
if (isset($_POST["auth"])) $_POST["auth"]["driver"] = "sqlite";
include "${kAdminer}/editor.php";
`);
    const served = await servePhp(dir, '/', () => fs.rmSync(dir, { recursive: true, force: true }));
    return { url: served.url, secrets: { password: kPassword }, close: served.close };
  },
};
