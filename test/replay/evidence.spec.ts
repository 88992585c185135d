import { expect, test } from '../support/fixtures.ts';
import { replay } from '../../replay/replay.ts';
import { comparableHrefs } from '../../locate/text.ts';
import { recordOn } from './support/record.ts';
import { htmlPage, startPagesSite, type PagesSite } from '../../harness/sites/pages-site.ts';

/**
 * Evidence that only one candidate carries decides, before position is consulted: a renamed link
 * whose hash route stayed, among look-alike links whose routes differ.
 */

let site: PagesSite;
test.afterEach(async () => site?.close());

/** Filter links of a hash-routed list; the app logs the route it lands on. */
function filters(links: [string, string][]): string {
  return htmlPage('Entries', `<main><h1>Entries</h1><ul><li>Milk</li><li>Bread</li></ul>
    <footer><ul class="filters">${links.map(([route, caption]) => `<li><a href="#/${route}">${caption}</a></li>`).join('')}</ul></footer></main>
    <script>addEventListener('hashchange', () => fetch('/act', { method: 'POST', body: 'route ' + location.hash }));</script>`);
}

test('a renamed filter link whose hash route stayed is found among look-alikes, not refused as ambiguous', async ({ browser, page }) => {
  site = await startPagesSite(() => filters([['', 'All'], ['active', 'Active'], ['completed', 'Completed']]));
  const history = await recordOn(browser, site.url, [{ action: 'click', params: {}, target: (p) => p.getByRole('link', { name: 'Active' }) }]);
  await expect.poll(() => site.state.log).toEqual(['route #/active']);
  expect(history.steps[0]!.fingerprint!.hrefPath).toBe('/#/active');
  site.state.log = [];
  // Renamed, and another link now sits where it was.
  site.state.render = () => filters([['', 'All'], ['completed', 'Completed'], ['active', 'Open']]);
  const { report } = await replay(page, history, { replayId: 'filters', findTimeoutMs: 1_500 });
  expect(report.summary.ok, JSON.stringify(report.steps, null, 1)).toBe(true);
  await expect.poll(() => site.state.log).toEqual(['route #/active']);
  expect(report.final.url).toBe(`${site.url}#/active`);
});

test('a link target recorded before hash routes were kept still compares by its path', () => {
  expect(comparableHrefs('/app/', '/app/#/active')).toEqual(['/app/', '/app/']);
  expect(comparableHrefs('/app/#/active', '/app/#/completed')).toEqual(['/app/#/active', '/app/#/completed']);
  expect(comparableHrefs('/app/?q=1', '/app/?q=1')).toEqual(['/app/?q=1', '/app/?q=1']);
});

test('a link target compares without the token a session draws (its key says so), never without a record\'s id', () => {
  const same = (a: string, b: string) => comparableHrefs(a, b)[0] === comparableHrefs(a, b)[1];
  // Another sign-in, another token: the same link (a wiki's `sectok`, a blog's `_wpnonce`, an admin tool's `token`).
  expect(same('/doku.php?id=start&do=logout&sectok=e3d0ff02e5a8144080d9e8ed00fb05fc', '/doku.php?id=start&do=logout&sectok=f6595aa5f82a145e9452ef26f3858259')).toBe(true);
  expect(same('/wp-admin/post.php?post=7&action=trash&_wpnonce=8f2a9c1b3d', '/wp-admin/post.php?post=7&action=trash&_wpnonce=1c7e40d9aa')).toBe(true);
  expect(same('/index.php?route=/table&token=4a5b6c7d8e9f0a1b', '/index.php?route=/table&token=0f1e2d3c4b5a6978')).toBe(true);
  // A token aside, anything else that differs is another link: another action, another record.
  expect(same('/doku.php?id=start&do=logout&sectok=e3d0ff02e5a8144080d9e8ed00fb05fc', '/doku.php?id=start&do=delete&sectok=f6595aa5f82a145e9452ef26f3858259')).toBe(false);
  expect(same('/wp-admin/post.php?post=7&action=trash&_wpnonce=8f2a9c1b3d', '/wp-admin/post.php?post=8&action=trash&_wpnonce=1c7e40d9aa')).toBe(false);
  // A readable value is no token, whatever its key; a long random value under a key that names no token is a record's id.
  expect(same('/talks?session_id=keynote-2026', '/talks?session_id=workshop-2026')).toBe(false);
  expect(same('/items?item=5f3a9c1b2d4e6f7081920a1b', '/items?item=6a1b2c3d4e5f60718293a4b5')).toBe(false);
});

/** Priority buttons with ids; the app logs the id of the one pressed. */
function priorities(buttons: [string, string][]): string {
  return htmlPage('Priority', `<main><h1>Priority</h1><div class="bar">${buttons.map(([id, caption]) => `<button id="${id}" class="choice" onclick="act('pressed ' + this.id)">${caption}</button>`).join('')}</div></main>`);
}

test('a renamed button that kept its id is found among look-alikes that moved into its place', async ({ browser, page }) => {
  site = await startPagesSite(() => priorities([['priority-low', 'Low'], ['priority-medium', 'Medium'], ['priority-high', 'High']]));
  const history = await recordOn(browser, site.url, [{ action: 'click', params: {}, target: (p) => p.getByRole('button', { name: 'Medium' }) }]);
  expect(site.state.log).toEqual(['pressed priority-medium']);
  site.state.log = [];
  site.state.render = () => priorities([['priority-low', 'Low'], ['priority-high', 'High'], ['priority-medium', 'Normal']]);
  const { report } = await replay(page, history, { replayId: 'ids', findTimeoutMs: 1_500 });
  expect(report.summary.ok, JSON.stringify(report.steps, null, 1)).toBe(true);
  expect(site.state.log).toEqual(['pressed priority-medium']);
});
