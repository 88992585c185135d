import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { appsCacheDir, prefixInstall } from './packages.ts';
import { freePort, nothingToReset, serveInstance, tempDir, waitUntilAnswers } from './serve.ts';
import type { RealApp, RunningApp } from './types.ts';

/**
 * Verdaccio (npm `verdaccio`): a private npm registry whose web interface is a React single-page
 * app built on a widget library (MUI): a search box that suggests packages as it is typed into, a
 * list of the packages, a page per package with Readme, Dependencies, Versions and Uplinks tabs, a
 * login dialog and an account menu, icon buttons named by nothing but their test ids. The package
 * is not one of the project's dependencies: it is installed into a cache folder of its own,
 * `kVerdaccioDir`, by `make bench-deps`. Each instance runs with its own storage and a config
 * with no uplinks (it never asks another registry for anything), no audit proxy and no images
 * from the web, on 127.0.0.1; a user is added and a few packages are published to it with the
 * npm client, as a team fills its own registry.
 */

/** The release the bench installs: the last whose engines accept Node 20 (6.9 asks for 22). */
export const kVerdaccioVersion = '6.8.0';
/** Where `make bench-deps` installs it; `BU_APPS_CACHE` moves the parent folder. */
export const kVerdaccioDir = path.join(appsCacheDir(), `verdaccio-${kVerdaccioVersion}`);
const kBin = path.join(kVerdaccioDir, 'node_modules', 'verdaccio', 'bin', 'verdaccio');

/** The registry's one user, who publishes the packages and signs in to the web interface. */
const kUser = 'gardener';
const kPassword = 'seedlings-42';

const { installed: installedVersion, unavailable } = prefixInstall('Verdaccio', kVerdaccioDir, 'verdaccio', kVerdaccioVersion);

/**
 * Local storage and users only: no uplink, no audit proxy, no avatars fetched from the web. The
 * registry-info dialog shows its contributors' avatars from GitHub whatever the config says: the
 * page's content security policy (a meta tag the config puts in its head) stops those images in
 * the browser, before they leave.
 */
const kConfig = `storage: ./storage
web:
  title: Verdaccio
  gravatar: false
  metaScripts:
    - '<meta http-equiv="Content-Security-Policy" content="img-src ''self'' data: blob:; font-src ''self'' data:; connect-src ''self''">'
auth:
  htpasswd:
    file: ./htpasswd
uplinks: {}
packages:
  '@*/*':
    access: $all
    publish: $authenticated
    unpublish: $authenticated
  '**':
    access: $all
    publish: $authenticated
    unpublish: $authenticated
middlewares:
  audit:
    enabled: false
log:
  type: stdout
  format: pretty
  level: warn
`;

interface Published {
  manifest: Record<string, unknown>;
  readme: string;
}

const kLicense = 'MIT';
/**
 * What the registry holds: a package with two releases (the second depends on another package),
 * that other package, and a scoped one. One chain per package: its releases in order.
 */
const kPackages: Published[][] = [
  [
    { manifest: { name: 'garden-planner', version: '1.0.0', description: 'Plan beds, rows and sowing dates', keywords: ['garden', 'planner'], author: 'Ada Gardener', license: kLicense }, readme: '# garden-planner\n\nPlan beds, rows and sowing dates.\n' },
    { manifest: { name: 'garden-planner', version: '1.1.0', description: 'Plan beds, rows and sowing dates', keywords: ['garden', 'planner'], author: 'Ada Gardener', license: kLicense, dependencies: { 'seed-catalog': '^2.3.0' } }, readme: '# garden-planner\n\nPlan beds, rows and sowing dates.\n\n## Usage\n\nCall `plan()` with your beds.\n' },
  ],
  [{ manifest: { name: 'seed-catalog', version: '2.3.1', description: 'A catalogue of seeds with their sowing windows', keywords: ['seeds'], license: kLicense }, readme: '# seed-catalog\n\nEvery seed with its sowing window.\n' }],
  [{ manifest: { name: '@greenhouse/watering-schedule', version: '0.4.0', description: 'When to water what', license: 'ISC' }, readme: '# watering-schedule\n\nWhen to water what.\n' }],
];

const run = promisify(execFile);

/** `npm adduser`'s request: registers the user and answers with a token for the npm client. */
async function addUser(origin: string): Promise<string> {
  const response = await fetch(`${origin}/-/user/org.couchdb.user:${kUser}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: kUser, password: kPassword }),
  });
  const body = (await response.json()) as { token?: string };
  if (!response.ok || !body.token) throw new Error(`verdaccio: adding the user answered ${response.status}`);
  return body.token;
}

/** Publishes each package's releases in order with `npm publish`, the packages side by side. */
async function publishAll(dir: string, origin: string, token: string): Promise<void> {
  const npmrc = path.join(dir, 'npmrc');
  fs.writeFileSync(npmrc, `//127.0.0.1:${new URL(origin).port}/:_authToken=${token}\n`);
  const env = { ...process.env, HOME: dir, npm_config_update_notifier: 'false', npm_config_audit: 'false', npm_config_fund: 'false' };
  await Promise.all(kPackages.map(async (releases, chain) => {
    for (const { manifest, readme } of releases) {
      const folder = path.join(dir, 'packages', `${chain}-${String(manifest.version)}`);
      fs.mkdirSync(folder, { recursive: true });
      fs.writeFileSync(path.join(folder, 'package.json'), JSON.stringify(manifest, null, 2));
      fs.writeFileSync(path.join(folder, 'README.md'), readme);
      await run('npm', ['publish', '--registry', `${origin}/`, '--userconfig', npmrc], { cwd: folder, env });
    }
  }));
}

async function start(): Promise<RunningApp> {
  const dir = tempDir('verdaccio');
  const port = await freePort();
  const config = path.join(dir, 'config.yaml');
  fs.writeFileSync(config, kConfig);
  // HOME is the instance's folder: no user config of this machine is read.
  const origin = `http://127.0.0.1:${port}`;
  const stop = await serveInstance('Verdaccio', dir, {
    command: process.execPath,
    args: [kBin, '--config', config, '--listen', `127.0.0.1:${port}`],
    cwd: dir, env: { ...process.env, HOME: dir },
  }, async (child) => {
    await waitUntilAnswers(`${origin}/-/ping`, { child });
    await publishAll(dir, origin, await addUser(origin));
  });
  // Flows read the registry and sign in and out: nothing they do changes what it holds.
  return { url: `${origin}/`, dir, login: { user: kUser, password: kPassword }, reset: nothingToReset, stop };
}

export const verdaccio: RealApp = {
  name: 'verdaccio',
  kind: 'private npm registry: a React single-page app on a widget library, search suggestions, tabs, a login dialog and an account menu',
  source: { kind: 'npm', package: 'verdaccio', version: installedVersion() },
  traits: ['single-page'],
  readyText: 'garden-planner',
  benchOnly: true,
  unavailable,
  start,
  conformance: {
    maxSteps: 12,
    signsIn: true,
    // Find a package by searching, read its dependencies and its versions, open an older release,
    // then sign in and out. The search suggests packages as it is typed into; the login dialog's
    // button has the header's button's name (the header's is hidden while the dialog is open).
    plan: (url) => ({
      version: 1, url,
      steps: [
        { input: { target: { role: 'combobox', name: 'Search Packages' }, text: 'garden' } },
        { click: { target: { role: 'option', name: 'garden-planner' } } },
        { expect_url: { url: '/-/web/detail/garden-planner' } },
        { expect_text: { target: "getByRole('heading', { level: 1 })", text: 'garden-planner', exact: true } },
        { click: { target: { role: 'tab', name: 'Dependencies' } } },
        { expect_text: { target: { role: 'button', name: 'seed-catalog' }, text: '^2.3.0' } },
        { click: { target: { role: 'tab', name: 'Versions' } } },
        { expect_text: { target: { role: 'heading', name: 'Version History' }, text: '(2)' } },
        { click: { target: { role: 'link', name: '1.0.0', exact: true } } },
        { expect_url: { url: '/-/web/detail/garden-planner/v/1.0.0' } },
        { click: { target: { role: 'button', name: 'Login' } } },
        { input: { target: { role: 'textbox', name: 'Username' }, text: kUser } },
        { input: { target: { role: 'textbox', name: 'Password' }, text: '{{secret:password}}' } },
        { click: { target: "getByRole('dialog').getByRole('button', { name: 'Login' })" } },
        { click: { target: 'css=#header--button-account' } },
        { expect_text: { target: { role: 'menuitem', name: `Hi ${kUser}` }, text: kUser } },
        { click: { target: { role: 'menuitem', name: 'Logout' } } },
        { expect_count: { target: "getByRole('button', { name: 'Login' })", count: 1 } },
        { done: { text: 'found a package by searching, read its dependencies and versions, opened an older release, signed in and out', success: true } },
      ],
    }),
  },
};
