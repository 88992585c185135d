import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A throw-away DokuWiki for tests: Debian's package (/usr/share/dokuwiki) copied into a temp dir,
 * made self-contained (its config, data and plugin dirs are symlinks into /etc and /var/lib), and
 * served by `php -S` on 127.0.0.1. A few seed pages give a crawler something to walk.
 */

const kDokuWikiDir = '/usr/share/dokuwiki';
const kDokuWikiConf = '/etc/dokuwiki';
/** php -S answers within a second once listening; slow CI machines get ten. */
const kStartTimeoutMs = 10_000;
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
  if (spawnSync('php', ['--version'], { stdio: 'ignore' }).status !== 0) return 'php is not installed (apt-get install php-cli)';
  if (!fs.existsSync(path.join(kDokuWikiDir, 'doku.php'))) return `DokuWiki is not installed at ${kDokuWikiDir} (apt-get install dokuwiki)`;
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

/** Copies the install with symlinks followed, skipping what this user may not read (private plugin dirs). */
function copyInstall(target: string): void {
  fs.cpSync(kDokuWikiDir, target, { recursive: true, dereference: true, filter: (source) => readable(source) });
  // Debian's preload points DokuWiki at /etc/dokuwiki; without it the copy uses its own conf/.
  fs.writeFileSync(path.join(target, 'inc', 'preload.php'), '<?php\n');
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

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHttp(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`php -S exited with code ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`DokuWiki did not answer at ${url} within ${timeoutMs} ms`);
}

export interface DokuWiki {
  /** The wiki's start page. */
  url: string;
  dir: string;
  close(): Promise<void>;
}

export async function startDokuWiki(): Promise<DokuWiki> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bu-dokuwiki-'));
  copyInstall(dir);
  const port = await freePort();
  const child = spawn('php', ['-S', `127.0.0.1:${port}`, '-t', dir], { cwd: dir, stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}/doku.php?id=start`;
  const close = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitForHttp(url, child, kStartTimeoutMs);
  } catch (err) {
    await close();
    throw err;
  }
  return { url, dir, close };
}
