import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { BodyTooLarge } from './body.ts';
import { escapeHtml } from './html.ts';
import { notFoundPage } from './pages/dashboard.ts';
import type { PageCtx } from './pages/layout.ts';
import { matchRoute, type DemoApp, type Reply, type Request } from './routes.ts';
import { DemoStore } from './store.ts';
import { kVariants, parseVariant, variantFor } from './variants.ts';

/**
 * The bundled demo app: node:http only, server-rendered HTML with small inline scripts, no
 * external network. State lives in memory per server instance; `POST /__reset` restores it.
 */

export interface DemoServerOptions {
  /** 0 or absent: a free port. */
  port?: number;
  host?: string;
  /** DOM variant (see demo/variants.ts); `?variant=N` overrides it per request and sticks in a cookie. */
  variant?: number;
  /** Delay of the slow-loading section's endpoint, in ms (`?delay=MS` overrides it per request). */
  slowMs?: number;
}

export interface DemoServer {
  /** Base URL, ending with '/'. */
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Long enough to see a loading state, short enough for tests. */
export const kDefaultSlowMs = 600;

function parseCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const pair of (header ?? '').split(';')) {
    const eq = pair.indexOf('=');
    if (eq > 0) cookies.set(pair.slice(0, eq).trim(), decodeURIComponent(pair.slice(eq + 1).trim()));
  }
  return cookies;
}

function send(res: http.ServerResponse, reply: Reply, extraCookies: string[]): void {
  const cookies = [...extraCookies, ...(reply.cookies ?? [])];
  const headers: http.OutgoingHttpHeaders = { 'cache-control': 'no-store' };
  if (cookies.length) headers['set-cookie'] = cookies;
  let body = '';
  if (reply.location) headers.location = reply.location;
  if (reply.html !== undefined) {
    headers['content-type'] = 'text/html; charset=utf-8';
    body = reply.html;
  } else if (reply.json !== undefined) {
    headers['content-type'] = 'application/json; charset=utf-8';
    body = JSON.stringify(reply.json);
  }
  res.writeHead(reply.status, headers);
  res.end(res.req.method === 'HEAD' ? undefined : body);
}

function plain(status: number, message: string): Reply {
  return { status, html: `<!doctype html><html lang="en"><title>${status}</title><h1>${escapeHtml(message)}</h1></html>` };
}

async function handle(app: DemoApp, options: { variant: number; base: string }, req: http.IncomingMessage): Promise<{ reply: Reply; cookies: string[] }> {
  const url = new URL(req.url ?? '/', options.base);
  const cookies = parseCookies(req.headers.cookie);
  const setCookies: string[] = [];

  const asked = url.searchParams.get('variant');
  const fromQuery = parseVariant(asked);
  if (asked !== null && fromQuery === undefined) {
    return { reply: plain(400, `Unknown variant ${asked}: use one of ${kVariants.map((v) => v.id).join(', ')}`), cookies: setCookies };
  }
  if (fromQuery !== undefined) setCookies.push(`${app.cookies.variant}=${fromQuery}; Path=/; SameSite=Lax`);
  const variant = fromQuery ?? parseVariant(cookies.get(app.cookies.variant)) ?? options.variant;

  const sessionToken = cookies.get(app.cookies.session);
  const user = app.store.userFor(sessionToken);
  const ctx: PageCtx = { v: variantFor(variant), user, url, store: app.store };
  const method = req.method ?? 'GET';
  const match = matchRoute(method, url.pathname);
  if (match.route && (match.route.public || user)) {
    const request: Request = { req, ctx, params: match.params, app, sessionToken };
    return { reply: await match.route.handler(request), cookies: setCookies };
  }
  if (!user) {
    if (url.pathname.startsWith('/api/')) return { reply: { status: 401, json: { error: 'sign in first' } }, cookies: setCookies };
    const next = method === 'GET' ? `?next=${encodeURIComponent(url.pathname + url.search)}` : '';
    return { reply: { status: 302, location: `/login${next}` }, cookies: setCookies };
  }
  if (!match.route && match.methodMismatch) return { reply: plain(405, `${method} is not allowed on ${url.pathname}`), cookies: setCookies };
  return { reply: { status: 404, html: notFoundPage(ctx, `Nothing lives at ${url.pathname}.`) }, cookies: setCookies };
}

export async function startDemoServer(options: DemoServerOptions = {}): Promise<DemoServer> {
  const host = options.host ?? '127.0.0.1';
  const variant = options.variant ?? 0;
  variantFor(variant); // throws a RangeError naming the known variants
  const server = http.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}/`;
  // Cookies are shared across ports of one host: name them per port so two demo servers never mix.
  const app: DemoApp = {
    store: new DemoStore(),
    slowMs: options.slowMs ?? kDefaultSlowMs,
    cookies: { session: `bu_session_${port}`, variant: `bu_variant_${port}` },
  };
  server.on('request', (req, res) => {
    handle(app, { variant, base: url }, req).then(
      ({ reply, cookies }) => send(res, reply, cookies),
      (err: unknown) => {
        if (res.headersSent) return res.destroy();
        if (err instanceof BodyTooLarge) return send(res, plain(413, err.message), []);
        send(res, plain(500, `demo server error: ${err instanceof Error ? err.message : String(err)}`), []);
      },
    );
  });
  return {
    url,
    port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}
