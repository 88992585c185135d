import http from 'node:http';
import { listenOnLoopback } from '../apps/serve.ts';

/**
 * A site for one test, served on 127.0.0.1: `state.render` writes the page for each request (the
 * test swaps it between recording and replay), and every page may call `act(what)`, which the
 * server logs before the page reloads. A test judges what the app did by `state.log`.
 */

export interface PagesState {
  render(url: URL): string;
  log: string[];
}

export interface PagesSite {
  url: string;
  state: PagesState;
  close(): Promise<void>;
}

/** The page's `act`: posts what happened, then reloads (the app re-renders from the server). */
export const kActScript = `<script>
  async function act(what) { await fetch('/act', { method: 'POST', body: what }); location.reload(); }
</script>`;

export function htmlPage(title: string, body: string): string {
  return `<!doctype html><html><head><title>${title}</title>${kActScript}</head><body>${body}</body></html>`;
}

export async function startPagesSite(render: (url: URL) => string): Promise<PagesSite> {
  const state: PagesState = { render, log: [] };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      if (url.pathname === '/act' && req.method === 'POST') {
        state.log.push(body);
        res.writeHead(204).end();
        return;
      }
      if (url.pathname === '/favicon.ico') {
        res.writeHead(404).end();
        return;
      }
      if (req.method === 'POST') state.log.push(`post ${url.pathname} ${body}`);
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end(state.render(url));
    });
  });
  return { ...(await listenOnLoopback(server)), state };
}
