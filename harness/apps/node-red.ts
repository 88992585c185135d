import fs from 'node:fs';
import path from 'node:path';
import { appsCacheDir, prefixInstall } from './packages.ts';
import { freePort, serveInstance, tempDir, waitUntilAnswers } from './serve.ts';
import type { RealApp, RunningApp } from './types.ts';

/**
 * Node-RED (npm `node-red`): a flow editor whose page is a splash screen until its scripts have
 * fetched the settings, the node types and the flows, then a jQuery editor of icon-font buttons
 * and links named by glyphs alone, ids that all start `red-ui-`, a workspace drawn in SVG and
 * dialogs with dialog roles. The package is not one of the project's dependencies (its release
 * needs a newer Node than the package supports): it is installed into a cache folder of its own,
 * `kNodeRedDir`, by `make bench-deps`. Each instance runs with its own user folder and a settings
 * file that turns off telemetry, update checks, diagnostics, the palette catalogue and every
 * install from the editor, on 127.0.0.1.
 */

/** The release the bench installs: 4.1 runs on Node 20 (5.0 asks for 22). */
export const kNodeRedVersion = '4.1.8';
/** Where `make bench-deps` installs it; `BU_APPS_CACHE` moves the parent folder. */
export const kNodeRedDir = path.join(appsCacheDir(), `node-red-${kNodeRedVersion}`);
const kRedJs = path.join(kNodeRedDir, 'node_modules', 'node-red', 'red.js');

const { installed: installedVersion, unavailable } = prefixInstall('Node-RED', kNodeRedDir, 'node-red', kNodeRedVersion);

/** The settings file: nothing that reaches past 127.0.0.1, nothing installed from the editor. */
function settings(): string {
  const values = {
    uiHost: '127.0.0.1',
    flowFile: 'flows.json',
    credentialSecret: false,
    diagnostics: { enabled: false, ui: false },
    telemetry: { enabled: false, updateNotification: false },
    runtimeState: { enabled: false, ui: false },
    externalModules: { autoInstall: false, palette: { allowInstall: false, allowUpdate: false, allowUpload: false }, modules: { allowInstall: false } },
    editorTheme: { tours: false, palette: { catalogues: [] }, projects: { enabled: false }, multiplayer: { enabled: false } },
    logging: { console: { level: 'warn', metrics: false, audit: false } },
  };
  return `module.exports = ${JSON.stringify(values, null, 1)};\n`;
}

/** Deploys no flows at all: the editor as a fresh install shows it. */
async function clearFlows(origin: string): Promise<void> {
  const response = await fetch(`${origin}/flows`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'Node-RED-Deployment-Type': 'full' },
    body: '[]',
  });
  if (!response.ok) throw new Error(`node-red: clearing the flows answered ${response.status}`);
}

async function start(): Promise<RunningApp> {
  const dir = tempDir('node-red');
  const port = await freePort();
  const settingsFile = path.join(dir, 'settings.js');
  fs.writeFileSync(settingsFile, settings());
  // HOME is the instance's folder: no user config of this machine is read.
  const origin = `http://127.0.0.1:${port}`;
  const stop = await serveInstance('Node-RED', dir, {
    command: process.execPath,
    args: [kRedJs, '--userDir', dir, '--settings', settingsFile, '--port', String(port)],
    cwd: dir, env: { ...process.env, HOME: dir, NODE_RED_ENABLE_PROJECTS: 'false' },
  }, async (child) => {
    await waitUntilAnswers(`${origin}/`, { child });
  });
  return { url: `${origin}/`, dir, reset: () => clearFlows(origin), stop };
}

/**
 * A comment, and an inject node that sends the time every second to a debug node, which counts
 * what it received under itself on the workspace ("1", "2", ...): once deployed, the editor's
 * page changes by itself every second.
 */
const kFlow = JSON.stringify([
  { id: 'a1b2c3d4e5f60718', type: 'comment', name: 'Water the seedlings', info: '', x: 240, y: 60, wires: [] },
  { id: 'a1b2c3d4e5f60719', type: 'inject', name: 'Every second', props: [{ p: 'payload' }], repeat: '1', once: true, onceDelay: 0.1, topic: '', payload: '', payloadType: 'date', x: 180, y: 140, wires: [['a1b2c3d4e5f6071a']] },
  { id: 'a1b2c3d4e5f6071a', type: 'debug', name: 'Tick', active: true, tosidebar: true, console: false, tostatus: true, complete: 'payload', targetType: 'msg', statusVal: '', statusType: 'counter', x: 400, y: 140, wires: [] },
]);

/** The imported comment's name on the workspace. */
const kNode = "locator('#red-ui-workspace-chart').getByText('Water the seedlings')";
/** The comment node, which takes the clicks its name (SVG text without pointer events) lets through. */
const kNodeBox = "locator('#red-ui-workspace-chart .red-ui-flow-node-group').filter({ hasText: 'Water the seedlings' })";

export const nodeRed: RealApp = {
  name: 'node-red',
  kind: 'flow editor: a splash screen until its scripts fetched its data, icon-font buttons named by glyphs, ids under one namespace, an SVG workspace',
  source: { kind: 'npm', package: 'node-red', version: installedVersion() },
  traits: ['single-page', 'self-changing'],
  readyText: 'Deploy',
  benchOnly: true,
  unavailable,
  start,
  conformance: {
    maxSteps: 12,
    // Import a flow from the main menu, place it, deploy it and see it deployed, watch its
    // counter tick and select the comment, then remove the whole flow and deploy again. The
    // import box checks what is pasted on key presses, so a key follows the typed text; imported
    // nodes follow the pointer until a click on the workspace puts them down.
    plan: (url) => ({
      version: 1, url,
      steps: [
        { click: { target: 'css=#red-ui-header-button-sidemenu' } },
        { click: { target: { role: 'link', name: 'Import' } } },
        { input: { target: "getByRole('dialog', { name: 'Import nodes' }).getByRole('textbox')", text: kFlow } },
        { send_keys: { keys: 'End' } },
        { click: { target: "getByRole('dialog', { name: 'Import nodes' }).getByRole('button', { name: 'Import' })" } },
        { click: { target: 'css=#red-ui-workspace-chart' } },
        { expect_text: { target: kNode, text: 'Water the seedlings', exact: true } },
        { click: { target: { role: 'link', name: 'Deploy', exact: true } } },
        { expect_text: { text: 'Successfully deployed' } },
        { wait: { seconds: 3 } },
        { click: { target: kNodeBox } },
        // Then away again, deployed: a second run imports into the editor as this one found it
        // (nodes already there would open a dialog about the clash instead).
        { click: { target: 'css=#red-ui-workspace-chart' } },
        { send_keys: { keys: 'Control+a' } },
        { send_keys: { keys: 'Delete' } },
        { expect_count: { target: kNode, count: 0 } },
        { click: { target: { role: 'link', name: 'Deploy', exact: true } } },
        { done: { text: 'imported a ticking flow, deployed it, watched it, removed it and deployed again', success: true } },
      ],
    }),
  },
};
