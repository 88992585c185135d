import { expect, test } from '../support/fixtures.ts';
import { replay } from '../../replay/replay.ts';
import { followedLink, movesToFollow, targetMoves } from '../../replay/verify.ts';
import { recordOn } from './support/record.ts';
import { htmlPage, startPagesSite, type PagesSite } from '../../harness/sites/pages-site.ts';

/**
 * A link whose target carries a server-side path in its query: another copy of the app links
 * elsewhere, so the URL the recording reached can never come back. The acted link's own target
 * moved; the expected URL follows it, and the URLs of the steps after it too.
 */

let site: PagesSite;
test.afterEach(async () => site?.close());

function app(store: string) {
  return (url: URL) => {
    const db = encodeURIComponent(store);
    if (url.pathname === '/view') {
      const table = url.searchParams.get('t') ?? '';
      return htmlPage(`Table ${table}`, `<main><h1>Table ${table}</h1><p>Store ${escape(url.searchParams.get('db') ?? '')}</p>
        <button onclick="act('refresh ' + new URLSearchParams(location.search).get('db'))">Refresh</button></main>`);
    }
    return htmlPage('Tables', `<main><h1>Tables</h1><ul>
      <li><a href="/view?db=${db}&t=users">users</a></li><li><a href="/view?db=${db}&t=orders">orders</a></li></ul></main>`);
  };
}

function escape(text: string): string {
  return text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

test('the expected URL follows the acted link\'s target to another copy of the app', async ({ browser, page }) => {
  site = await startPagesSite(app('/srv/one/app.db'));
  const history = await recordOn(browser, site.url, [
    { action: 'click', params: {}, target: (p) => p.getByRole('link', { name: 'users' }) },
    { action: 'click', params: {}, target: (p) => p.getByRole('button', { name: 'Refresh' }) },
  ]);
  expect(site.state.log).toEqual(['refresh /srv/one/app.db']);
  site.state.log = [];
  site.state.render = app('/srv/two/app.db');
  const { report } = await replay(page, history, { replayId: 'follow', findTimeoutMs: 1_500 });
  expect(report.summary.ok, JSON.stringify(report.steps, null, 1)).toBe(true);
  expect(site.state.log).toEqual(['refresh /srv/two/app.db']);
  expect(report.final.url).toBe(`${site.url}view?db=%2Fsrv%2Ftwo%2Fapp.db&t=users`);
});

test('how a link target moved, and which of its moves the expected URL follows', () => {
  expect(targetMoves('/view?db=%2Fa&t=users', '/view?db=%2Fb&t=users')).toEqual([['/a', '/b']]);
  // Another shape (other keys, other depth) says nothing about how the target moved.
  expect(targetMoves('/view?db=%2Fa&t=users', '/view?t=users')).toEqual([]);
  expect(targetMoves('/a/view', '/view')).toEqual([]);
  // A move the recorded URL does not hold is not followed.
  expect(movesToFollow('http://h/view?db=%2Fa&t=users', '/view?db=%2Fa&t=users', '/view?db=%2Fb&t=orders')).toEqual([['/a', '/b'], ['users', 'orders']]);
  expect(movesToFollow('http://h/other?x=1', '/view?db=%2Fa', '/view?db=%2Fb')).toEqual([]);
});

/** A list with hash-routed filter links, routed `#/name` or, in another build, `#!name`. */
function filters(route: (name: string) => string) {
  return () => htmlPage('Chores', `<main><h1>Chores</h1><ul><li>Sweep</li></ul><nav aria-label="Filters">
    <a href="${route('all')}">All</a> <a href="${route('open')}">Open</a></nav>
    <button onclick="act('shown ' + location.hash)">Show</button></main>`);
}

test('a link whose recorded effect was going where it led is checked against the address its target gives now (a build routing #!open for #/open)', async ({ browser, page }) => {
  site = await startPagesSite(filters((name) => `#/${name}`));
  const history = await recordOn(browser, site.url, [
    { action: 'click', params: {}, target: (p) => p.getByRole('link', { name: 'Open' }) },
    { action: 'click', params: {}, target: (p) => p.getByRole('button', { name: 'Show' }) },
  ]);
  expect(site.state.log).toEqual(['shown #/open']);
  site.state.log = [];
  site.state.render = filters((name) => `#!${name}`);
  const { report } = await replay(page, history, { replayId: 'hash-bang', findTimeoutMs: 1_500 });
  expect(report.summary.ok, JSON.stringify(report.steps, null, 1)).toBe(true);
  expect(site.state.log).toEqual(['shown #!open']);
  // A link that now leads elsewhere than the page it reaches still fails its step: the check is of where the page went.
  site.state.render = () => filters((name) => `#!${name}`)().replace(`href="#!open"`, `href="#!open" onclick="event.preventDefault(); location.hash = '#!all'"`);
  await page.goto('about:blank');
  const stray = await replay(page, history, { replayId: 'hash-stray', findTimeoutMs: 400 });
  expect(stray.report.steps[0]!.status, JSON.stringify(stray.report.steps, null, 1)).toBe('failed');
  expect(stray.report.steps[0]!.category).toBe('postcondition_failed');
});

test('the address a followed link gives now: only where the recorded step went where its recorded target led', () => {
  const recorded = { preUrl: 'http://h/app/', postUrl: 'http://h/app/#/open', href: '/app/#/open' };
  expect(followedLink(recorded, '/app/#!open', 'http://h/app/')).toBe('http://h/app/#!open');
  // The recorded step went elsewhere than its link (a script's link, a redirect): nothing to follow.
  expect(followedLink({ ...recorded, postUrl: 'http://h/app/#/all' }, '/app/#!open', 'http://h/app/')).toBeNull();
});
