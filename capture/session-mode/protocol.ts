/**
 * The wire protocol between `bu capture --mode session` and the brow-use extension (one
 * WebSocket on 127.0.0.1, JSON text frames). The extension is a pipe for `chrome.debugger`: it
 * attaches to the user's tab and relays CDP commands and events; Playwright itself runs in Node.
 *
 * This file holds only types and constants: the extension bundles it, so it must not import
 * Node modules or zod (the Node side parses with the schemas in messages.ts).
 */

export const kProtocolVersion = 1;
export const kDefaultSessionPort = 3456;
/** Where the extension connects; the CDP side lives under a secret path on the same server. */
export const kExtensionPath = '/extension';

/** WebSocket close codes (4000-4999 are free for applications). */
export const kCloseCode = {
  /** The capture ended; the extension released the tab. */
  finished: 1000,
  /** The user pressed Stop in the extension. */
  stopped: 4000,
  /** Missing or wrong token. */
  unauthorized: 4401,
  /** Not from this machine, not from an extension, or a foreign Host header. */
  forbidden: 4403,
  /** Unknown path. */
  notFound: 4404,
  /** Another extension is already connected to this capture. */
  busy: 4409,
} as const;

/** What the capture's error says when the user stops it from the extension. */
export const kStoppedReason = 'stopped from the extension';

/** A `chrome.debugger` target: a tab, or a child session (iframe, worker) inside it. */
export interface Debuggee {
  tabId: number;
  sessionId?: string;
}

export interface TabSummary {
  id: number;
  url: string;
  title: string;
}

/** Extension -> Node. The first message must be `hello`; nothing else is read before it passes. */
export type ExtensionMessage =
  | { type: 'hello'; version: number; token: string; userAgent: string; tab: TabSummary }
  | { type: 'response'; id: number; result?: unknown; error?: string }
  | { type: 'cdp-event'; source: Debuggee; method: string; params?: unknown }
  | { type: 'detached'; tabId: number; reason: string }
  /** A controlled tab opened another one (window.open, target=_blank): it is controlled too. */
  | { type: 'tab-opened'; tabId: number }
  | { type: 'stop'; reason: string }
  /** Sent every few seconds: a service worker with socket traffic is not put to sleep. */
  | { type: 'ping' };

/** Node -> extension: `welcome` once the hello passed, then requests, each answered by one `response` with the same id. */
export type BridgeMessage = { type: 'welcome'; sessionId: string } | ({ type: 'request'; id: number } & BridgeCall);

export type BridgeCall =
  /** Attach the debugger to a tab; answers the tab's CDP `TargetInfo`. */
  | { method: 'attach'; params: { tabId: number } }
  /** One CDP command through `chrome.debugger.sendCommand`; answers its result. */
  | { method: 'send'; params: { target: Debuggee; method: string; params?: unknown } }
  /** Open a tab (Playwright's `newPage`); answers `{ tabId }`. */
  | { method: 'create-tab'; params: { url: string } }
  | { method: 'close-tab'; params: { tabId: number } }
  /** The capture is over: detach from every tab and clear the badge. */
  | { method: 'release'; params: Record<string, never> };
