import {
  kCloseCode, kDefaultSessionPort, kExtensionPath, kProtocolVersion, kStoppedReason,
  type BridgeCall, type BridgeMessage, type ExtensionMessage, type TabSummary,
} from '../../capture/session-mode/protocol.ts';
import { DebuggerTabs } from './debugger-tabs.ts';
import type { SessionStatus } from './status.ts';

/**
 * One connection to `bu capture --mode session`: says hello with the token, then carries out the
 * CLI's requests on `chrome.debugger` and forwards the tab's CDP events. Stop (popup button, or
 * the user cancelling Chrome's debugging bar) detaches at once and tells the CLI why.
 */

/** Socket traffic at least this often keeps the service worker awake between slow steps. */
const kPingMs = 20_000;

export class BridgeClient {
  private readonly tabs = new DebuggerTabs();
  private ping: ReturnType<typeof setInterval> | undefined;
  private settled: ((status: SessionStatus) => void) | null = null;
  status: SessionStatus;

  constructor(private readonly socket: WebSocket, private readonly tab: TabSummary, private readonly onStatus: (status: SessionStatus) => void) {
    this.status = { state: 'connecting', message: `connecting to 127.0.0.1 …`, tabId: tab.id };
    chrome.debugger.onEvent.addListener(this.onDebuggerEvent);
    chrome.debugger.onDetach.addListener(this.onDebuggerDetach);
    chrome.tabs.onCreated.addListener(this.onTabCreated);
  }

  /** Opens the socket; resolves once the CLI accepted (welcome) or refused/closed it. */
  static connect(options: { port?: number; token: string; tab: TabSummary; onStatus: (status: SessionStatus) => void }): { client: BridgeClient; settled: Promise<SessionStatus> } {
    const socket = new WebSocket(`ws://127.0.0.1:${options.port ?? kDefaultSessionPort}${kExtensionPath}`);
    const client = new BridgeClient(socket, options.tab, options.onStatus);
    const settled = new Promise<SessionStatus>((resolve) => (client.settled = resolve));
    socket.onopen = () => client.send({ type: 'hello', version: kProtocolVersion, token: options.token, userAgent: navigator.userAgent, tab: options.tab });
    socket.onmessage = (event) => void client.onMessage(String(event.data));
    socket.onclose = (event) => void client.onClose(event.code, event.reason);
    client.ping = setInterval(() => client.send({ type: 'ping' }), kPingMs);
    return { client, settled };
  }

  private setStatus(status: SessionStatus): void {
    this.status = status;
    this.onStatus(status);
    if (status.state !== 'connecting') {
      this.settled?.(status);
      this.settled = null;
    }
  }

  private send(message: ExtensionMessage): void {
    if (this.socket.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  /** The user's Stop: detach first (control ends now), then tell the CLI and hang up. */
  async stop(reason = kStoppedReason): Promise<void> {
    this.send({ type: 'stop', reason });
    await this.tabs.detachAll();
    this.socket.close(kCloseCode.stopped, reason);
    this.setStatus({ state: 'ended', message: reason });
  }

  private async onMessage(data: string): Promise<void> {
    const message = JSON.parse(data) as BridgeMessage;
    if (message.type === 'welcome') {
      this.setStatus({ state: 'connected', message: `controlled by ${message.sessionId}`, tabId: this.tab.id, sessionId: message.sessionId });
      return;
    }
    try {
      this.send({ type: 'response', id: message.id, result: (await this.execute(message)) ?? {} });
    } catch (err) {
      this.send({ type: 'response', id: message.id, error: err instanceof Error ? err.message : String(err) });
    }
  }

  private async execute(call: BridgeCall): Promise<unknown> {
    switch (call.method) {
      case 'attach':
        return this.tabs.attach(call.params.tabId);
      case 'send':
        return chrome.debugger.sendCommand(call.params.target, call.params.method, call.params.params as object | undefined);
      case 'create-tab': {
        const tab = await chrome.tabs.create({ url: call.params.url, active: true });
        return { tabId: tab.id };
      }
      case 'close-tab':
        return chrome.tabs.remove(call.params.tabId);
      case 'release':
        await this.tabs.detachAll();
        return {};
    }
  }

  private readonly onDebuggerEvent = (source: ChromeDebuggee, method: string, params?: object): void => {
    if (!this.tabs.has(source.tabId)) return;
    this.send({ type: 'cdp-event', source: { tabId: source.tabId!, ...(source.sessionId ? { sessionId: source.sessionId } : {}) }, method, params });
  };

  private readonly onDebuggerDetach = (source: ChromeDebuggee, reason: string): void => {
    if (!this.tabs.has(source.tabId)) return;
    this.tabs.forget(source.tabId!);
    // Cancelling Chrome's "started debugging" bar is a Stop like the popup's.
    if (reason === 'canceled_by_user') void this.stop();
    else this.send({ type: 'detached', tabId: source.tabId!, reason });
  };

  private readonly onTabCreated = (tab: ChromeTab): void => {
    if (tab.id !== undefined && this.tabs.has(tab.openerTabId)) this.send({ type: 'tab-opened', tabId: tab.id });
  };

  private async onClose(code: number, reason: string): Promise<void> {
    clearInterval(this.ping);
    chrome.debugger.onEvent.removeListener(this.onDebuggerEvent);
    chrome.debugger.onDetach.removeListener(this.onDebuggerDetach);
    chrome.tabs.onCreated.removeListener(this.onTabCreated);
    await this.tabs.detachAll();
    if (this.status.state === 'ended') return;
    if (code === kCloseCode.unauthorized || code === kCloseCode.forbidden || code === kCloseCode.busy) this.setStatus({ state: 'refused', message: `refused: ${reason}` });
    else if (this.status.state === 'connecting') this.setStatus({ state: 'ended', message: `no capture is listening on this port (start \`bu capture … --mode session\` first)` });
    else this.setStatus({ state: 'ended', message: reason || 'the capture ended' });
  }
}
