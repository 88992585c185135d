import { expect, test } from '../support/fixtures.ts';
import fs from 'node:fs/promises';
import path from 'node:path';
import { History } from '../../core/schema/history.ts';
import { lastJson, servePages, spawnBu, tempDir } from '../capture/support.ts';
import { connectExtension, launchWithExtension, tokenFrom } from './support.ts';
import { freePort } from '../../harness/apps/serve.ts';

/** A tab opened by the controlled tab (window.open) is controlled too, and becomes the active tab as in the default mode. */

test.describe.configure({ timeout: 180_000 });

const kHome = `<title>Home</title><h1>Home</h1><button onclick="window.open('/popup')">Open popup</button>`;
const kPopup = `<title>Popup</title><h1>Popup</h1><button onclick="document.querySelector('h1').textContent='Popup clicked'">Popup button</button>`;

test('a popup of the controlled tab is followed through the extension', async () => {
  const pages = await servePages({ '/': kHome, '/popup': kPopup });
  const browser = await launchWithExtension();
  const cwd = await tempDir('ext-popup');
  try {
    await browser.page.goto(pages.url);
    const plan = {
      version: 1,
      steps: [
        { click: { target: { role: 'button', name: 'Open popup' } } },
        { click: { target: { role: 'button', name: 'Popup button' } } },
        { done: { text: 'clicked in the popup', success: true } },
      ],
    };
    await fs.writeFile(path.join(cwd, 'plan.json'), JSON.stringify(plan));
    const port = await freePort();
    const run = spawnBu(['capture', 'script', '--mode', 'session', '--session-port', String(port), '--url', pages.url, '--plan', 'plan.json', '--json'], { cwd });
    const token = await tokenFrom(run.stderr);
    expect((await connectExtension(browser.worker, { token, port })).state).toBe('connected');
    const done = await run.done;
    expect(done.code, done.stderr).toBe(0);
    const id = String(lastJson(done.stdout).sessionId);
    const history = History.parse(JSON.parse(await fs.readFile(path.join(cwd, 'out', 'history', `${id}.json`), 'utf8')));
    expect(history.steps[1]!.pre.url).toBe(`${pages.url}popup`);
    expect(history.steps[1]!.ok).toBe(true);
    const popup = browser.context.pages().find((page) => page.url().endsWith('/popup'))!;
    await expect(popup.getByRole('heading')).toHaveText('Popup clicked');
    const reasoning = await fs.readFile(path.join(cwd, 'out', 'reasoning', `${id}.jsonl`), 'utf8');
    expect(reasoning).toContain('a new tab 1 opened');
  } finally {
    await browser.close();
    await pages.close();
  }
});
