import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A list app for cascade tests, served on 127.0.0.1, shaped like the real apps replay must cope
 * with: rows whose checkbox and delete button have no accessible name (the row's text names
 * them), the only text field of the header known by its placeholder, two "Save" buttons that only
 * their region's name tells apart, and a same-name decoy in another landmark. Every change goes
 * to the server, so a test judges the app's state, not replay's verdict.
 */

export type RowsVariant =
  | 'baseline'
  /** Placeholder and captions reworded. */
  | 'reworded'
  /** The page in German: placeholder, headings, button captions, region names stay. */
  | 'translated'
  /** Rows in reverse order. */
  | 'reordered'
  /** Every class renamed to a build hash, every block wrapped once more. */
  | 'restyled'
  /** A "Save" button in an aside, and a second list of rows with the same texts in it. */
  | 'decoys'
  /** The first row is gone. */
  | 'removed';

export interface RowsState {
  variant: RowsVariant;
  rows: { id: number; title: string; done: boolean }[];
  /** What the app did, in order: `toggle 2`, `delete 1`, `add Milk`, `save Shipping`, `decoy ...`. */
  log: string[];
}

export interface RowsSite {
  url: string;
  state: RowsState;
  reset(variant: RowsVariant): void;
  close(): Promise<void>;
}

const kRows = ['Buy milk', 'Walk the dog', 'Pay rent'];

const kText: Record<'en' | 'de', Record<string, string>> = {
  en: { heading: 'Tasks', placeholder: 'What needs to be done?', save: 'Save', billing: 'Billing address', shipping: 'Shipping address' },
  // Region names stay: with them translated too, only order tells the two "Save" buttons apart.
  de: { heading: 'Aufgaben', placeholder: 'Was ist zu tun?', save: 'Speichern', billing: 'Billing address', shipping: 'Shipping address' },
};

function escape(text: string): string {
  return text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

function render(state: RowsState): string {
  const v = state.variant;
  const lang = v === 'translated' ? 'de' : 'en';
  const t = { ...kText[lang] };
  if (v === 'reworded') Object.assign(t, { placeholder: 'Add a task', save: 'Save address' });
  const cls = (name: string) => (v === 'restyled' ? `c${(name.length * 7919).toString(36)}x` : name);
  const wrap = (html: string) => (v === 'restyled' ? `<div class="${cls('wrapper')}">${html}</div>` : html);
  const rows = v === 'reordered' ? [...state.rows].reverse() : state.rows;
  const icon = '<svg width="12" height="12" aria-hidden="true"><path d="M1 1L11 11M11 1L1 11" stroke="black"/></svg>';
  const row = (r: RowsState['rows'][number], decoy = false) =>
    `<li class="${cls('row')}">${wrap(`<input type="checkbox" class="${cls('toggle')}"${r.done ? ' checked' : ''} onchange="act('${decoy ? 'decoy toggle' : 'toggle'} ${r.id}')">`)}` +
    `<span class="${cls('title')}">${escape(r.title)}</span>` +
    `<button class="${cls('destroy')}" onclick="act('${decoy ? 'decoy delete' : 'delete'} ${r.id}')">${icon}</button></li>`;
  const list = `<ul class="${cls('list')}">${rows.map((r) => row(r)).join('')}</ul>`;
  const decoys = v === 'decoys'
    ? `<aside aria-label="Archive"><h2>Archive</h2><ul class="${cls('list')}">${rows.map((r) => row(r, true)).join('')}</ul>` +
      `<button onclick="act('decoy save')">${t.save}</button></aside>`
    : '';
  const region = (name: string, key: string) =>
    `<section aria-label="${name}"><h2>${name}</h2><input aria-label="Street" class="${cls('street')}">` +
    `<button onclick="act('save ${key}')">${t.save}</button></section>`;
  // A translated release says so: a page whose words all changed in the same language is another page.
  return `<!doctype html><html lang="${lang}"><head><title>${t.heading}</title><script>
    async function act(what) { await fetch('/act', { method: 'POST', body: what }); location.reload(); }
  </script></head><body>
  <header class="${cls('header')}"><h1>${t.heading}</h1>${wrap(`<input class="${cls('new')}" name="title" placeholder="${t.placeholder}" onkeydown="if (event.key === 'Enter') act('add ' + this.value)">`)}</header>
  <main>${wrap(list)}${region(t.billing!, 'Billing')}${region(t.shipping!, 'Shipping')}</main>${decoys}
  </body></html>`;
}

function initialRows(variant: RowsVariant): RowsState['rows'] {
  const rows = kRows.map((title, i) => ({ id: i + 1, title, done: false }));
  return variant === 'removed' ? rows.slice(1) : rows;
}

export async function startRowsSite(): Promise<RowsSite> {
  const state: RowsState = { variant: 'baseline', rows: initialRows('baseline'), log: [] };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      if (req.url === '/act' && req.method === 'POST') {
        state.log.push(body);
        const [verb, arg] = [body.split(' ')[0], body.slice(body.indexOf(' ') + 1)];
        const row = state.rows.find((r) => String(r.id) === arg);
        if (verb === 'toggle' && row) row.done = !row.done;
        if (verb === 'delete' && row) state.rows = state.rows.filter((r) => r !== row);
        if (verb === 'add') state.rows.push({ id: state.rows.length + 10, title: arg, done: false });
        res.end('ok');
        return;
      }
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end(render(state));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    state,
    reset(variant) {
      state.variant = variant;
      state.rows = initialRows(variant);
      state.log = [];
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
