import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { debianPackageVersion, debianUnavailable } from './debian.ts';
import { freePort, serveInstance, tempDir, waitUntilAnswers } from './serve.ts';
import { kSeedName, seedTorrent } from './torrent-file.ts';
import type { RealApp, RunningApp } from './types.ts';

/**
 * qBittorrent (Debian's `qbittorrent-nox`): a BitTorrent client whose web interface is one
 * MooTools page behind a login form: menus of `a` elements without `href` (no link role) whose
 * names repeat their icon's alt text, status and category filters named by an icon plus a count
 * ("AllAll (1)"), a torrent table with a second table for its fixed header, a filter box, and a
 * properties panel of tabs. MooTools replaces the page's `Document`, `Element`, `Window` and
 * `Event` globals with its own. Run as a user process with its own profile folder: one paused
 * torrent of a file nobody shares (no tracker), no DHT, local peer discovery, peer exchange or
 * port forwarding, listening on 127.0.0.1 only.
 */

const kDaemon = '/usr/bin/qbittorrent-nox';
const kUser = 'admin';
const kPassword = 'garden-keeper';

function unavailable(): string | null {
  return debianUnavailable('qBittorrent', kDaemon, ['qbittorrent-nox']);
}

/** The web interface's password as its config stores it: PBKDF2-HMAC-SHA512, 100,000 rounds, salt:key in base64. */
function passwordHash(password: string): string {
  const salt = crypto.randomBytes(16);
  const key = crypto.pbkdf2Sync(password, salt, 100_000, 64, 'sha512');
  return `@ByteArray(${salt.toString('base64')}:${key.toString('base64')})`;
}

function config(dir: string, webPort: number, peerPort: number): string {
  return [
    '[LegalNotice]', 'Accepted=true', '',
    '[BitTorrent]',
    'Session\\DHTEnabled=false', 'Session\\LSDEnabled=false', 'Session\\PeXEnabled=false',
    `Session\\Port=${peerPort}`, 'Session\\Interface=lo', 'Session\\InterfaceName=lo', 'Session\\InterfaceAddress=127.0.0.1',
    `Session\\DefaultSavePath=${path.join(dir, 'downloads')}`, 'Session\\AddTorrentPaused=true', '',
    '[Preferences]',
    'Connection\\UPnP=false', 'General\\Locale=en',
    'WebUI\\Address=127.0.0.1', `WebUI\\Port=${webPort}`, 'WebUI\\LocalHostAuth=true',
    `WebUI\\Username=${kUser}`, `WebUI\\Password_PBKDF2="${passwordHash(kPassword)}"`, '',
  ].join('\n');
}

/** A signed-in session of the web API (its SID cookie). */
async function signIn(origin: string): Promise<string> {
  const response = await fetch(`${origin}/api/v2/auth/login`, {
    method: 'POST', headers: { Referer: origin, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: kUser, password: kPassword }),
  });
  const cookie = /SID=[^;]+/.exec(response.headers.get('set-cookie') ?? '')?.[0];
  if (!response.ok || !cookie) throw new Error(`qBittorrent refused the login: HTTP ${response.status} ${await response.text()}`);
  return cookie;
}

async function api(origin: string, cookie: string, method: string, body?: FormData | URLSearchParams): Promise<string> {
  const response = await fetch(`${origin}/api/v2/${method}`, { method: body ? 'POST' : 'GET', headers: { Cookie: cookie, Referer: origin }, body });
  const text = await response.text();
  if (!response.ok) throw new Error(`qBittorrent ${method}: HTTP ${response.status} ${text}`);
  return text;
}

/** The client's torrents as start() left them: the seed alone, paused. */
async function seed(origin: string, dir: string): Promise<void> {
  const cookie = await signIn(origin);
  const hashes = (JSON.parse(await api(origin, cookie, 'torrents/info')) as { hash: string }[]).map((torrent) => torrent.hash);
  if (hashes.length) await api(origin, cookie, 'torrents/delete', new URLSearchParams({ hashes: hashes.join('|'), deleteFiles: 'true' }));
  const form = new FormData();
  form.append('torrents', new Blob([new Uint8Array(seedTorrent())], { type: 'application/x-bittorrent' }), `${kSeedName}.torrent`);
  form.append('paused', 'true');
  form.append('savepath', path.join(dir, 'downloads'));
  await api(origin, cookie, 'torrents/add', form);
  // Added in the background: the list has it once the client says so.
  const deadline = Date.now() + 10_000;
  while ((JSON.parse(await api(origin, cookie, 'torrents/info')) as unknown[]).length !== 1) {
    if (Date.now() > deadline) throw new Error('qBittorrent did not list the seed torrent');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function start(): Promise<RunningApp> {
  const dir = tempDir('qbittorrent');
  const configDir = path.join(dir, 'profile', 'qBittorrent', 'config');
  fs.mkdirSync(configDir, { recursive: true });
  fs.mkdirSync(path.join(dir, 'downloads'));
  const port = await freePort();
  fs.writeFileSync(path.join(configDir, 'qBittorrent.conf'), config(dir, port, await freePort()));
  // HOME is the instance's folder: no user config of this machine is read.
  const origin = `http://127.0.0.1:${port}`;
  const stop = await serveInstance('qBittorrent', dir, { command: kDaemon, args: [`--profile=${path.join(dir, 'profile')}`], cwd: dir, env: { ...process.env, HOME: dir } }, async (child) => {
    await waitUntilAnswers(`${origin}/`, { child });
    await seed(origin, dir);
  });
  return {
    url: `${origin}/`,
    login: { user: kUser, password: kPassword },
    dir,
    reset: () => seed(origin, dir),
    stop,
  };
}

export const qbittorrent: RealApp = {
  name: 'qbittorrent',
  kind: 'BitTorrent client web interface behind a login: MooTools page (its own Document and Element globals), href-less menu anchors, icon-plus-count filters, a torrent table, tabbed properties',
  source: { kind: 'debian', package: 'qbittorrent-nox', version: debianPackageVersion('qbittorrent-nox') },
  traits: ['single-page', 'login', 'widget-framework'],
  readyText: 'Username',
  benchOnly: true,
  unavailable,
  start,
  conformance: {
    maxSteps: 12,
    // Sign in, find the seed torrent with the filter box, open its trackers and then its general
    // properties, filter it away, then open and close the toolkit's About window.
    plan: (url) => ({
      version: 1, url,
      steps: [
        { input: { target: { role: 'textbox', name: 'Username' }, text: kUser } },
        { input: { target: { role: 'textbox', name: 'Password' }, text: '{{secret:password}}' } },
        { click: { target: { role: 'button', name: 'Login' } } },
        { expect_text: { target: `locator('#torrentsTableDiv').getByText('${kSeedName}', { exact: true })`, text: kSeedName, exact: true } },
        { input: { target: { role: 'textbox', name: 'Filter torrent list...' }, text: 'garden' } },
        { expect_count: { target: "locator('#torrentsTableDiv tbody tr')", count: 1 } },
        { click: { target: `locator('#torrentsTableDiv').getByText('${kSeedName}', { exact: true })` } },
        { click: { target: "locator('#PropTrackersLink')" } },
        { click: { target: "locator('#PropGeneralLink')" } },
        { input: { target: { role: 'textbox', name: 'Filter torrent list...' }, text: 'pumpkins' } },
        { expect_count: { target: "locator('#torrentsTableDiv tbody tr')", count: 0 } },
        // A window of the toolkit's own (a MochaUI window: divs for its title, tabs and close box)
        // opened from the Help menu, which opens on hover; its Authors tab, then its close box.
        { hover: { target: "locator('#desktopNavbar').getByText('Help', { exact: true })" } },
        { click: { target: 'css=#aboutLink' } },
        { expect_text: { target: { role: 'heading', name: 'About qBittorrent' }, text: 'About qBittorrent', exact: true } },
        { click: { target: "locator('#aboutpage').getByText('Authors', { exact: true })" } },
        { expect_text: { text: 'Christophe Dumez' } },
        { click: { target: "locator('#aboutpage').getByTitle('Close')" } },
        { expect_count: { target: 'css=#aboutpage', count: 0 } },
        { done: { text: 'signed in, found the seed torrent, opened its properties, filtered it away, read the about window', success: true } },
      ],
    }),
  },
};
