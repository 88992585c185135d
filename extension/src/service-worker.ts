import type { TabSummary } from '../../capture/session-mode/protocol.ts';
import { BridgeClient } from './bridge-client.ts';
import type { PopupRequest, SessionStatus, StoredSettings } from './status.ts';

/**
 * The extension's service worker: keeps at most one connection to a capture, answers the popup
 * (status, Connect, Stop), and exposes the same three calls as `globalThis.buSession` so a test
 * or an automation can drive it without the popup.
 */

let client: BridgeClient | null = null;
let last: SessionStatus = { state: 'idle', message: 'not connected' };

async function settings(): Promise<StoredSettings> {
  const stored = await chrome.storage.local.get(['token', 'port']);
  return {
    token: typeof stored.token === 'string' ? stored.token : undefined,
    port: typeof stored.port === 'number' ? stored.port : undefined,
  };
}

async function tabToControl(tabId: number | undefined): Promise<TabSummary | null> {
  const tab = tabId !== undefined
    ? await chrome.tabs.get(tabId)
    : ((await chrome.tabs.query({ active: true, lastFocusedWindow: true }))[0] ?? (await chrome.tabs.query({ active: true }))[0]);
  if (tab?.id === undefined) return null;
  return { id: tab.id, url: tab.url ?? '', title: tab.title ?? '' };
}

function status(): SessionStatus {
  return client?.status ?? last;
}

/** Connects the given tab (default: the active one) to the capture on the stored port with the stored token. */
async function connect(tabId?: number): Promise<SessionStatus> {
  if (client && (client.status.state === 'connecting' || client.status.state === 'connected')) return client.status;
  const { token, port } = await settings();
  if (!token) return (last = { state: 'idle', message: 'paste the token the CLI printed, then Connect' });
  const tab = await tabToControl(tabId);
  if (!tab) return (last = { state: 'idle', message: 'no tab to control' });
  const started = BridgeClient.connect({
    port, token, tab,
    onStatus: (next) => {
      last = next;
      if (next.state !== 'connecting' && next.state !== 'connected' && client === started.client) client = null;
    },
  });
  client = started.client;
  return started.settled;
}

async function stop(): Promise<SessionStatus> {
  if (client) await client.stop();
  return status();
}

function answer(request: PopupRequest): Promise<SessionStatus> {
  switch (request.type) {
    case 'status':
      return Promise.resolve(status());
    case 'connect':
      return connect(request.tabId);
    case 'stop':
      return stop();
  }
}

chrome.runtime.onMessage.addListener((message, _sender, sendResponse) => {
  void answer(message as PopupRequest).then(sendResponse, (err: unknown) => sendResponse({ state: 'idle', message: String(err) }));
  return true;
});

Object.assign(globalThis, { buSession: { connect, stop, status } });
