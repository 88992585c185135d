import fs from 'node:fs';
import path from 'node:path';
import { builtOnce, kBuiltMark } from './built-once.ts';
import { phpUnavailable } from './debian.ts';
import { once, removeDir, servePhp, tempDir } from './serve.ts';

/**
 * A throw-away DokuWiki for tests: Debian's package (/usr/share/dokuwiki) copied into a temp dir,
 * made self-contained (its config, data and plugin dirs are symlinks into /etc and /var/lib), and
 * served by `php -S` on 127.0.0.1. A few seed pages give a crawler something to walk.
 */

const kDokuWikiDir = '/usr/share/dokuwiki';
const kDokuWikiConf = '/etc/dokuwiki';
/** The data dirs DokuWiki expects under savedir. */
const kDataDirs = ['pages', 'attic', 'meta', 'media', 'media_attic', 'media_meta', 'cache', 'index', 'locks', 'tmp', 'log'];

const kSeedPages: Record<string, string> = {
  start: '====== Welcome ======\n\nThis wiki is a test fixture.\n\n  * [[guide:install|Installing]]\n  * [[guide:usage|Using it]]\n  * [[faq]]\n',
  faq: '====== FAQ ======\n\n===== Why? =====\nBecause tests need pages.\n\nBack to [[start]].\n',
  'guide/install': '====== Installing ======\n\nCopy the files. See [[guide:usage]].\n',
  'guide/usage': '====== Using it ======\n\nEdit pages, search, browse the [[start|start page]].\n',
};

/** Why DokuWiki cannot run here, or null when it can. */
export function dokuwikiUnavailable(): string | null {
  if (!fs.existsSync(path.join(kDokuWikiDir, 'doku.php'))) return `DokuWiki is not installed at ${kDokuWikiDir} (apt-get install dokuwiki, or make test-deps)`;
  const php = phpUnavailable();
  if (php) return php;
  if (!fs.existsSync(path.join(kDokuWikiConf, 'dokuwiki.php'))) return `DokuWiki's configuration ${kDokuWikiConf}/dokuwiki.php is missing`;
  return null;
}

function readable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.R_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The install with its symlinks followed, copied once per machine and package version into the
 * temp dir: copying its ~4,500 files for every wiki took 3-5 s of CPU each time (most of it the
 * file system creating inodes), while a tree of hard links to this copy takes a fraction of that.
 */
const kTemplateLayout = 1;

function templateDir(): string {
  const version = fs.readFileSync(path.join(kDokuWikiDir, 'VERSION'), 'utf8');
  const stamp = fs.statSync(path.join(kDokuWikiDir, 'doku.php')).mtimeMs;
  return builtOnce('dokuwiki-template', [kTemplateLayout, version, stamp], (building) => {
    // Skips what this user may not read (private plugin dirs).
    fs.cpSync(kDokuWikiDir, building, { recursive: true, dereference: true, filter: (source) => readable(source) });
    // Debian's preload points DokuWiki at /etc/dokuwiki; without it a copy uses its own conf/.
    fs.writeFileSync(path.join(building, 'inc', 'preload.php'), '<?php\n');
  });
}

/**
 * `source`'s files hard-linked into `target` (copied where linking is refused). Nothing writes
 * these files: DokuWiki writes only under conf/ and data/, which every wiki gets as files of its own.
 */
function linkTree(source: string, target: string): void {
  fs.mkdirSync(target, { recursive: true });
  for (const entry of fs.readdirSync(source, { withFileTypes: true })) {
    if (entry.name === kBuiltMark) continue;
    const from = path.join(source, entry.name);
    const to = path.join(target, entry.name);
    if (entry.isDirectory()) linkTree(from, to);
    else {
      try {
        fs.linkSync(from, to);
      } catch {
        fs.copyFileSync(from, to);
      }
    }
  }
}

/** A wiki of its own in `target`: the install's code linked, its own configuration and data. */
function copyInstall(target: string): void {
  linkTree(templateDir(), target);
  const conf = path.join(target, 'conf');
  fs.mkdirSync(conf, { recursive: true });
  for (const entry of fs.readdirSync(kDokuWikiConf)) {
    const source = path.join(kDokuWikiConf, entry);
    if (entry.endsWith('.auth.php') || !readable(source) || !fs.statSync(source).isFile()) continue;
    fs.copyFileSync(source, path.join(conf, entry));
  }
  const data = path.join(target, 'data');
  for (const dir of kDataDirs) fs.mkdirSync(path.join(data, dir), { recursive: true });
  for (const [id, text] of Object.entries(kSeedPages)) {
    const file = path.join(data, 'pages', `${id}.txt`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
  }
  fs.writeFileSync(
    path.join(conf, 'local.php'),
    `<?php\n$conf['title'] = 'Test Wiki';\n$conf['savedir'] = ${JSON.stringify(data)};\n$conf['useacl'] = 1;\n$conf['superuser'] = '@admin';\n$conf['userewrite'] = 0;\n$conf['gzip_output'] = 0;\n$conf['updatecheck'] = 0;\n`,
  );
  // Anyone may read and edit; registered users are not needed for a crawl.
  fs.writeFileSync(path.join(conf, 'acl.auth.php'), '# <?php exit()?>\n*\t@ALL\t8\n');
  fs.writeFileSync(path.join(conf, 'users.auth.php'), '# <?php exit()?>\n');
}

export interface DokuWiki {
  /** The wiki's start page. */
  url: string;
  dir: string;
  close(): Promise<void>;
}

export async function startDokuWiki(): Promise<DokuWiki> {
  const dir = tempDir('dokuwiki');
  try {
    copyInstall(dir);
    const { origin, server } = await servePhp(dir, '/doku.php?id=start');
    return { url: `${origin}/doku.php?id=start`, dir, close: once(async () => {
      await server.stop();
      removeDir(dir);
    }) };
  } catch (err) {
    removeDir(dir);
    throw err;
  }
}
