import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright';
import { mapInLanes } from '../../core/map-in-lanes.ts';
import { installUrlPolicy } from '../../capture/url-policy.ts';

/**
 * The URL-policy bypass list: 127.0.0.1 is allowed, 127.0.0.2 is the other host. Each case drives
 * a real Chromium (under the policy) at some spelling, redirect, popup, frame or form that would
 * reach the other host; the other host's server counts every request it receives. An escape is a
 * request that arrived there, or a page or frame that ended up on a blocked address.
 */

export interface Host {
  url: string;
  port: number;
  hits: string[];
  close(): Promise<void>;
}

type Handler = (req: http.IncomingMessage, res: http.ServerResponse, other: number) => void;

export function serveHost(host: string, handler: Handler, otherPort: () => number): Promise<Host> {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    req.resume();
    handler(req, res, otherPort());
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://${host}:${port}`, port, hits, close: () => new Promise((done) => { server.closeAllConnections(); server.close(() => done()); }) });
    });
  });
}

function html(res: http.ServerResponse, body: string): void {
  res.writeHead(200, { 'content-type': 'text/html' });
  res.end(`<!doctype html><title>t</title>${body}`);
}

/** Pages on the allowed host; `P` is the other host's port. */
function allowedPages(req: http.IncomingMessage, res: http.ServerResponse, P: number): void {
  const other = `http://127.0.0.2:${P}`;
  const redirect = (status: number, to: string) => { res.writeHead(status, { location: to }); res.end(); };
  const url = new URL(req.url ?? '/', 'http://x');
  switch (url.pathname) {
    case '/r301': return redirect(301, `${other}/r301`);
    case '/r302': return redirect(302, `${other}/r302`);
    case '/r303': return redirect(303, `${other}/r303`);
    case '/r307': return redirect(307, `${other}/r307`);
    case '/r308': return redirect(308, `${other}/r308`);
    case '/r-userinfo': return redirect(302, `http://127.0.0.1:${P}@127.0.0.2:${P}/r-userinfo`);
    case '/r-decimal': return redirect(302, `http://2130706434:${P}/r-decimal`);
    case '/meta': return html(res, `<meta http-equiv="refresh" content="0;url=${other}/meta">`);
    case '/js': return html(res, `<script>location = '${other}/js'</script>`);
    case '/js-assign': return html(res, `<script>window.location.assign('${other}/js-assign')</script>`);
    case '/open': return html(res, `<button id="go" onclick="window.open('${other}/window-open')">go</button>`);
    case '/blank': return html(res, `<a id="go" href="${other}/blank" target="_blank">go</a>`);
    case '/iframe': return html(res, `<iframe src="${other}/iframe"></iframe>`);
    case '/srcdoc': return html(res, `<iframe srcdoc="<p>inner</p><iframe src='${other}/srcdoc-nested'></iframe>"></iframe>`);
    case '/form-post': return html(res, `<form method="post" action="${other}/form-post"><input name="q" value="v"><button id="go">go</button></form><script>document.forms[0].submit()</script>`);
    case '/form-get': return html(res, `<form action="${other}/form-get"><input name="q" value="v"></form><script>document.forms[0].submit()</script>`);
    case '/jsurl': return html(res, `<a id="go" href="javascript:location='${other}/jsurl'">go</a><script>document.getElementById('go').click()</script>`);
    case '/data-frame': return html(res, `<iframe src="data:text/html,<script>location='${other}/data-frame'</script>"></iframe>`);
    case '/img': return html(res, `<img src="${other}/img.png"><link rel="stylesheet" href="${other}/style.css"><script src="${other}/script.js"></script>`);
    case '/fetch': return html(res, `<script>fetch('${other}/fetch').catch(()=>0); navigator.sendBeacon('${other}/beacon', 'x'); new WebSocket('ws://127.0.0.2:${P}/ws')</script>`);
    case '/file-link': return html(res, `<a id="go" href="file:///etc/passwd">go</a><script>document.getElementById('go').click()</script>`);
    default: return html(res, `<h1>allowed ${url.pathname}</h1>`);
  }
}

export interface BypassCase {
  name: string;
  /** Direct navigation target (agent `navigate`), or a page on the allowed host that tries to leave. */
  run(page: Page, A: string, P: number): Promise<void>;
}

/** A blocked navigation fails at once; this only bounds a case that would hang. */
const kStepMs = 2_000;

/** Time for late requests (beacons, meta refresh, popups) to arrive before counting. */
const kSettleMs = 300;
/** How long the control run (no policy) waits for the escape it expects. */
const kControlWaitMs = 5_000;

const visit = (path: string) => async (page: Page, A: string) => {
  await page.goto(`${A}${path}`, { timeout: kStepMs }).catch(() => undefined);
  // Pages that leave through a control have one (#go); on the others there is nothing to wait for.
  if (await page.locator('#go').count().catch(() => 0)) await page.locator('#go').click({ timeout: 500 }).catch(() => undefined);
};
const direct = (url: (P: number) => string) => async (page: Page, _A: string, P: number) => {
  await page.goto(url(P), { timeout: kStepMs }).catch(() => undefined);
};

export const kBypassCases: BypassCase[] = [
  { name: 'userinfo allowed@other', run: direct((P) => `http://127.0.0.1:${P}@127.0.0.2:${P}/userinfo`) },
  { name: 'decimal IP 2130706434', run: direct((P) => `http://2130706434:${P}/decimal`) },
  { name: 'octal IP 0177.0.0.2', run: direct((P) => `http://0177.0.0.2:${P}/octal`) },
  { name: 'hex IP 0x7f000002', run: direct((P) => `http://0x7f000002:${P}/hex`) },
  { name: 'short IP 127.2', run: direct((P) => `http://127.2:${P}/short`) },
  { name: 'IPv6 [::ffff:127.0.0.2]', run: direct((P) => `http://[::ffff:127.0.0.2]:${P}/v6`) },
  { name: 'uppercase scheme and host', run: direct((P) => `HTTP://127.0.0.2:${P}/UPPER`) },
  { name: 'trailing dot', run: direct((P) => `http://127.0.0.2.:${P}/trailing`) },
  { name: 'percent-encoded host', run: direct((P) => `http://127%2E0%2E0%2E2:${P}/pct`) },
  { name: 'file: URL', run: direct(() => 'file:///etc/passwd') },
  { name: 'data: URL that redirects', run: direct((P) => `data:text/html,<script>location='http://127.0.0.2:${P}/data'</script>`) },
  ...['/r301', '/r302', '/r303', '/r307', '/r308', '/r-userinfo', '/r-decimal'].map((p) => ({ name: `redirect ${p}`, run: visit(p) })),
  { name: 'meta refresh', run: visit('/meta') },
  { name: 'JS location =', run: visit('/js') },
  { name: 'JS location.assign', run: visit('/js-assign') },
  { name: 'window.open', run: visit('/open') },
  { name: 'target=_blank link', run: visit('/blank') },
  { name: 'iframe src', run: visit('/iframe') },
  { name: 'iframe srcdoc with a nested iframe', run: visit('/srcdoc') },
  { name: 'form POST to the other host', run: visit('/form-post') },
  { name: 'form GET to the other host', run: visit('/form-get') },
  { name: 'javascript: link', run: visit('/jsurl') },
  { name: 'data: iframe that navigates', run: visit('/data-frame') },
  { name: 'img, stylesheet and script', run: visit('/img') },
  { name: 'fetch, beacon and WebSocket', run: visit('/fetch') },
  { name: 'file: link', run: visit('/file-link') },
];

export interface BypassOutcome {
  name: string;
  /** Requests the other host received during the case. */
  hits: string[];
  /** Pages or frames left on a blocked address (another host, or file:). */
  landed: string[];
}

/** Whether a page or frame URL is somewhere the policy must never leave a document. */
function escaped(url: string, otherPort: number): boolean {
  if (url.startsWith('file:')) return true;
  try {
    const parsed = new URL(url);
    return parsed.port === String(otherPort) && parsed.hostname !== '127.0.0.1';
  } catch {
    return false;
  }
}

/** Cases run at once, each with its own pair of hosts, so every request is counted for its own case. */
const kConcurrentCases = 4;

/** One case in a fresh context (under the policy unless `policy` is false), with hosts of its own. */
async function runCase(browser: Browser, c: BypassCase, policy: boolean): Promise<BypassOutcome> {
  const other = await serveHost('127.0.0.2', (_req, res) => html(res, '<h1>other host</h1>'), () => 0);
  const allowed = await serveHost('127.0.0.1', allowedPages, () => other.port);
  const context = await browser.newContext();
  try {
    if (policy) await installUrlPolicy(context, { allow: ['127.0.0.1'], onBlocked: () => undefined });
    const page = await context.newPage();
    await c.run(page, allowed.url, other.port);
    await new Promise((resolve) => setTimeout(resolve, kSettleMs));
    const landed = () => context.pages().flatMap((p) => p.frames().map((f) => f.url())).filter((u) => escaped(u, other.port));
    // Without the policy an escape is expected: on a busy machine it may take longer to arrive.
    for (const until = Date.now() + kControlWaitMs; !policy && !other.hits.length && !landed().length && Date.now() < until;) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return { name: c.name, hits: [...other.hits], landed: landed() };
  } finally {
    await context.close();
    await allowed.close();
    await other.close();
  }
}

/** Runs every case (under the policy unless `policy: false`); one outcome per case, in the cases' order. */
export async function runBypassSuite(browser: Browser, cases = kBypassCases, { policy = true } = {}): Promise<BypassOutcome[]> {
  return mapInLanes(cases, kConcurrentCases, (each) => runCase(browser, each, policy));
}
