import { html, raw, type HtmlPart, type SafeHtml } from '../html.ts';
import type { DemoStore } from '../store.ts';
import type { Variant } from '../variants.ts';

/** What every page renders from: the request's variant, the signed-in user, the URL, the store. */
export interface PageCtx {
  v: Variant;
  user: string | null;
  url: URL;
  store: DemoStore;
}

export const kAppName = 'Acme Inventory';

/** Page styles; class names go through the variant so renamed classes still style the page. */
export function styles(v: Variant): SafeHtml {
  const c = (name: string) => '.' + v.cls(name);
  return raw(`
    body { font: 15px/1.5 system-ui, sans-serif; margin: 0; color: #1d2330; background: #f6f7f9; }
    header { display: flex; gap: 1.5rem; align-items: center; padding: .6rem 1.2rem; background: #1d2330; color: #fff; }
    header a { color: #fff; }
    nav ul { display: flex; gap: 1rem; list-style: none; margin: 0; padding: 0; }
    main { padding: 1rem 1.5rem; flex: 1; max-width: 60rem; }
    footer { padding: 1rem 1.5rem; color: #667; border-top: 1px solid #dde; }
    table { border-collapse: collapse; background: #fff; }
    th, td { padding: .3rem .7rem; border-bottom: 1px solid #dde; text-align: left; }
    label { display: block; font-weight: 600; }
    input, select, textarea { font: inherit; padding: .25rem .4rem; }
    ${c('layout')} { display: flex; gap: 1rem; }
    ${c('sidebar')} { width: 14rem; padding: 1rem; background: #eef0f4; }
    ${c('field')} { margin: .6rem 0; }
    ${c('actions')} { display: flex; gap: .6rem; align-items: center; margin: .8rem 0; }
    ${c('btn')} { font: inherit; padding: .3rem .9rem; border: 1px solid #889; border-radius: 4px; background: #fff; cursor: pointer; color: #1d2330; text-decoration: none; }
    ${c('btn-primary')} { background: #2851c7; color: #fff; border-color: #2851c7; }
    ${c('btn-danger')} { background: #b3261e; color: #fff; border-color: #b3261e; }
    ${c('error')} { color: #b3261e; margin: .2rem 0; }
    ${c('flash')} { background: #e3f4e6; padding: .5rem .8rem; border-radius: 4px; }
    ${c('muted')} { color: #667; }
    ${c('card')} { background: #fff; padding: .8rem 1rem; border-radius: 6px; margin: .8rem 0; }
    ${c('pager')} ul { display: flex; gap: .5rem; list-style: none; padding: 0; }
  `);
}

/**
 * Forms that carry `data-confirm` ask `window.confirm` before submitting (the Delete button).
 * Same-origin frames load it too.
 */
export const kConfirmScript = raw(`<script>
document.addEventListener('submit', (event) => {
  const message = event.target.dataset && event.target.dataset.confirm;
  if (message && !window.confirm(message)) event.preventDefault();
});
</script>`);

interface NavLink {
  href: string;
  label: string;
}

const kNavLinks: NavLink[] = [
  { href: '/', label: 'Dashboard' },
  { href: '/items', label: 'Items' },
  { href: '/items/new', label: 'New item' },
  { href: '/settings', label: 'Settings' },
  { href: '/widgets', label: 'Widgets' },
  { href: '/help', label: 'Help' },
];

function currentSection(path: string): string {
  if (path === '/items/new') return '/items/new';
  const first = '/' + (path.split('/')[1] ?? '');
  return first;
}

function nav(ctx: PageCtx): SafeHtml {
  const { v } = ctx;
  const current = currentSection(ctx.url.pathname);
  const links = v.order(kNavLinks).map(
    (link) =>
      html`<li>${v.wrap(html`<a href="${link.href}"${link.href === current ? raw(' aria-current="page"') : ''}>${link.label}</a>`, true)}</li>`,
  );
  return html`<nav aria-label="Main" id="${v.el('main-nav')}"${v.testId('nav')}><ul>${links}</ul></nav>`;
}

function logout(ctx: PageCtx): SafeHtml {
  const { v } = ctx;
  return html`<form method="post" action="/logout" class="${v.cls('logout')}">
    <span class="${v.cls('muted')}">${ctx.user}</span>
    <button type="submit" class="${v.cls('btn')}" id="${v.el('logout')}"${v.testId('logout')}>${v.text('Log out')}</button>
  </form>`;
}

export interface LayoutOptions {
  title: string;
  body: HtmlPart;
  /** Decoys shown before the content (variant 'decoys'). */
  sidebar?: HtmlPart;
}

export function layout(ctx: PageCtx, options: LayoutOptions): string {
  const { v } = ctx;
  const headerParts = ctx.user ? v.order([nav(ctx), logout(ctx)]) : [];
  const sidebar = options.sidebar && v.has('decoys')
    ? html`<aside aria-label="Sidebar" class="${v.cls('sidebar')}">${options.sidebar}</aside>`
    : '';
  const page = html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${options.title} · ${kAppName}</title>
<style>${styles(v)}</style>
${kConfirmScript}
</head>
<body>
<header>
  <a href="/" class="${v.cls('brand')}">${kAppName}</a>
  ${headerParts}
</header>
<div class="${v.cls('layout')}">
${sidebar}
<main id="${v.el('main')}">
${v.wrap(options.body)}
</main>
</div>
<footer><p>${kAppName} demo · variant ${v.id} · <a href="/help#contact">Contact support</a></p></footer>
</body>
</html>
`;
  return page.value;
}

/** A page without header or nav: the content of a same-origin iframe. */
export function framePage(ctx: PageCtx, title: string, body: HtmlPart): string {
  return html`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${title}</title><style>${styles(ctx.v)}</style>${kConfirmScript}</head>
<body>${body}</body>
</html>
`.value;
}

/** Content inside an open shadow root of a `tag` element when relocated, unchanged otherwise. */
export function relocatable(ctx: PageCtx, tag: string, content: HtmlPart): HtmlPart {
  if (!ctx.v.has('relocated')) return content;
  return html`<${raw(tag)}><template shadowrootmode="open"><style>${styles(ctx.v)}</style>${content}</template></${raw(tag)}>`;
}

/** A status message (role=status) after a redirect, e.g. "Item created". */
export function flash(ctx: PageCtx, message: string | null): HtmlPart {
  if (!message) return '';
  return html`<p role="status" class="${ctx.v.cls('flash')}"${ctx.v.testId('flash')}>${message}</p>`;
}
