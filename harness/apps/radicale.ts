import fs from 'node:fs';
import path from 'node:path';
import { debianPackageVersion, debianUnavailable } from './debian.ts';
import { freePort, serveInstance, tempDir, waitUntilAnswers } from './serve.ts';
import type { RealApp, RunningApp } from './types.ts';

/**
 * Radicale (Debian's `radicale`): a CalDAV and CardDAV server whose built-in web interface at
 * `/.web/` creates, edits and deletes address books and calendars. The interface is one document
 * whose scenes (login, collections, create, edit, delete) are sections shown and hidden in place;
 * its links have an empty address and act through scripts, its form fields have no label (only
 * the text before them), and every collection is a card with the same Edit and Delete links. Run
 * as a user process with its own config and storage folder, no authentication (any user name
 * signs in, with any password), on 127.0.0.1.
 */

/** Debian's launcher, which runs the package with the system's Python. */
const kRadicale = '/usr/bin/radicale';

function unavailable(): string | null {
  return debianUnavailable('Radicale', kRadicale, ['radicale']);
}

function config(dir: string, port: number): string {
  return [
    '[server]', `hosts = 127.0.0.1:${port}`,
    '[auth]', 'type = none',
    '[storage]', `filesystem_folder = ${path.join(dir, 'collections')}`,
    '[web]', 'type = internal',
    '[logging]', 'level = warning',
    '',
  ].join('\n');
}

async function start(): Promise<RunningApp> {
  const dir = tempDir('radicale');
  const port = await freePort();
  const file = path.join(dir, 'config');
  fs.writeFileSync(file, config(dir, port));
  // HOME is the instance's folder: no user config of this machine is read.
  const origin = `http://127.0.0.1:${port}`;
  const stop = await serveInstance('Radicale', dir, { command: kRadicale, args: ['--config', file], cwd: dir, env: { ...process.env, HOME: dir } }, async (child) => {
    await waitUntilAnswers(`${origin}/.web/`, { child });
  });
  return {
    url: `${origin}/.web/`,
    dir,
    // Every user's collections live in files under the storage folder, read on each request.
    async reset() {
      fs.rmSync(path.join(dir, 'collections', 'collection-root'), { recursive: true, force: true });
    },
    stop,
  };
}

/** A card found by the title it shows whole, as a person writes it in a plan. */
const kCard = (title: string) => `locator('#collectionsscene article').filter({ has: getByText('${title}', { exact: true }) })`;

export const radicale: RealApp = {
  name: 'radicale',
  kind: 'CalDAV/CardDAV server web interface: one document of scenes shown in place, script links with empty addresses, unlabelled fields',
  source: { kind: 'debian', package: 'radicale', version: debianPackageVersion('radicale') },
  traits: ['single-page'],
  readyText: 'Login',
  benchOnly: true,
  unavailable,
  start,
  conformance: {
    maxSteps: 12,
    // Sign in, create a calendar, see its card, delete it and see the card gone. The fields have
    // no label: the plan finds them by their attributes, as a person reading the page would.
    plan: (url) => ({
      version: 1, url,
      steps: [
        { input: { target: { role: 'textbox', name: 'Username' }, text: 'ann' } },
        { click: { target: { role: 'button', name: 'Next' } } },
        { expect_text: { target: 'css=#collectionsscene h1', text: 'Collections' } },
        { click: { target: { role: 'link', name: 'Create new addressbook or calendar' } } },
        { input: { target: 'css=#createcollectionscene input[data-name=displayname]', text: 'Garden club' } },
        { input: { target: 'css=#createcollectionscene input[data-name=description]', text: 'Meetings and work days' } },
        { select_dropdown: { target: 'css=#createcollectionscene select', text: 'calendar' } },
        { click: { target: { role: 'button', name: 'Create' } } },
        { expect_text: { target: `${kCard('Garden club')}.locator('[data-name=title]')`, text: 'Garden club', exact: true } },
        { click: { target: `${kCard('Garden club')}.getByRole('link', { name: 'Delete' })` } },
        { expect_text: { target: 'css=#deletecollectionscene h2', text: 'Delete Garden club?' } },
        { click: { target: { role: 'button', name: 'Yes' } } },
        { expect_count: { target: kCard('Garden club'), count: 0 } },
        { done: { text: 'created and deleted a calendar', success: true } },
      ],
    }),
  },
};
