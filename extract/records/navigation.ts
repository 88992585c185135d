import type { EdgeRecord } from '../../core/schema/extract.ts';
import type { Call, TraceModel } from './model.ts';
import { phaseKey } from './model.ts';

/**
 * Which page each action ran on, the URL before and after it, and the page -> action -> page edges.
 * Page states are identified by URL: origin + path, id-like segments replaced by `:id`.
 */

/** Methods that navigate by themselves when they succeed. */
const kNavigatingMethods = new Set(['goto', 'reload', 'goBack', 'goForward']);
const kNavigatedLog = /^\s*navigated to "(.*)"\s*$/;
/** Path segments that identify a record rather than a page: numbers, uuids, long hex or mixed tokens. */
const kIdSegment = /^(?:\d+|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9a-f]{16,}|(?=[a-z0-9_-]*\d)[a-z0-9_-]{20,})$/i;

export function pageState(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return `${parsed.protocol}${parsed.pathname}`;
  const segments = parsed.pathname.split('/').map((s) => (kIdSegment.test(s) ? ':id' : s));
  let path = segments.join('/');
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  return `${parsed.host}${path}`;
}

export interface CallNavigation {
  pageId: string | null;
  frameId: string | null;
  urlBefore: string | null;
  urlAfter: string | null;
  navigated: boolean;
}

/** Page of a call: its snapshots, its own `pageId`, its per-action files, else the latest page opened before it. */
function pageOf(call: Call, model: TraceModel): { pageId: string | null; frameId: string | null } {
  for (const phase of ['before', 'action', 'after'] as const) {
    const snap = model.snapshots.get(phaseKey(call.callId, phase));
    if (snap) return { pageId: snap.pageId, frameId: snap.frameId };
  }
  if (call.pageId) return { pageId: call.pageId, frameId: null };
  for (const phase of ['before', 'action', 'after'] as const) {
    const file = model.ariaFiles.get(phaseKey(call.callId, phase)) ?? model.screenshots.get(phaseKey(call.callId, phase));
    if (file?.pageId) return { pageId: file.pageId, frameId: null };
  }
  let latest: string | null = null;
  const until = call.endTime ?? call.startTime;
  for (const page of model.pagesOpened) if (page.time <= until) latest = page.pageId;
  return { pageId: latest, frameId: null };
}

function mainFrameUrl(model: TraceModel, callId: string, phase: 'before' | 'action' | 'after'): string | null {
  const snap = model.snapshots.get(phaseKey(callId, phase));
  return snap?.isMainFrame ? snap.frameUrl : null;
}

function resolveUrl(url: string, base: string | null): string {
  try {
    return new URL(url, base ?? undefined).href;
  } catch {
    return url;
  }
}

export interface NavigationResult {
  byCall: Map<string, CallNavigation>;
  edges: Omit<EdgeRecord, 'step' | 'apiName'>[];
}

/** Walks the actions in start order, tracking each page's URL. */
export function trackNavigation(actions: Call[], model: TraceModel): NavigationResult {
  const current = new Map<string, { url: string; callId: string }>();
  const byCall = new Map<string, CallNavigation>();
  const edges: NavigationResult['edges'] = [];
  // A run visits few URLs many times: each is parsed once.
  const states = new Map<string, string>();
  const stateOf = (url: string) => {
    let state = states.get(url);
    if (state === undefined) states.set(url, (state = pageState(url)));
    return state;
  };
  const edge = (fromUrl: string, toUrl: string, callId: string, confidence: EdgeRecord['confidence'], inferredBy: EdgeRecord['inferredBy']) => {
    const from = stateOf(fromUrl);
    const to = stateOf(toUrl);
    if (from !== to) edges.push({ from, to, fromUrl, toUrl, callId, confidence, inferredBy });
  };
  for (const call of actions) {
    const { pageId, frameId } = pageOf(call, model);
    const key = pageId ?? '';
    const known = current.get(key);
    const snapBefore = mainFrameUrl(model, call.callId, 'before');
    if (known && snapBefore && stateOf(snapBefore) !== stateOf(known.url)) {
      edge(known.url, snapBefore, known.callId, 'low', 'url-change-between-actions');
    }
    const urlBefore = snapBefore ?? known?.url ?? null;
    const end = call.endTime ?? Number.POSITIVE_INFINITY;
    const signals: string[] = [];
    for (const log of call.logs) {
      const m = kNavigatedLog.exec(log.message);
      if (m) signals.push(m[1]!);
    }
    for (const nav of model.navigations) {
      if (nav.time >= call.startTime && nav.time <= end && (nav.pageId === null || nav.pageId === pageId)) signals.push(nav.url);
    }
    const isGoto = kNavigatingMethods.has(call.method) && !call.error;
    const gotoUrl = call.method === 'goto' && typeof call.params.url === 'string' && !call.error ? resolveUrl(call.params.url, urlBefore) : null;
    const urlAfter = mainFrameUrl(model, call.callId, 'after') ?? signals[signals.length - 1] ?? gotoUrl
      ?? mainFrameUrl(model, call.callId, 'action') ?? urlBefore;
    const navigated = signals.length > 0 || isGoto;
    if (urlAfter) {
      const fromUrl = urlBefore ?? 'about:blank';
      if (isGoto) edge(fromUrl, urlAfter, call.callId, 'high', 'goto');
      else if (signals.length) edge(fromUrl, urlAfter, call.callId, 'high', 'navigation-in-action');
      else if (urlBefore) edge(urlBefore, urlAfter, call.callId, 'medium', 'snapshot-url');
      current.set(key, { url: urlAfter, callId: call.callId });
    }
    byCall.set(call.callId, { pageId, frameId, urlBefore, urlAfter, navigated });
  }
  return { byCall, edges };
}
