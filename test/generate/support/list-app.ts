import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A server-backed shopping list for generate tests: a form adds an entry, each entry (a list
 * item) has an unlabelled checkbox and a Delete button with the same test ids in every row, which
 * asks `confirm` first (dismissed, nothing is deleted). The
 * list lives on the server, so a second run of a flow sees what the first one left.
 */

interface Entry { id: number; text: string; done: boolean }

function escape(text: string): string {
  return text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(entries: Entry[]): string {
  const items = entries.map((e) => `
    <li data-testid="entry">
      <form method="post" action="/toggle/${e.id}" style="display:inline"><input type="checkbox" data-testid="entry-toggle" ${e.done ? 'checked' : ''} onchange="this.form.submit()"></form>
      <span>${escape(e.text)}</span>
      <form method="post" action="/delete/${e.id}" style="display:inline" onsubmit="return confirm(this.dataset.ask)" data-ask="Delete ${escape(e.text)}?"><button data-testid="entry-delete">Delete</button></form>
    </li>`).join('');
  return `<!doctype html><html><head><title>Shopping list</title></head><body><main>
  <h1>Shopping list</h1>
  <form method="post" action="/add"><label>New entry <input name="text" data-testid="new-entry"></label> <button>Add</button></form>
  <ul>${items}</ul>
  <p>${entries.filter((e) => !e.done).length} left</p>
  </main></body></html>`;
}

export interface ListApp { url: string; entries: Entry[]; close(): Promise<void> }

export async function startListApp(): Promise<ListApp> {
  const entries: Entry[] = [{ id: 1, text: 'Bread', done: false }];
  let next = 2;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://list.invalid');
      if (req.method === 'POST') {
        const text = new URLSearchParams(body).get('text')?.trim();
        const id = Number(url.pathname.split('/')[2]);
        if (url.pathname === '/add' && text) entries.push({ id: next++, text, done: false });
        const entry = entries.find((e) => e.id === id);
        if (url.pathname.startsWith('/toggle/') && entry) entry.done = !entry.done;
        if (url.pathname.startsWith('/delete/') && entry) entries.splice(entries.indexOf(entry), 1);
        res.writeHead(303, { location: '/' }).end();
        return;
      }
      if (url.pathname !== '/') {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(entries));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, entries, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
