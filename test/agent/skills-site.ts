import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Site } from '../../harness/sites/agent-site.ts';

/**
 * Pages for the skills, vision and resume tests: a profile form (text, select, checkbox, file),
 * a downloadable report, and a cookie login whose account page only a logged-in browser sees.
 */

export const kReportCsv = 'name,price\nKettle,25\n';

const kForm = `<!doctype html><title>Profile</title><h1>Profile</h1>
<form onsubmit="event.preventDefault()">
<label>Full name <input name="name"></label>
<label>Country <select name="country"><option>Norway</option><option>Sweden</option></select></label>
<label><input type="checkbox" name="news"> Newsletter</label>
<label>Avatar <input type="file" name="avatar"></label>
</form>
<a href="/report.csv">Report</a>`;

export async function startSkillsSite(): Promise<Site> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const html = (body: string, headers: Record<string, string> = {}) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...headers });
      res.end(body);
    };
    switch (url.pathname) {
      case '/':
        return html(kForm);
      case '/report.csv':
        res.writeHead(200, { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="report.csv"' });
        return res.end(kReportCsv);
      case '/login':
        return html('<!doctype html><title>Logged in</title><h1>Logged in</h1><a href="/account">Account</a>', { 'set-cookie': 'sid=ann-session; Path=/; HttpOnly' });
      case '/account': {
        const loggedIn = (req.headers.cookie ?? '').includes('sid=ann-session');
        return html(`<!doctype html><title>Account</title><h1>${loggedIn ? 'Signed in as Ann' : 'Please log in'}</h1><a href="/">Profile</a>`);
      }
      default:
        res.writeHead(404, { 'content-type': 'text/html' });
        return res.end('<h1>Not found</h1>');
    }
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
