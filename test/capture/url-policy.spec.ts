import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '../support/fixtures.ts';
import { checkUrl, installUrlPolicy, isAllowedUrl, normalizeAllowedDomain } from '../../capture/url-policy.ts';

/**
 * The URL policy: pure host matching, then a real Chromium against two loopback servers that
 * count as different hosts (127.0.0.1 allowed, 127.0.0.2 not).
 */

test.describe('isAllowedUrl', () => {
  const allow = ['example.com'];

  test('exact host and subdomains pass; ports and paths do not matter', () => {
    for (const url of ['https://example.com/', 'http://example.com:8080/a?b#c', 'https://app.example.com/x', 'https://a.b.example.com', 'HTTPS://EXAMPLE.COM/', 'https://example.com./', 'wss://example.com/socket']) {
      expect(isAllowedUrl(url, allow), url).toBe(true);
    }
  });

  test('prefix, suffix and userinfo tricks fail', () => {
    for (const url of [
      'https://example.com@evil.com/', 'https://example.com.evil.com/', 'https://evil-example.com/', 'https://notexample.com/',
      'https://evil.com/example.com', 'https://evil.com/?next=https://example.com', 'https://evil.com#example.com', 'https://example.co/',
      'https://example.com%2eevil.com/', 'javascript:alert(1)', 'file:///etc/passwd', 'ftp://example.com/', 'not a url',
    ]) {
      expect(isAllowedUrl(url, allow), url).toBe(false);
    }
  });

  test('allow-list entries are normalized like hosts', () => {
    expect(normalizeAllowedDomain('EXAMPLE.com.')).toBe('example.com');
    expect(normalizeAllowedDomain('*.example.com')).toBe('example.com');
    expect(normalizeAllowedDomain('https://example.com/path')).toBe('example.com');
    expect(normalizeAllowedDomain('127.0.0.1:8080')).toBe('127.0.0.1');
    expect(normalizeAllowedDomain('  ')).toBeNull();
    expect(isAllowedUrl('https://shop.example.com/', ['HTTPS://Example.COM.'])).toBe(true);
  });

  test('IP spellings are compared after parsing, and never as subdomains', () => {
    const ip = ['127.0.0.1'];
    for (const url of ['http://127.0.0.1:3000/', 'http://2130706433/', 'http://0x7f.0.0.1/', 'http://127.1/', 'http://0177.0.0.1/']) {
      expect(isAllowedUrl(url, ip), url).toBe(true);
    }
    for (const url of ['http://127.0.0.2/', 'http://localhost/', 'http://[::1]/', 'http://1.127.0.0.1/']) {
      expect(isAllowedUrl(url, ip), url).toBe(false);
    }
    expect(isAllowedUrl('http://[::1]:8080/', ['[::1]'])).toBe(true);
  });

  test('pages that never leave the browser are allowed; the reason names the host', () => {
    expect(isAllowedUrl('about:blank', allow)).toBe(true);
    expect(isAllowedUrl('data:text/html,hi', allow)).toBe(true);
    expect(checkUrl('https://evil.com/', allow)).toEqual({ allowed: false, reason: 'host evil.com is not in the allowed domains (example.com)' });
  });
});

interface Server {
  url: string;
  hits: string[];
  close(): Promise<void>;
}

function serve(host: string, handler: (req: http.IncomingMessage, res: http.ServerResponse, hits: string[]) => void): Promise<Server> {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    handler(req, res, hits);
  });
  return new Promise((resolve) => {
    server.listen(0, host, () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://${host}:${port}`, hits, close: () => new Promise((done) => server.close(() => done())) });
    });
  });
}

function html(res: http.ServerResponse, body: string): void {
  res.writeHead(200, { 'content-type': 'text/html' });
  res.end(`<!doctype html><title>t</title>${body}`);
}

test.describe('installUrlPolicy in a browser', () => {
  let allowed: Server;
  let other: Server;

  test.beforeAll(async () => {
    other = await serve('127.0.0.2', (_req, res) => html(res, '<h1>other host</h1>'));
    allowed = await serve('127.0.0.1', (req, res) => {
      const redirect = (to: string, status = 302) => {
        res.writeHead(status, { location: to });
        res.end();
      };
      switch (req.url) {
        case '/away': return redirect(`${other.url}/landed`);
        case '/hop1': return redirect('/hop2');
        case '/hop2': return redirect(`${other.url}/via-hops`);
        case '/local': return redirect('/hop-local', 301);
        case '/hop-local': return redirect('/final');
        case '/post': return redirect('/after-post', 303);
        default:
          return html(res, `<h1>page ${req.url}</h1>
            <a id="popup" href="${other.url}/popup" target="_blank">popup</a>
            <button id="open" onclick="window.open('${other.url}/window-open')">open</button>
            <form method="post" action="/post"><input name="q" value="v"><button id="send">send</button></form>
            <img src="${other.url}/pixel.png">`);
      }
    });
  });

  test.afterAll(async () => {
    await allowed.close();
    await other.close();
  });

  test('redirects, popups, window.open and sub-resources to another host are blocked and reported', async ({ browser }) => {
    const context = await browser.newContext();
    const otherBefore = other.hits.length;
    const blocked: string[] = [];
    await installUrlPolicy(context, { allow: ['127.0.0.1'], onBlocked: (url, reason) => blocked.push(`${new URL(url).pathname} ${reason.split(':')[0]}`) });
    const page = await context.newPage();

    await page.goto(`${allowed.url}/start`);
    await expect(page.locator('h1')).toHaveText('page /start');

    // A redirect straight to the other host, and one two hops away: cancelled, the page stays.
    await expect(page.goto(`${allowed.url}/away`)).rejects.toThrow(/ERR_ABORTED/);
    await expect(page.goto(`${allowed.url}/hop1`)).rejects.toThrow(/ERR_ABORTED/);
    expect(page.url()).toBe(`${allowed.url}/start`);

    // Redirects within the allowed host are followed to the end, address bar included.
    await page.goto(`${allowed.url}/local`);
    expect(page.url()).toBe(`${allowed.url}/final`);
    await expect(page.locator('h1')).toHaveText('page /final');

    // A form post answered with 303 lands on the GET page.
    await page.click('#send');
    await expect(page.locator('h1')).toHaveText('page /after-post');

    // target=_blank and window.open: the popup's load is cancelled and Chromium discards the tab.
    await page.click('#popup');
    await page.click('#open');
    await expect.poll(() => blocked.filter((b) => b.startsWith('/window-open') || b.startsWith('/popup')).length).toBe(2);
    await expect.poll(() => context.pages().map((p) => p.url())).toEqual([`${allowed.url}/after-post`]);

    expect(other.hits.slice(otherBefore)).toEqual([]);
    expect(blocked).toEqual(expect.arrayContaining([
      '/landed redirect blocked', '/via-hops redirect blocked', '/popup host 127.0.0.2 is not in the allowed domains (127.0.0.1)',
      '/window-open host 127.0.0.2 is not in the allowed domains (127.0.0.1)', '/pixel.png host 127.0.0.2 is not in the allowed domains (127.0.0.1)',
    ]));
    expect(allowed.hits).toEqual(expect.arrayContaining(['GET /hop1', 'GET /hop2', 'GET /local', 'GET /hop-local', 'POST /post', 'GET /after-post']));
    await context.close();
  });

  test('without the policy the same redirect reaches the other host (the test can fail)', async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const before = other.hits.length;
    await page.goto(`${allowed.url}/away`);
    expect(page.url()).toBe(`${other.url}/landed`);
    expect(other.hits.slice(before)).toContain('GET /landed');
    await context.close();
  });
});
