import { expect, test } from '../support/fixtures.ts';
import { replay } from '../../replay/replay.ts';
import { comparableHrefs } from '../../locate/text.ts';
import { kRefusedFindMs } from './support/find-limits.ts';
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
  // An anchor counts when it is the same; one of another name, or none recorded, says nothing.
  expect(comparableHrefs('/#Tasks', '/#Tasks')).toEqual(['/#Tasks', '/#Tasks']);
  expect(comparableHrefs('/#Tasks', '/#Archive')).toEqual(['/', '/']);
  expect(comparableHrefs('/', '/#Tasks')).toEqual(['/', '/']);
});

/**
 * A notebook whose links open a page of their own in place, named by the link's anchor (the
 * address does not change); the app logs the one opened.
 */
function notebook(tasks: string): string {
  return htmlPage('Notebook', `<main><article><h2>Garden</h2><p>The garden has three beds. See ${tasks} for the work of the week and <a href="#Beds">Beds</a> for what grows where.</p></article></main>
    <script>document.querySelector('main').addEventListener('click', (e) => { const a = e.target.closest('a'); if (!a) return; e.preventDefault(); fetch('/act', { method: 'POST', body: 'open ' + a.getAttribute('href') }); });</script>`);
}

test('a reworded link whose anchor stayed is followed; a link to another anchor in its place is not', async ({ browser }) => {
  site = await startPagesSite(() => notebook('<a href="#Tasks">Tasks</a>'));
  const history = await recordOn(browser, site.url, [{ action: 'click', params: {}, target: (p) => p.getByRole('link', { name: 'Tasks' }) }]);
  await expect.poll(() => site.state.log).toEqual(['open #Tasks']);
  expect(history.steps[0]!.fingerprint!.hrefPath).toBe('/#Tasks');
  const replayed = async (tasks: string, id: string, findTimeoutMs: number) => {
    site.state.render = () => notebook(tasks);
    site.state.log = [];
    // A context of its own per replay: replay finds a step's tab among its context's pages.
    const context = await browser.newContext();
    const { report } = await replay(await context.newPage(), history, { replayId: id, findTimeoutMs });
    await context.close();
    return report;
  };
  const reworded = await replayed('<a href="#Tasks">To-dos</a>', 'anchor-reworded', 1_500);
  await expect.poll(() => site.state.log, { message: JSON.stringify(reworded.steps, null, 1) }).toEqual(['open #Tasks']);
  expect(reworded.steps[0]!.status).toBe('healed');
  const other = await replayed('<a href="#Archive">Archive</a>', 'anchor-other', kRefusedFindMs);
  expect(site.state.log, JSON.stringify(other.steps, null, 1)).toEqual([]);
  expect(other.steps[0]!.status).toBe('failed');
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
