import { html, raw } from '../html.ts';
import { kUser } from '../store.ts';
import { layout, type PageCtx } from './layout.ts';

/** The signed-in home page (with the slow-loading section), the help page and the 404 page. */

/** Loads the activity list after the page is shown; `?delay=MS` on the page is passed on to the endpoint. */
const kActivityScript = raw(`<script>
(async () => {
  const section = document.querySelector('[data-activity]');
  const delay = new URLSearchParams(location.search).get('delay');
  const response = await fetch('/api/activity' + (delay ? '?delay=' + encodeURIComponent(delay) : ''));
  const data = await response.json();
  const list = document.createElement('ul');
  for (const event of data.events) {
    const li = document.createElement('li');
    li.textContent = event;
    list.append(li);
  }
  section.querySelector('[data-loading]').replaceWith(list);
  section.setAttribute('aria-busy', 'false');
})();
</script>`);

/** What the slow endpoint returns: fixed text, so the page settles to the same content every time. */
export function activityEvents(itemCount: number): string[] {
  return [
    `${itemCount} items in the catalog`,
    'Ann Example updated “Golden Lamp”',
    'Bo Berg created “Quiet Teapot”',
    'Price list exported',
  ];
}

export function dashboardPage(ctx: PageCtx): string {
  const { v } = ctx;
  const body = html`<h1>Dashboard</h1>
    <p>Welcome back, ${kUser.name}.</p>
    <section class="${v.cls('card')}" aria-labelledby="${v.el('overview-h')}">
      <h2 id="${v.el('overview-h')}">Overview</h2>
      <p${v.testId('item-count')}>${ctx.store.count()} items in the catalog.</p>
      <p><a href="/items">Browse items</a> · <a href="/items/new">Add a new item</a> · <a href="/settings">Edit your settings</a></p>
    </section>
    <section class="${v.cls('card')}" aria-labelledby="${v.el('activity-h')}" aria-busy="true" data-activity${v.testId('activity')}>
      <h2 id="${v.el('activity-h')}">Recent activity</h2>
      <p data-loading>Loading recent activity…</p>
    </section>
    ${kActivityScript}`;
  return layout(ctx, { title: 'Dashboard', body });
}

const kArticles = [
  { title: 'Signing in', text: 'Use your work email and password. Ask an admin to reset a forgotten password.' },
  { title: 'Finding items', text: 'Search matches item titles and categories; results come ten to a page.' },
  { title: 'Deleting items', text: 'Deleting an item removes it for everyone and cannot be undone.' },
];

export function helpPage(ctx: PageCtx): string {
  const { v } = ctx;
  const query = (ctx.url.searchParams.get('q') ?? '').trim();
  const articles = query ? kArticles.filter((a) => `${a.title} ${a.text}`.toLowerCase().includes(query.toLowerCase())) : kArticles;
  const body = html`<h1>Help</h1>
    ${query ? html`<p role="status">${articles.length ? `${articles.length} help articles match “${query}”` : `No help articles match “${query}”`}</p>` : ''}
    ${articles.map((a) => html`<article class="${v.cls('card')}"><h2>${a.title}</h2><p>${a.text}</p></article>`)}
    <h2 id="contact">Contact support</h2>
    <p>Write to support@example.com.</p>`;
  return layout(ctx, { title: 'Help', body });
}

export function notFoundPage(ctx: PageCtx, what: string): string {
  const body = html`<h1>Page not found</h1><p>${what}</p><p><a href="/">Go to the dashboard</a></p>`;
  return layout(ctx, { title: 'Page not found', body });
}
