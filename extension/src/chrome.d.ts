/**
 * The few extension APIs the brow-use extension uses (promise forms, Chrome 116+). Declared here
 * so the extension type-checks without the full Chrome typings. (`debugger` is a reserved word,
 * so the API is an object type rather than a namespace.)
 */

interface ChromeEvent<T extends (...args: never[]) => unknown> {
  addListener(callback: T): void;
  removeListener(callback: T): void;
}

interface ChromeDebuggee {
  tabId?: number;
  /** A flat child session inside the tab (Chrome 125+). */
  sessionId?: string;
}

interface ChromeTab {
  id?: number;
  url?: string;
  title?: string;
  active: boolean;
  openerTabId?: number;
}

interface ChromeMessageSender {
  id?: string;
  tab?: ChromeTab;
}

declare const chrome: {
  debugger: {
    attach(target: ChromeDebuggee, requiredVersion: string): Promise<void>;
    detach(target: ChromeDebuggee): Promise<void>;
    sendCommand(target: ChromeDebuggee, method: string, commandParams?: object): Promise<object | undefined>;
    onEvent: ChromeEvent<(source: ChromeDebuggee, method: string, params?: object) => void>;
    onDetach: ChromeEvent<(source: ChromeDebuggee, reason: string) => void>;
  };
  tabs: {
    query(queryInfo: { active?: boolean; lastFocusedWindow?: boolean; currentWindow?: boolean }): Promise<ChromeTab[]>;
    get(tabId: number): Promise<ChromeTab>;
    create(properties: { url?: string; active?: boolean }): Promise<ChromeTab>;
    remove(tabId: number): Promise<void>;
    onCreated: ChromeEvent<(tab: ChromeTab) => void>;
  };
  storage: {
    local: {
      get(keys: string[]): Promise<Record<string, unknown>>;
      set(items: Record<string, unknown>): Promise<void>;
    };
  };
  action: {
    setBadgeText(details: { text: string; tabId?: number }): Promise<void>;
    setBadgeBackgroundColor(details: { color: string; tabId?: number }): Promise<void>;
    setTitle(details: { title: string; tabId?: number }): Promise<void>;
  };
  runtime: {
    sendMessage<T = unknown>(message: unknown): Promise<T>;
    onMessage: ChromeEvent<(message: unknown, sender: ChromeMessageSender, sendResponse: (response?: unknown) => void) => boolean | void>;
  };
};
