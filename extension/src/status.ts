/** What the popup and the service worker say to each other (chrome.runtime messages). */

export type SessionState = 'idle' | 'connecting' | 'connected' | 'refused' | 'ended';

export interface SessionStatus {
  state: SessionState;
  /** One sentence for the popup. */
  message: string;
  /** The tab being controlled, while connected. */
  tabId?: number;
  /** The capture's session id, while connected. */
  sessionId?: string;
}

export type PopupRequest = { type: 'status' } | { type: 'connect'; tabId?: number } | { type: 'stop' };

/** Settings kept in chrome.storage.local. */
export interface StoredSettings {
  token?: string;
  port?: number;
}
