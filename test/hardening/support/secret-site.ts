import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A login site that reflects the password back in every way a careless app does: in the page
 * text (HTML-escaped), in a JSON island (JSON-escaped), in a link query (URL-encoded), as base64,
 * and in a cookie. Captures, replays and reports of it must still write no secret byte.
 */

export const kSecret = 'Tr0ub4dor "&" <x> ü+/=9';

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

const kLogin = `<!doctype html><title>Sign in</title><h1>Sign in</h1>
<form method="post" action="/login">
  <label>Email <input name="email" type="email"></label>
  <label>Password <input name="password" type="password"></label>
  <button type="submit">Sign in</button>
</form>`;

function home(password: string): string {
  const b64 = Buffer.from(password, 'utf8').toString('base64');
  return `<!doctype html><title>Home</title><h1>Welcome</h1>
<p id="echo">You typed ${escapeHtml(password)}</p>
<p>Token <code>${b64}</code></p>
<script type="application/json" id="state">${JSON.stringify({ password }).replace(/</g, '\\u003c')}</script>
<a href="/next?t=${encodeURIComponent(password)}">Next</a>
<a href="/">Sign in again</a>`;
}

export interface SecretSite {
  url: string;
  close(): Promise<void>;
}

export async function startSecretSite(): Promise<SecretSite> {
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const send = (html: string, headers: http.OutgoingHttpHeaders = {}) => {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...headers });
        res.end(html);
      };
      if (req.method === 'POST' && url.pathname === '/login') {
        const password = new URLSearchParams(body).get('password') ?? '';
        return send(home(password), { 'set-cookie': `pw=${encodeURIComponent(password)}; Path=/` });
      }
      if (url.pathname === '/next') return send(`<!doctype html><title>Next</title><h1>Next</h1><p>${escapeHtml(url.searchParams.get('t') ?? '')}</p>`);
      send(kLogin);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
