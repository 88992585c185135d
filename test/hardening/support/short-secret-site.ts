import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A console whose own address and text contain its short default password: it lives at
 * `/siteadmin.php`, says "Default user: admin." before anyone signs in, and after the password
 * `admin` is typed into its unlabelled password field it echoes it in the text, in an input value
 * and in a link query; the page behind that link links the app's own `?do=admin` page. Redaction must keep the app's own
 * address and text and remove the typed and echoed values.
 */

export const kShortSecret = 'admin';
export const kShortSecretPage = '/siteadmin.php';
/** The app's own sentence that holds the secret as a word; it must come through untouched. */
export const kOwnSentence = 'Default user: admin.';

const kLogin = `<!doctype html><title>Siteadmin console</title><h1>Welcome to siteadmin</h1>
<p>${kOwnSentence}</p>
<form method="post" action="${kShortSecretPage}"><input type="password" name="password"><button>Log in</button></form>`;

function home(password: string): string {
  return `<!doctype html><title>Siteadmin home</title><h1>siteadmin home</h1>
<p>You typed ${password}</p>
<p>${kOwnSentence}</p>
<input aria-label="Again" value="${password}">
<a href="${kShortSecretPage}?table=users&amp;password=${encodeURIComponent(password)}">Users</a>`;
}

export interface ShortSecretSite {
  url: string;
  close(): Promise<void>;
}

export async function startShortSecretSite(): Promise<ShortSecretSite> {
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      if (req.method === 'POST') return res.end(home(new URLSearchParams(body).get('password') ?? ''));
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.searchParams.get('do') === 'admin') return res.end(`<!doctype html><title>Settings</title><h1>Settings of siteadmin</h1><p>${kOwnSentence}</p>`);
      if (url.searchParams.has('table')) return res.end(`<!doctype html><title>Users</title><h1>Users of siteadmin</h1><p>${kOwnSentence}</p><a href="${kShortSecretPage}?do=admin">Settings</a>`);
      res.end(kLogin);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${kShortSecretPage}`,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
