import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CorpusApp, RunningApp } from '../corpus.ts';
import { phpUnavailable, servePhp } from './php-server.ts';

/**
 * Adminer (Debian's package): a PHP database admin behind a password login, on an SQLite file.
 * Its data tables have an unnamed checkbox and an "edit" link in every row. Configured the way
 * Adminer documents it: an `adminer_object()` with the password-less-login plugin, so SQLite
 * opens with one password. The database path is relative, so every instance has the same URLs.
 */

const kAdminer = '/usr/share/adminer';
const kPassword = 'garden-bench-pass';
const kDb = 'garden.db';
const kSeed = 'CREATE TABLE plants (id INTEGER PRIMARY KEY, name TEXT NOT NULL, water TEXT, bed TEXT); ' +
  "INSERT INTO plants (name, water, bed) VALUES ('Tomato', 'daily', 'north'), ('Bean', 'weekly', 'south'), ('Lettuce', 'daily', 'south'), ('Carrot', 'weekly', 'east');" +
  'CREATE TABLE beds (name TEXT PRIMARY KEY, sun TEXT); ' +
  "INSERT INTO beds VALUES ('north', 'shade'), ('south', 'full'), ('east', 'morning');";
/** The login address: Adminer reads the driver and the database from it. */
export const kAdminerStart = `index.php?sqlite=&username=&db=${kDb}`;

function unavailable(): string | null {
  const php = phpUnavailable();
  if (php) return php;
  if (!fs.existsSync(path.join(kAdminer, 'adminer.php'))) return `Adminer is not installed at ${kAdminer} (apt-get install adminer)`;
  if (spawnSync('php', ['-r', 'exit(class_exists("SQLite3") ? 0 : 1);']).status !== 0) return 'PHP has no SQLite3 (apt-get install php-sqlite3)';
  return null;
}

function query(db: string, sql: string): string {
  const code = `$db = new SQLite3(${JSON.stringify(db)}); $r = $db->query(${JSON.stringify(sql)}); while ($row = $r->fetchArray(SQLITE3_NUM)) echo implode("|", $row), "\\n";`;
  return spawnSync('php', ['-r', code], { encoding: 'utf8' }).stdout;
}

async function start(): Promise<RunningApp> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bu-adminer-'));
  const db = path.join(dir, kDb);
  const pristine = path.join(dir, 'pristine.db');
  spawnSync('php', ['-r', `$db = new SQLite3(${JSON.stringify(pristine)}); $db->exec(${JSON.stringify(kSeed)});`]);
  fs.copyFileSync(pristine, db);
  fs.writeFileSync(path.join(dir, 'index.php'), `<?php
function adminer_object() {
  include_once "${kAdminer}/plugins/plugin.php";
  include_once "${kAdminer}/plugins/login-password-less.php";
  return new AdminerPlugin(array(new AdminerLoginPasswordLess(password_hash(${JSON.stringify(kPassword)}, PASSWORD_DEFAULT))));
}
include "${kAdminer}/adminer.php";
`);
  // Adminer counts failed logins per address in its temp dir and then refuses every login for a
  // while: each instance gets its own, emptied on reset, so one replay's failures never spill over.
  const temp = path.join(dir, 'tmp');
  fs.mkdirSync(temp);
  const served = await servePhp(dir, kAdminerStart, { upload_tmp_dir: temp, 'session.save_path': temp });
  return {
    url: served.url,
    dir,
    async reset() {
      fs.copyFileSync(pristine, db);
      for (const file of fs.readdirSync(temp)) if (file.startsWith('adminer.invalid')) fs.rmSync(path.join(temp, file));
    },
    async stop() {
      await served.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The oracle reads the instance's database file itself. */
const dbOf = (app: RunningApp) => path.join(app.dir ?? '', kDb);

export const adminer: CorpusApp = {
  name: 'adminer',
  unavailable,
  start,
  flows: [
    {
      name: 'login',
      extra: true,
      plan: 'adminer/login.json',
      start: kAdminerStart,
      secrets: { password: kPassword },
      async oracle({ app, request }) {
        const html = await (await request.get(new URL(kAdminerStart, app.url).href)).text();
        return html.includes('plants') && !/type=["']?password/.test(html) ? null : 'not signed in';
      },
    },
    {
      name: 'delete-row',
      plan: 'adminer/delete-row.json',
      start: kAdminerStart,
      secrets: { password: kPassword },
      async oracle({ app }) {
        const names = query(dbOf(app), 'SELECT name FROM plants ORDER BY id').trim().split('\n');
        return names.join(',') === 'Tomato,Lettuce,Carrot' ? null : `plants: ${names.join(',')}`;
      },
    },
    {
      name: 'edit-row',
      plan: 'adminer/edit-row.json',
      start: kAdminerStart,
      secrets: { password: kPassword },
      async oracle({ app }) {
        const rows = query(dbOf(app), 'SELECT name, water FROM plants ORDER BY id').trim().split('\n');
        return rows.join(',') === 'Tomato|daily,Bean|weekly,Lettuce|hourly,Carrot|weekly' ? null : `plants: ${rows.join(',')}`;
      },
    },
    {
      name: 'sql',
      plan: 'adminer/sql.json',
      start: kAdminerStart,
      secrets: { password: kPassword },
      async oracle({ app }) {
        const beds = query(dbOf(app), 'SELECT name FROM beds ORDER BY name').trim().split('\n');
        return beds.join(',') === 'east,north,south,west' ? null : `beds: ${beds.join(',')}`;
      },
    },
  ],
};
