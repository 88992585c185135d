import { errorMessage } from '../../core/errors.ts';
import type { ExtensionEvent, ExtensionLink } from './extension-link.ts';
import type { CdpCommand } from './messages.ts';
import type { Debuggee, TabSummary } from './protocol.ts';

/**
 * Plays a browser-level CDP endpoint for Playwright's `connectOverCDP` on top of the extension's
 * `chrome.debugger`, which only reaches tabs. Browser-level commands that shape the connection
 * (version, auto-attach, targets) are answered here; everything else is forwarded to the tab its
 * session id names. The tab the user connected is the one Playwright sees as its first page.
 */

interface TabSession {
  tabId: number;
  /** The flat session id Playwright knows this tab by. */
  sessionId: string;
  targetInfo: { targetId: string } & Record<string, unknown>;
  /** Child sessions (iframes, workers) Chrome attached inside this tab. */
  children: Set<string>;
  /** The tab's events held back until Playwright's setup of it is answered (see `hold`); null once released. */
  held: Array<Record<string, unknown>> | null;
}

/**
 * chrome.debugger hands a service worker events and command results on separate channels, so an
 * event can overtake the result of a command sent before it. Playwright's setup of a new page
 * depends on that order (`Page.getFrameTree` must be answered before `Runtime.enable` replays the
 * execution contexts, or the page's main world is never known). A new tab's own events are
 * therefore held until its `Runtime.enable` is answered, then released in order; the timer is a
 * safety net for a client that never enables the runtime.
 */
const kReleaseOn = 'Runtime.enable';
const kHoldMs = 5_000;

export interface CdpRelayOptions {
  link: ExtensionLink;
  /** The tab the user connected from the extension. */
  tab: TabSummary;
  userAgent: string;
  /** Sends one message to Playwright's CDP client. */
  send(message: Record<string, unknown>): void;
}

type CdpResult = Record<string, unknown>;

export class CdpRelay {
  private readonly tabs = new Map<number, TabSession>();
  private readonly attaching = new Map<number, Promise<TabSession>>();
  private nextSession = 1;
  private disposed = false;

  constructor(private readonly options: CdpRelayOptions) {
    options.link.onEvent((event) => {
      if (!this.disposed) this.onExtensionEvent(event);
    });
  }

  dispose(): void {
    this.disposed = true;
  }

  async handle(command: CdpCommand): Promise<void> {
    const { id, sessionId } = command;
    try {
      const result = await this.dispatch(command);
      this.options.send({ id, ...(sessionId ? { sessionId } : {}), result: result ?? {} });
    } catch (err) {
      this.options.send({ id, ...(sessionId ? { sessionId } : {}), error: { code: -32000, message: errorMessage(err) } });
    }
    if (command.method === kReleaseOn && sessionId) {
      const tab = this.find((t) => t.sessionId === sessionId);
      if (tab) this.release(tab);
    }
  }

  private release(tab: TabSession): void {
    const held = tab.held;
    tab.held = null;
    for (const message of held ?? []) this.options.send(message);
  }

  private async dispatch({ method, params, sessionId }: CdpCommand): Promise<CdpResult> {
    if (!sessionId) {
      switch (method) {
        case 'Browser.getVersion':
          return { protocolVersion: '1.3', product: productOf(this.options.userAgent), revision: '', userAgent: this.options.userAgent, jsVersion: '' };
        // The user's browser keeps its own download settings, and is never closed from here.
        case 'Browser.setDownloadBehavior':
        case 'Browser.close':
        case 'Target.setDiscoverTargets':
          return {};
        case 'Target.setAutoAttach':
          await this.attach(this.options.tab.id);
          return {};
        case 'Target.getTargetInfo':
          return { targetInfo: { targetId: 'browser', type: 'browser', title: '', url: '', attached: true, canAccessOpener: false } };
        case 'Target.createTarget':
          return this.createTarget(typeof params?.url === 'string' ? params.url : 'about:blank');
        case 'Target.closeTarget':
          return this.closeTarget(String(params?.targetId ?? ''));
      }
    } else if (method === 'Target.getTargetInfo') {
      const tab = this.find((t) => t.sessionId === sessionId);
      if (tab) return { targetInfo: tab.targetInfo };
    }
    const result = await this.options.link.request({ method: 'send', params: { target: this.route(sessionId), method, ...(params ? { params } : {}) } });
    return (result ?? {}) as CdpResult;
  }

  /** The chrome.debugger target for a Playwright session id (no id: any attached tab). */
  private route(sessionId: string | undefined): Debuggee {
    if (!sessionId) {
      const first = this.tabs.values().next().value;
      if (!first) throw new Error('no tab is attached');
      return { tabId: first.tabId };
    }
    const tab = this.find((t) => t.sessionId === sessionId);
    if (tab) return { tabId: tab.tabId };
    const parent = this.find((t) => t.children.has(sessionId));
    if (parent) return { tabId: parent.tabId, sessionId };
    throw new Error(`no tab for session ${sessionId}`);
  }

  private find(predicate: (tab: TabSession) => boolean): TabSession | undefined {
    for (const tab of this.tabs.values()) if (predicate(tab)) return tab;
    return undefined;
  }

  /** Attaches once per tab, however many callers ask at the same time. */
  private attach(tabId: number): Promise<TabSession> {
    let pending = this.attaching.get(tabId);
    if (!pending) {
      pending = this.doAttach(tabId);
      this.attaching.set(tabId, pending);
      pending.catch(() => this.attaching.delete(tabId));
    }
    return pending;
  }

  private async doAttach(tabId: number): Promise<TabSession> {
    const targetInfo = (await this.options.link.request({ method: 'attach', params: { tabId } })) as TabSession['targetInfo'];
    const tab: TabSession = { tabId, sessionId: `bu-tab-${this.nextSession++}`, targetInfo, children: new Set(), held: [] };
    this.tabs.set(tabId, tab);
    setTimeout(() => this.release(tab), kHoldMs).unref();
    this.options.send({ method: 'Target.attachedToTarget', params: { sessionId: tab.sessionId, targetInfo: { ...targetInfo, attached: true }, waitingForDebugger: false } });
    return tab;
  }

  private async createTarget(url: string): Promise<CdpResult> {
    const { tabId } = (await this.options.link.request({ method: 'create-tab', params: { url } })) as { tabId: number };
    const tab = await this.attach(tabId);
    return { targetId: tab.targetInfo.targetId };
  }

  private async closeTarget(targetId: string): Promise<CdpResult> {
    const tab = this.find((t) => t.targetInfo.targetId === targetId);
    if (!tab) return { success: false };
    await this.options.link.request({ method: 'close-tab', params: { tabId: tab.tabId } });
    return { success: true };
  }

  private onExtensionEvent(event: ExtensionEvent): void {
    switch (event.type) {
      case 'cdp-event': {
        const tab = this.tabs.get(event.source.tabId);
        if (!tab) return;
        const child = (event.params as { sessionId?: unknown } | undefined)?.sessionId;
        if (typeof child === 'string' && event.method === 'Target.attachedToTarget') tab.children.add(child);
        if (typeof child === 'string' && event.method === 'Target.detachedFromTarget') tab.children.delete(child);
        const message = { method: event.method, params: event.params ?? {}, sessionId: event.source.sessionId ?? tab.sessionId };
        if (tab.held && !event.source.sessionId) tab.held.push(message);
        else this.options.send(message);
        return;
      }
      case 'detached': {
        const tab = this.tabs.get(event.tabId);
        if (!tab) return;
        this.tabs.delete(event.tabId);
        this.attaching.delete(event.tabId);
        this.release(tab);
        this.options.send({ method: 'Target.detachedFromTarget', params: { sessionId: tab.sessionId, targetId: tab.targetInfo.targetId } });
        return;
      }
      case 'tab-opened':
        // Playwright sees it as a popup of its opener, as with a local browser.
        void this.attach(event.tabId).catch(() => undefined);
        return;
      case 'stop':
        return;
    }
  }
}

/** `Chrome/<version>` from the extension's user agent, as `Browser.getVersion` would answer. */
function productOf(userAgent: string): string {
  const match = /(?:Headless)?Chrom(?:e|ium)\/([\d.]+)/.exec(userAgent);
  return `Chrome/${match?.[1] ?? '0.0.0.0'}`;
}
