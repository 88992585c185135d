import { UsageError } from '../core/errors.ts';
import type { APIResponse, BrowserContext, Page, Request, Route, WebSocketRoute } from 'playwright';
import { untraced } from './record/untraced.ts';

/**
 * Which hosts a capture may reach. Enforced at the routing level of the browser context, so it
 * covers agent navigations, link clicks, form posts, popups (`window.open`, `target=_blank`),
 * frames and sub-resources alike, and every hop of a redirect chain.
 *
 * Playwright does not route redirect hops (checked with 1.65): a request is routed once and the
 * browser follows 3xx answers on its own. Navigations are therefore fetched here with redirects
 * off, every hop is checked, and the browser is sent straight to the final allowed address.
 */

/** Schemes that never leave the browser: an opened popup starts at about:blank, blob: and data: carry no host. */
const kLocalSchemes = new Set(['about:', 'data:', 'blob:']);
const kWebSchemes = new Set(['http:', 'https:', 'ws:', 'wss:']);
/**
 * A blocked navigation is cancelled rather than failed: the page stays where it was (a popup stays
 * blank) instead of showing an error page, the way a crawler should "not follow" a link. Chromium
 * also mishandles a redirect answered right after its own error page, which this avoids.
 */
const kBlockedNavigation = 'aborted';
/** Browsers give up after 20 hops; a chain that long is a loop, not a page. */
const kMaxRedirectHops = 20;

export type UrlVerdict = { allowed: true } | { allowed: false; reason: string };

/** Lower-cased hostname without a trailing dot, as the URL parser spells it (IPs and IDNs normalized). */
function canonicalHost(hostname: string): string {
  return hostname.toLowerCase().replace(/\.$/, '');
}

/**
 * Turns `--allow-domain` values into canonical hosts: `example.com`, `*.example.com`, `EXAMPLE.COM.`,
 * `https://example.com/path` and `127.0.0.1:8080` are all accepted (ports are not part of the policy).
 */
export function normalizeAllowedDomain(entry: string): string | null {
  const trimmed = entry.trim().replace(/^\*\./, '');
  if (!trimmed) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `http://${trimmed}`;
  try {
    const host = canonicalHost(new URL(withScheme).hostname);
    return host || null;
  } catch {
    return null;
  }
}

function isIpLiteral(host: string): boolean {
  return host.startsWith('[') || /^\d{1,3}(\.\d{1,3}){3}$/.test(host);
}

/** Exact host, or a subdomain of an allowed domain (never for IP addresses). */
function hostMatches(host: string, domain: string): boolean {
  if (host === domain) return true;
  if (isIpLiteral(host) || isIpLiteral(domain)) return false;
  return host.endsWith(`.${domain}`);
}

/** The verdict with a reason a person can read in the reasoning log. */
export function checkUrl(url: string, allow: readonly string[]): UrlVerdict {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { allowed: false, reason: 'not a valid URL' };
  }
  if (kLocalSchemes.has(parsed.protocol)) return { allowed: true };
  if (!kWebSchemes.has(parsed.protocol)) return { allowed: false, reason: `scheme ${parsed.protocol} is not allowed` };
  const host = canonicalHost(parsed.hostname);
  const domains = allow.map(normalizeAllowedDomain).filter((d): d is string => d !== null);
  if (domains.some((domain) => hostMatches(host, domain))) return { allowed: true };
  return { allowed: false, reason: `host ${host} is not in the allowed domains (${domains.join(', ') || 'none'})` };
}

export function isAllowedUrl(url: string, allow: readonly string[]): boolean {
  return checkUrl(url, allow).allowed;
}

export interface BlockedRequest {
  resourceType: string;
  /** A document load (top level, popup or frame), as opposed to a sub-resource. */
  isNavigation: boolean;
  /** For a blocked redirect: the URL whose answer redirected there. */
  redirectedFrom?: string;
}

export interface UrlPolicyOptions {
  allow: readonly string[];
  onBlocked(url: string, reason: string, details: BlockedRequest): void;
}

function isRedirect(response: APIResponse): string | null {
  const status = response.status();
  if (status < 300 || status >= 400 || status === 304) return null;
  return response.headers()['location'] ?? null;
}

/** 301/302/303 turn a POST into a GET, as browsers do; 307/308 keep the method and body. */
function keepsMethod(status: number): boolean {
  return status === 307 || status === 308;
}

/** Headers for a followed hop: cookies come from the context's jar (earlier hops may have set some). */
function hopHeaders(request: Request, method: string): Record<string, string> {
  const dropped = new Set(['cookie', ...(method === 'GET' ? ['content-type', 'content-length'] : [])]);
  return Object.fromEntries(Object.entries(request.headers()).filter(([name]) => !dropped.has(name.toLowerCase())));
}

async function routeNavigation(route: Route, request: Request, options: UrlPolicyOptions): Promise<void> {
  const first = await route.fetch({ maxRedirects: 0 });
  let location = isRedirect(first);
  if (location === null) return route.fulfill({ response: first });
  let current = request.url();
  let status = first.status();
  let method = request.method();
  for (let hop = 0; location !== null; hop++) {
    const next = new URL(location, current).href;
    const verdict = checkUrl(next, options.allow);
    if (!verdict.allowed) {
      options.onBlocked(next, `redirect blocked: ${verdict.reason}`, { resourceType: request.resourceType(), isNavigation: true, redirectedFrom: current });
      return route.abort(kBlockedNavigation);
    }
    if (hop >= kMaxRedirectHops) return route.abort('failed');
    method = keepsMethod(status) ? method : 'GET';
    const response = await route.fetch({ url: next, method, maxRedirects: 0, headers: hopHeaders(request, method), ...(method === 'GET' ? { postData: '' } : {}) });
    current = next;
    status = response.status();
    location = isRedirect(response);
  }
  // The browser follows this answer without routing it again, straight to the checked final address.
  const headers = first.headersArray().filter((h) => h.name.toLowerCase() !== 'location');
  return route.fulfill({ status: first.status(), headers: Object.fromEntries([...headers.map((h) => [h.name, h.value]), ['location', current]]) });
}

function networkErrorCode(err: unknown): string {
  const code = (err as { code?: unknown } | null)?.code;
  switch (code) {
    case 'ECONNREFUSED': return 'connectionrefused';
    case 'ECONNRESET': return 'connectionreset';
    case 'ENOTFOUND': return 'namenotresolved';
    case 'ETIMEDOUT': return 'timedout';
    default: return 'failed';
  }
}

/** The routing decision for one request. */
async function enforce(route: Route, options: UrlPolicyOptions): Promise<void> {
  const request = route.request();
  const verdict = checkUrl(request.url(), options.allow);
  if (!verdict.allowed) {
    options.onBlocked(request.url(), verdict.reason, { resourceType: request.resourceType(), isNavigation: request.isNavigationRequest() });
    return route.abort(request.isNavigationRequest() ? kBlockedNavigation : 'blockedbyclient');
  }
  // Continued here, inside the untraced handler: a fallback is continued by Playwright after the
  // handler returns, as a traced `route.continue` call, one action per request in the trace's list
  // (121 in an 8-step DokuWiki crawl). The policy is installed before any other route of its
  // context, so no handler is left to fall back to.
  if (!request.isNavigationRequest()) return route.continue();
  try {
    await routeNavigation(route, request, options);
  } catch (err) {
    // The server could not be reached (or the page went away): fail the load as the browser would.
    await route.abort(networkErrorCode(err)).catch(() => undefined);
  }
}

/**
 * Blocks every request of `context` to a host outside `allow`, and every redirect hop there.
 * Returns a function that removes the policy.
 */
export async function installUrlPolicy(context: BrowserContext, options: UrlPolicyOptions): Promise<() => Promise<void>> {
  // Routing is bookkeeping: its fetches, fulfils and aborts stay out of the trace's action list.
  const handler = (route: Route): Promise<void> => untraced(route as unknown as Page, () => enforce(route, options));
  const wsFilter = (url: URL) => !isAllowedUrl(url.href, options.allow);
  const wsHandler = (ws: WebSocketRoute) => {
    options.onBlocked(ws.url(), 'websocket blocked: host not allowed', { resourceType: 'websocket', isNavigation: false });
    void ws.close({ code: 1008, reason: 'blocked by the URL policy' });
  };
  await untraced(context as unknown as Page, async () => {
    await context.route('**/*', handler);
    await context.routeWebSocket(wsFilter, wsHandler);
  });
  return async () => {
    await context.unroute('**/*', handler);
  };
}

/** `--allow-domain` values, or the start URL's host; the start URL itself must be allowed. */
export function startAllowList(url: string, given: readonly string[]): string[] {
  for (const entry of given) {
    if (normalizeAllowedDomain(entry) === null) throw new UsageError(`--allow-domain ${entry}: not a host name`, 'e.g. --allow-domain example.com');
  }
  const allow = given.length ? [...given] : [new URL(url).hostname];
  if (!isAllowedUrl(url, allow)) {
    throw new UsageError(`the start address ${url} is outside --allow-domain ${given.join(', ')}`, `add --allow-domain ${new URL(url).hostname}`);
  }
  return allow;
}
