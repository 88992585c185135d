import { expect, test } from '../support/fixtures.ts';
import fs from 'node:fs/promises';
import path from 'node:path';
import { History } from '../../core/schema/history.ts';
import { settlesFirst } from '../../replay/post-check.ts';
import { replay } from '../../replay/replay.ts';
import { lastJson, runBu, servePages, tempDir } from '../capture/support.ts';

/**
 * A page left over from the previous step: a header button toggles a tray; following a link to
 * another route renders the new page at once and fades the tray out over half a second (as an
 * admin app's header does). Replay must not act while the tray the next click is to bring up is
 * still shown: clicking then closes it, and the step does the opposite of what it recorded.
 */

test.describe.configure({ timeout: 120_000 });

const kPage = `<!doctype html><html><head><title>Databases</title></head><body>
<header><button id="api" aria-expanded="false">API</button><div id="tray" hidden><p>API URL</p><a href="/data.json">View JSON</a></div></header>
<main></main>
<script>
const tray = document.getElementById('tray');
const api = document.getElementById('api');
api.onclick = () => { tray.hidden = !tray.hidden; api.setAttribute('aria-expanded', String(!tray.hidden)); };
const render = () => {
  const db = location.hash.slice(2);
  document.querySelector('main').innerHTML = db
    ? '<h1>' + db + '</h1><ul><li>tomato</li><li>bean</li></ul><a href="#/">All databases</a>'
    : '<h1>Databases</h1><ul><li><a href="#/plants">plants</a></li><li><a href="#/beds">beds</a></li></ul>';
};
// The tray fades out over half a second once the new route rendered (frame by frame, as an animation library does).
window.addEventListener('hashchange', () => {
  render();
  if (tray.hidden) return;
  const start = performance.now();
  const fade = (now) => {
    const k = (now - start) / 500;
    if (k >= 1) { tray.hidden = true; tray.style.opacity = ''; api.setAttribute('aria-expanded', 'false'); return; }
    tray.style.opacity = String(1 - k);
    requestAnimationFrame(fade);
  };
  requestAnimationFrame(fade);
});
render();
</script></body></html>`;

/**
 * The history of `steps` captured by `bu capture script` on a site serving `pages`, handed to
 * `use` with the site still up; the site and the capture's folder are removed after.
 */
async function withCapturedHistory(label: string, pages: Record<string, string>, steps: unknown[], use: (history: History) => Promise<void>): Promise<void> {
  const site = await servePages(pages);
  const cwd = await tempDir(label);
  try {
    await fs.writeFile(path.join(cwd, 'plan.json'), JSON.stringify({ version: 1, url: site.url, steps }));
    const run = await runBu(['capture', 'script', '--plan', 'plan.json', '--json'], { cwd });
    expect(run.code, run.stderr).toBe(0);
    await use(History.parse(JSON.parse(await fs.readFile(path.join(cwd, 'out', 'history', `${String(lastJson(run.stdout).sessionId)}.json`), 'utf8'))));
  } finally {
    await site.close();
    await fs.rm(cwd, { recursive: true, force: true });
  }
}

test('a click whose effect is already on the page waits for the previous step to take it away before acting', async ({ page }) => {
  const steps = [
    { click: { target: { role: 'button', name: 'API' } } },
    { expect_text: { text: 'API URL' } },
    { click: { target: { role: 'link', name: 'plants' } } },
    { click: { target: { role: 'button', name: 'API' } } },
    { expect_text: { text: 'API URL' } },
    { done: { text: 'opened the tray on a database' } },
  ];
  await withCapturedHistory('leftover-effect', { '/': kPage, '/data.json': '{}' }, steps, async (history) => {
    const reopen = history.steps.filter((s) => s.action === 'click')[2]!;
    expect(reopen.effect!.appeared).toContain('link "View JSON"');

    const { report } = await replay(page, history, { replayId: 'leftover' });
    expect(report.summary.ok, JSON.stringify(report.steps, null, 1)).toBe(true);
    await expect(page.getByText('API URL')).toBeVisible();
  });
});

/**
 * A panel that goes in two times: its toggle swaps at once ("hide sidebar" becomes "show sidebar"),
 * its contents leave when a CSS fade ends, as a notes app's sidebar does. The recording saw the page
 * change between the two clicks; replay acting on the second click as soon as the toggle swapped
 * would find the contents still there, and the effect it checks (the contents coming back) never
 * comes.
 */
const kSidebar = `<!doctype html><html><head><title>Notes</title></head><body>
<main><h1>Today</h1><p>Nothing planned.</p></main>
<aside><button id="toggle">hide sidebar</button><div id="panel"><h2>Garden notes</h2><button>new note</button><button>search notes</button><a href="#/tags">tags</a></div></aside>
<script>
const toggle = document.getElementById('toggle');
const panel = document.getElementById('panel');
let fading = 0;
toggle.onclick = () => {
  clearTimeout(fading);
  if (toggle.textContent === 'hide sidebar') {
    toggle.textContent = 'show sidebar';
    // A CSS transition, then the contents leave when it ends: nothing changes in the DOM meanwhile.
    panel.style.transition = 'opacity 900ms';
    panel.style.opacity = '0';
    fading = setTimeout(() => { panel.hidden = true; }, 900);
  } else {
    toggle.textContent = 'hide sidebar';
    panel.hidden = false;
    panel.style.transition = '';
    panel.style.opacity = '';
  }
};
</script></body></html>`;

test('a step the recording saw the page settle before waits until nothing it brings up is on the page', async ({ page }) => {
  const steps = [
    { click: { target: { role: 'button', name: 'hide sidebar' } } },
    { click: { target: { role: 'button', name: 'show sidebar' } } },
    { expect_text: { text: 'Garden notes' } },
    { done: { text: 'hid and showed the sidebar' } },
  ];
  await withCapturedHistory('settle-first', { '/': kSidebar }, steps, async (history) => {
    const [hide, show] = history.steps.filter((s) => s.action === 'click');
    // The plan's capture clicks again within the fade. A slower recording (a crawler's look at the
    // page between the clicks) reads the second click's page after the fade ended: another outline
    // than the first click left, and the panel's contents among what the second click brought up.
    // That recording is this one with those two facts as it records them.
    const panelLines = ['heading "Garden notes"', 'button "new note"', 'button "search notes"', 'link "tags"'];
    show!.effect = { appeared: [...show!.effect!.appeared, ...panelLines], gone: show!.effect!.gone };
    show!.pre.ariaHash = `${hide!.post.ariaHash}-settled`;
    expect(settlesFirst(hide!, show!)).toBe(true);
    expect(settlesFirst(null, show!)).toBe(false);

    const { report } = await replay(page, history, { replayId: 'settle-first' });
    expect(report.summary.ok, JSON.stringify(report.steps, null, 1)).toBe(true);
    await expect(page.getByRole('button', { name: 'new note' })).toBeVisible();
  });
});

test('a step whose effect the page still shows from before waits until the check could see it again', async ({ page }) => {
  const steps = [
    { click: { target: { role: 'button', name: 'hide sidebar' } } },
    { click: { target: { role: 'button', name: 'show sidebar' } } },
    { expect_text: { text: 'Garden notes' } },
    { done: { text: 'hid and showed the sidebar' } },
  ];
  await withCapturedHistory('shown-before', { '/': kSidebar }, steps, async (history) => {
    const [hide, show] = history.steps.filter((s) => s.action === 'click');
    // A recorder that read the first click's page after the fade, and left the fade out of that
    // click's effect as the page's own change (a timer's): the second click starts from the page
    // the first one left, and brought the panel's contents back. Written whole: this capture may
    // have seen either moment, as the machine's load has it.
    const panelLines = ['heading "Garden notes"', 'button "new note"', 'button "search notes"', 'link "tags"'];
    show!.effect = { appeared: ['button "hide sidebar"', ...panelLines], gone: ['button "show sidebar"'] };
    show!.pre.ariaHash = hide!.post.ariaHash;
    expect(settlesFirst(hide!, show!)).toBe(false);

    const { report } = await replay(page, history, { replayId: 'shown-before' });
    expect(report.summary.ok, JSON.stringify(report.steps, null, 1)).toBe(true);
    const showStep = report.steps.find((s) => s.index === show!.index)!;
    expect(showStep.checks.some((c) => /^effect [3-6]\/6$/.test(c)), showStep.checks.join(', ')).toBe(true);
    await expect(page.getByRole('button', { name: 'new note' })).toBeVisible();
  });
});
