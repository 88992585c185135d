import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { JobFailedError, UsageError } from '../../core/errors.ts';
import { CdpRelay } from './cdp-relay.ts';
import { ExtensionLink } from './extension-link.ts';
import { authenticate, isLoopback } from './handshake.ts';
import { CdpCommand, parseFrame } from './messages.ts';
import { kCloseCode, kExtensionPath, kStoppedReason, type TabSummary } from './protocol.ts';

/**
 * The Node end of session mode: a WebSocket server on 127.0.0.1 that the extension connects to
 * (checked by address, Origin and a per-session token), and a CDP endpoint under a secret path
 * that Playwright's `connectOverCDP` uses, relayed to the extension's `chrome.debugger`.
 */

/** A capture waits this long for the user to connect the extension before it gives up. */
const kExtensionWaitMs = 10 * 60_000;
/** Releasing the tab at the end should be instant; a dead service worker must not hold the exit. */
const kReleaseTimeoutMs = 3_000;
/** CDP frames carry screenshots and large DOM snapshots for the trace. */
const kMaxFrameBytes = 256 * 1024 * 1024;

export interface SessionBridgeOptions {
  port: number;
  /** Shown in the popup while connected (the capture's session id). */
  label: string;
  log(message: string): void;
  /** Default: a fresh random token. */
  token?: string;
}

export interface ConnectedExtension {
  tab: TabSummary;
  userAgent: string;
}

export class SessionBridge {
  private link: ExtensionLink | null = null;
  private connected: ConnectedExtension | null = null;
  private cdpSocket: WebSocket | null = null;
  private readonly cdpPath = `/cdp/${crypto.randomUUID()}`;
  private readonly stopListeners: Array<(reason: string) => void> = [];
  private readonly linked: Array<() => void> = [];
  private stopReason: string | null = null;
  private closing = false;

  private constructor(
    private readonly options: SessionBridgeOptions,
    readonly token: string,
    private readonly server: http.Server,
    private readonly wss: WebSocketServer,
  ) {}

  static async start(options: SessionBridgeOptions): Promise<SessionBridge> {
    const token = options.token ?? crypto.randomBytes(18).toString('base64url');
    const server = http.createServer((_req, res) => res.writeHead(404).end());
    await new Promise<void>((resolve, reject) => {
      server.once('error', (err: NodeJS.ErrnoException) =>
        reject(err.code === 'EADDRINUSE' ? new UsageError(`--session-port ${options.port}: the port is in use`, 'pass another --session-port and set the same port in the extension popup') : err),
      );
      server.listen(options.port, '127.0.0.1', resolve);
    });
    // Created once listening: the WebSocket server re-emits the HTTP server's errors.
    const wss = new WebSocketServer({ server, maxPayload: kMaxFrameBytes });
    wss.on('error', () => undefined);
    const bridge = new SessionBridge(options, token, server, wss);
    wss.on('connection', (socket, request) => void bridge.onConnection(socket, request));
    return bridge;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  /** Where the extension connects. */
  get url(): string {
    return `ws://127.0.0.1:${this.port}${kExtensionPath}`;
  }

  /** For `chromium.connectOverCDP`; only valid once the extension is connected. */
  get cdpEndpoint(): string {
    return `ws://127.0.0.1:${this.port}${this.cdpPath}`;
  }

  /** Called once when the user stops from the extension or the extension goes away mid-capture. */
  onStop(listener: (reason: string) => void): void {
    if (this.stopReason) listener(this.stopReason);
    else this.stopListeners.push(listener);
  }

  /** Resolves when an extension has passed the handshake. */
  async waitForExtension(signal: AbortSignal): Promise<ConnectedExtension> {
    if (this.connected) return this.connected;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new JobFailedError(`no extension connected within ${kExtensionWaitMs / 60_000} minutes`, 'load the extension, paste the token into its popup and press Connect')), kExtensionWaitMs);
      const abort = () => reject(new JobFailedError(`${signal.reason instanceof Error ? signal.reason.message : 'interrupted'} while waiting for the extension`));
      if (signal.aborted) abort();
      signal.addEventListener('abort', abort, { once: true });
      this.linked.push(() => {
        clearTimeout(timer);
        signal.removeEventListener('abort', abort);
        resolve();
      });
    });
    return this.connected!;
  }

  private async onConnection(socket: WebSocket, request: http.IncomingMessage): Promise<void> {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    if (path === this.cdpPath) return this.onCdpClient(socket, request);
    if (path !== kExtensionPath) return socket.close(kCloseCode.notFound, 'unknown path');
    const verdict = await authenticate(socket, request, { token: this.token, port: this.port, busy: this.link?.isOpen ?? false });
    if (!verdict.ok) {
      this.options.log(`session mode: refused a connection from ${verdict.from}: ${verdict.reason}`);
      return socket.close(verdict.code, verdict.reason);
    }
    const link = new ExtensionLink(socket);
    this.link = link;
    this.connected = { tab: verdict.hello.tab, userAgent: verdict.hello.userAgent };
    link.onEvent((event) => {
      if (event.type === 'stop') this.stop(event.reason || kStoppedReason);
    });
    link.onClose((code, reason) => {
      if (this.closing) return;
      this.stop(code === kCloseCode.stopped ? kStoppedReason : `the extension disconnected${reason ? ` (${reason})` : ` (code ${code})`}`);
    });
    socket.send(JSON.stringify({ type: 'welcome', sessionId: this.options.label }));
    this.options.log(`session mode: the extension connected (tab ${JSON.stringify(verdict.hello.tab.title)} ${verdict.hello.tab.url})`);
    for (const resolve of this.linked.splice(0)) resolve();
  }

  private onCdpClient(socket: WebSocket, request: http.IncomingMessage): void {
    // Playwright sends no Origin; a web page always does.
    if (!isLoopback(request.socket.remoteAddress) || request.headers.origin) return socket.close(kCloseCode.forbidden, 'forbidden');
    if (!this.link?.isOpen || !this.connected) return socket.close(kCloseCode.forbidden, 'the extension is not connected');
    if (this.cdpSocket) return socket.close(kCloseCode.busy, 'another client is connected');
    this.cdpSocket = socket;
    const relay = new CdpRelay({ link: this.link, ...this.connected, send: (message) => socket.send(JSON.stringify(message)) });
    socket.on('message', (data) => {
      const command = parseFrame(CdpCommand, data);
      if (command) void relay.handle(command);
    });
    socket.on('close', () => {
      relay.dispose();
      if (this.cdpSocket === socket) this.cdpSocket = null;
    });
  }

  private stop(reason: string): void {
    if (this.stopReason || this.closing) return;
    this.stopReason = reason;
    this.options.log(`session mode: ${reason}`);
    for (const listener of this.stopListeners.splice(0)) listener(reason);
    // Playwright sees the browser go away only after the session heard why.
    this.cdpSocket?.close(kCloseCode.finished, reason);
    this.link?.close(kCloseCode.finished, reason);
  }

  /** Releases the tab (the extension detaches and clears its badge) and stops listening. Idempotent. */
  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    const link = this.link;
    if (link?.isOpen) {
      await Promise.race([link.request({ method: 'release', params: {} }).catch(() => undefined), new Promise((resolve) => setTimeout(resolve, kReleaseTimeoutMs))]);
      link.close(kCloseCode.finished, 'capture finished');
    }
    this.cdpSocket?.close(kCloseCode.finished, 'capture finished');
    for (const client of this.wss.clients) client.terminate();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
