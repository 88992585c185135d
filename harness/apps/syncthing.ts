import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { debianPackageVersion, debianUnavailable } from './debian.ts';
import { freePort, removeDir, serveInstance, tempDir, waitUntilAnswers } from './serve.ts';
import type { RealApp, RunningApp } from './types.ts';

/**
 * Syncthing (Debian's `syncthing`): a file synchronization daemon whose web GUI is an AngularJS
 * single-page app on one document, with Bootstrap modal dialogs (add a folder, edit it, remove
 * it), a language menu of script links, collapsible folder panels named by their label, and
 * generated identifiers on its pages (a new folder's id in the dialog's heading). Each instance
 * gets its own home folder, a generated key and a config that keeps it off the network: no global
 * or local discovery, no relays, no NAT traversal, no usage reporting, crash reporting or upgrade
 * checks, its sync protocol listening on 127.0.0.1 only.
 */

const kSyncthing = '/usr/bin/syncthing';

function unavailable(): string | null {
  return debianUnavailable('Syncthing', kSyncthing, ['syncthing']);
}

/** The options that make a generated config stay on 127.0.0.1, by element of `<options>`. */
function offline(listenPort: number): Record<string, string> {
  return {
    listenAddress: `tcp://127.0.0.1:${listenPort}`,
    globalAnnounceEnabled: 'false', localAnnounceEnabled: 'false', relaysEnabled: 'false', natEnabled: 'false',
    startBrowser: 'false', urAccepted: '-1', autoUpgradeIntervalH: '0', crashReportingEnabled: 'false',
    // The notice about a GUI without a password: a first-run banner, not the app.
    unackedNotificationID: '',
  };
}

/** The generated config with `options` set; throws when an option is not where it is expected. */
export function offlineConfig(xml: string, options: Record<string, string>): string {
  let out = xml;
  for (const [name, value] of Object.entries(options)) {
    const element = new RegExp(`<${name}>[^<]*</${name}>`);
    if (!element.test(out)) throw new Error(`syncthing's generated config has no <${name}>`);
    out = out.replace(element, `<${name}>${value}</${name}>`);
  }
  return out;
}

async function start(): Promise<RunningApp> {
  const dir = tempDir('syncthing');
  const home = path.join(dir, 'config');
  // HOME is the instance's folder: `~` in folder paths, and no user config of this machine.
  const env = { ...process.env, HOME: dir, STNOUPGRADE: '1', STNORESTART: '1' };
  try {
    const generated = spawnSync(kSyncthing, ['generate', `--home=${home}`, '--no-default-folder'], { env, encoding: 'utf8' });
    if (generated.status !== 0) throw new Error(`syncthing generate failed: ${generated.stderr}`);
    const file = path.join(home, 'config.xml');
    fs.writeFileSync(file, offlineConfig(fs.readFileSync(file, 'utf8'), offline(await freePort())));
  } catch (err) {
    removeDir(dir);
    throw err;
  }
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const stop = await serveInstance('Syncthing', dir, {
    command: kSyncthing,
    args: ['serve', `--home=${home}`, '--no-browser', '--no-restart', '--no-upgrade', '--no-default-folder', `--gui-address=${origin}`],
    cwd: dir, env,
  }, async (child) => {
    await waitUntilAnswers(`${origin}/`, { child });
  });
  return {
    url: `${origin}/`,
    dir,
    // Folders live in the daemon's config, changed through its GUI or API: a reset would mean a
    // restart. The conformance flow removes the folder it adds.
    async reset() {},
    stop,
  };
}

export const syncthing: RealApp = {
  name: 'syncthing',
  kind: 'file sync daemon GUI: AngularJS single-page app with modal dialogs, a language menu of script links, generated ids',
  source: { kind: 'debian', package: 'syncthing', version: debianPackageVersion('syncthing') },
  traits: ['single-page'],
  readyText: 'Add Folder',
  benchOnly: true,
  unavailable,
  start,
  conformance: {
    maxSteps: 10,
    expectedFailure: {
      stage: 'specs',
      reason: "in some runs (1 of 3 here) the plan's first step is recorded while the GUI still loads, titled \"(unknown device) | Syncthing\": generate makes that title a page of its own and the spec asserts it where the loaded GUI shows its device name",
    },
    // Add a folder with a label, an id and a path, see its panel, then remove it again.
    plan: (url) => ({
      version: 1, url,
      steps: [
        { click: { target: { role: 'button', name: 'Add Folder' } } },
        { input: { target: { role: 'textbox', name: 'Folder Label' }, text: 'Seed packets' } },
        { input: { target: { role: 'textbox', name: 'Folder ID' }, text: 'seed-packets' } },
        { input: { target: { role: 'combobox', name: 'Folder Path' }, text: '~/seed-packets' } },
        { click: { target: { role: 'button', name: 'Save' } } },
        { expect_text: { target: "getByRole('region', { name: 'Folders' })", text: 'Seed packets' } },
        // The dialog fades out and the folder's panel slides open: each is waited for, as a person
        // waits for an animation, before the next click (one during it is lost).
        { expect_count: { target: "locator('.modal-backdrop')", count: 0 } },
        // The list is drawn again as the new folder's first scan reports: a click before is lost.
        { wait: { seconds: 2 } },
        { click: { target: { role: 'button', name: 'Seed packets' } } },
        { expect_count: { target: "locator('#folders .panel-collapse.in')", count: 1 } },
        { click: { target: "locator('#folders').getByRole('button', { name: 'Edit' })" } },
        { click: { target: { role: 'button', name: 'Remove' } } },
        { click: { target: { role: 'button', name: 'Yes' } } },
        { expect_count: { target: "getByRole('button', { name: 'Seed packets' })", count: 0 } },
        { done: { text: 'added and removed a folder', success: true } },
      ],
    }),
  },
};
