import fs from 'node:fs';
import path from 'node:path';
import { debianPackageVersion, debianUnavailable } from './debian.ts';
import { freePort, serveInstance, tempDir, waitUntilAnswers } from './serve.ts';
import { kSeedComment, kSeedName, seedTorrent } from './torrent-file.ts';
import type { RealApp, RunningApp } from './types.ts';

/**
 * Transmission (Debian's `transmission-daemon`): a BitTorrent daemon whose web interface at
 * `/transmission/web/` is a jQuery page of `div` toolbar buttons named only by their `title`, a
 * filter box that filters on key presses, a torrent list of plain list items, an inspector panel,
 * and modal dialogs built as positioned `div`s over the page (no dialog role). Run as a user
 * process with its own config folder: one paused torrent of a file nobody shares (no tracker), no
 * DHT, local peer discovery, peer exchange, µTP or port forwarding, peers listened for on
 * 127.0.0.1, and every proxy variable of libcurl (which fetches a torrent added by URL) pointing
 * at a closed port of 127.0.0.1, so a URL a crawler types never leaves the machine.
 */

const kDaemon = '/usr/bin/transmission-daemon';
const kPrefix = '/transmission/web/';
/** A port nothing listens on (discard): a proxy there refuses every request at once. */
const kClosedProxy = 'http://127.0.0.1:9';

function unavailable(): string | null {
  return debianUnavailable('Transmission', kDaemon, ['transmission-daemon']);
}

function settings(dir: string, rpcPort: number, peerPort: number): object {
  return {
    'rpc-port': rpcPort, 'rpc-bind-address': '127.0.0.1', 'rpc-authentication-required': false,
    'rpc-whitelist-enabled': true, 'rpc-whitelist': '127.0.0.1', 'rpc-host-whitelist-enabled': false,
    'dht-enabled': false, 'lpd-enabled': false, 'pex-enabled': false, 'utp-enabled': false, 'port-forwarding-enabled': false,
    'peer-port': peerPort, 'peer-port-random-on-start': false, 'bind-address-ipv4': '127.0.0.1', 'bind-address-ipv6': '::1',
    'blocklist-enabled': false, 'download-dir': path.join(dir, 'downloads'), 'incomplete-dir-enabled': false,
    'start-added-torrents': false, 'message-level': 1,
  };
}

/** One call of the daemon's RPC, with the session id handshake it asks for (HTTP 409 names the id). */
async function rpc(origin: string, method: string, args: object): Promise<Record<string, unknown>> {
  const url = `${origin}/transmission/rpc`;
  const body = JSON.stringify({ method, arguments: args });
  let response = await fetch(url, { method: 'POST', body });
  if (response.status === 409) {
    const id = response.headers.get('x-transmission-session-id') ?? '';
    response = await fetch(url, { method: 'POST', body, headers: { 'X-Transmission-Session-Id': id } });
  }
  const reply = (await response.json()) as { result: string; arguments: Record<string, unknown> };
  if (reply.result !== 'success') throw new Error(`transmission ${method}: ${reply.result}`);
  return reply.arguments;
}

/** The daemon's torrents as start() left them: the seed alone, paused. */
async function seed(origin: string): Promise<void> {
  const { torrents } = (await rpc(origin, 'torrent-get', { fields: ['id'] })) as { torrents: { id: number }[] };
  if (torrents.length) await rpc(origin, 'torrent-remove', { ids: torrents.map((torrent) => torrent.id), 'delete-local-data': true });
  await rpc(origin, 'torrent-add', { metainfo: seedTorrent().toString('base64'), paused: true });
}

async function start(): Promise<RunningApp> {
  const dir = tempDir('transmission');
  const config = path.join(dir, 'config');
  fs.mkdirSync(config, { recursive: true });
  fs.mkdirSync(path.join(dir, 'downloads'));
  const port = await freePort();
  fs.writeFileSync(path.join(config, 'settings.json'), JSON.stringify(settings(dir, port, await freePort()), null, 1));
  const proxies = { http_proxy: kClosedProxy, https_proxy: kClosedProxy, HTTPS_PROXY: kClosedProxy, ALL_PROXY: kClosedProxy, all_proxy: kClosedProxy, no_proxy: '', NO_PROXY: '' };
  // HOME is the instance's folder: no user config of this machine is read.
  const origin = `http://127.0.0.1:${port}`;
  const stop = await serveInstance('Transmission', dir, { command: kDaemon, args: ['--foreground', '--config-dir', config], cwd: dir, env: { ...process.env, ...proxies, HOME: dir } }, async (child) => {
    await waitUntilAnswers(`${origin}${kPrefix}`, { child });
    await seed(origin);
  });
  return {
    url: `${origin}${kPrefix}`,
    dir,
    reset: () => seed(origin),
    stop,
  };
}

const kList = "locator('#torrent_list').getByRole('listitem')";

export const transmission: RealApp = {
  name: 'transmission',
  kind: 'BitTorrent daemon web interface: jQuery page with div toolbar buttons named by title, a key-press filter, an inspector, modal dialogs without dialog roles',
  source: { kind: 'debian', package: 'transmission-daemon', version: debianPackageVersion('transmission-daemon') },
  traits: ['single-page', 'self-changing'],
  readyText: '1 Transfer',
  benchOnly: true,
  unavailable,
  start,
  conformance: {
    maxSteps: 12,
    // Filter the list down to the seed torrent, open it in the inspector, then filter it away;
    // then read the session's statistics, which change by themselves while shown.
    // The filter box filters on key presses, so a key follows the typed text, as a person's last
    // key press does.
    plan: (url) => ({
      version: 1, url,
      steps: [
        { expect_text: { target: 'css=#filter-count', text: '1 Transfer', exact: true } },
        { input: { target: { role: 'searchbox', name: 'Filter' }, text: 'garden' } },
        { send_keys: { keys: 'End' } },
        { expect_count: { target: kList, count: 1 } },
        { click: { target: `locator('#torrent_list').getByText('${kSeedName}', { exact: true })` } },
        { click: { target: "getByTitle('Toggle Inspector')" } },
        { expect_text: { target: 'css=#torrent_inspector_name', text: kSeedName, exact: true } },
        { expect_text: { target: 'css=#inspector-info-comment', text: kSeedComment, exact: true } },
        { input: { target: { role: 'searchbox', name: 'Filter' }, text: 'pumpkins' } },
        { send_keys: { keys: 'End' } },
        { expect_count: { target: kList, count: 0 } },
        // The session's statistics: the dialog reads the daemon's running time again every 5 s
        // ("14 seconds", then "19 seconds"), while the flow waits and then closes it.
        { click: { target: "getByTitle('Settings Menu')" } },
        { click: { target: { role: 'menuitem', name: 'Statistics' } } },
        { expect_text: { target: { role: 'dialog', name: 'Statistics' }, text: 'Running Time' } },
        { wait: { seconds: 6 } },
        { click: { target: "getByRole('dialog', { name: 'Statistics' }).getByRole('button', { name: 'Close' })" } },
        { done: { text: 'found the seed torrent, inspected it, filtered it away, read the statistics', success: true } },
      ],
    }),
  },
};
