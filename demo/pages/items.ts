import { html, type HtmlPart } from '../html.ts';
import type { Item, ItemPage } from '../store.ts';
import { decoySidebar } from './decoys.ts';
import { button } from './forms.ts';
import { flash, layout, relocatable, type PageCtx } from './layout.ts';

/** The item list: search (GET form, query in the URL) and pagination. */

interface Column {
  header: string;
  cell(item: Item): HtmlPart;
}

export function formatPrice(price: number): string {
  return `$${price.toFixed(2)}`;
}

function columns(): Column[] {
  return [
    { header: 'ID', cell: (item) => item.id },
    { header: 'Title', cell: (item) => html`<a href="/items/${item.id}">${item.title}</a>` },
    { header: 'Category', cell: (item) => item.category },
    { header: 'Price', cell: (item) => formatPrice(item.price) },
    { header: 'In stock', cell: (item) => item.stock },
  ];
}

function listUrl(query: string, page: number): string {
  const params = new URLSearchParams();
  if (query) params.set('q', query);
  if (page > 1) params.set('page', String(page));
  const search = params.toString();
  return search ? `/items?${search}` : '/items';
}

function searchForm(ctx: PageCtx, query: string): HtmlPart {
  const { v } = ctx;
  const form = html`<form method="get" action="/items" role="search" aria-label="Items" id="${v.el('search-form')}">
    ${v.wrap(html`<label for="${v.el('q')}">${v.text('Search items')}</label>
    <input type="search" id="${v.el('q')}" name="q" value="${query}" placeholder="Title or category"${v.testId('search-input')}>
    ${button(v, 'Search', { id: 'search-submit', testId: 'search-submit' })}`)}
  </form>`;
  return relocatable(ctx, 'search-box', form);
}

function table(ctx: PageCtx, result: ItemPage): HtmlPart {
  const { v } = ctx;
  const cols = v.order(columns());
  const rows = result.items.map(
    (item) => html`<tr${v.testId(`item-row-${item.id}`)}>${cols.map((col) => html`<td>${col.cell(item)}</td>`)}</tr>`,
  );
  return v.wrap(html`<table id="${v.el('items-table')}" class="${v.cls('items')}"${v.testId('items-table')}>
    <caption class="${v.cls('muted')}">Page ${result.page} of ${result.pages}</caption>
    <thead><tr>${cols.map((col) => html`<th scope="col">${col.header}</th>`)}</tr></thead>
    <tbody>${rows}</tbody>
  </table>`);
}

function pager(ctx: PageCtx, query: string, result: ItemPage): HtmlPart {
  const { v } = ctx;
  if (result.pages <= 1) return '';
  const pages = [];
  for (let p = 1; p <= result.pages; p++) {
    pages.push(
      p === result.page
        ? html`<li><a href="${listUrl(query, p)}" aria-current="page" aria-label="Page ${p}">${p}</a></li>`
        : html`<li><a href="${listUrl(query, p)}" aria-label="Page ${p}">${p}</a></li>`,
    );
  }
  const prev = result.page > 1 ? html`<li><a href="${listUrl(query, result.page - 1)}" rel="prev">Previous</a></li>` : '';
  const next = result.page < result.pages ? html`<li><a href="${listUrl(query, result.page + 1)}" rel="next">Next</a></li>` : '';
  return html`<nav aria-label="Pagination" class="${v.cls('pager')}"${v.testId('pagination')}><ul>${prev}${pages}${next}</ul></nav>`;
}

function summary(query: string, result: ItemPage, pageSize: number): string {
  if (!result.total) return query ? `No items match “${query}”` : 'No items yet';
  const first = (result.page - 1) * pageSize + 1;
  const last = first + result.items.length - 1;
  const scope = query ? ` matching “${query}”` : '';
  return `Showing ${first}–${last} of ${result.total} items${scope}`;
}

export function itemsPage(ctx: PageCtx, query: string, result: ItemPage, pageSize: number): string {
  const { v } = ctx;
  const deleted = ctx.url.searchParams.get('deleted');
  const body = html`<h1>Items</h1>
    ${flash(ctx, deleted ? `Deleted “${deleted}”` : null)}
    ${searchForm(ctx, query)}
    <p id="${v.el('result-count')}"${v.testId('result-count')}>${summary(query, result, pageSize)}</p>
    ${result.items.length ? table(ctx, result) : ''}
    ${pager(ctx, query, result)}
    <p><a href="/items/new" class="${v.cls('btn')}">New item</a></p>`;
  return layout(ctx, { title: query ? `Items matching “${query}”` : 'Items', body, sidebar: decoySidebar(ctx, 'search') });
}

