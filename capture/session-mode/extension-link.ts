import type WebSocket from 'ws';
import { ExtensionMessage, parseFrame } from './messages.ts';
import type { BridgeCall, ExtensionMessage as Message } from './protocol.ts';

/**
 * The authenticated connection to the extension: numbered requests answered by `response`
 * frames, and a stream of events (CDP events, detaches, the user's Stop).
 */

/** A request the extension does not answer in this time is lost (the service worker died). */
const kRequestTimeoutMs = 60_000;

export type ExtensionEvent = Exclude<Message, { type: 'hello' } | { type: 'response' } | { type: 'ping' }>;

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

export class ExtensionLink {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly eventListeners: Array<(event: ExtensionEvent) => void> = [];
  private readonly closeListeners: Array<(code: number, reason: string) => void> = [];
  private closed = false;

  constructor(private readonly socket: WebSocket) {
    socket.on('message', (data) => this.onFrame(data));
    socket.on('close', (code, reason) => this.handleClose(code, reason.toString()));
    socket.on('error', () => undefined);
  }

  get isOpen(): boolean {
    return !this.closed;
  }

  request(call: BridgeCall): Promise<unknown> {
    if (this.closed) return Promise.reject(new Error('the extension is not connected'));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`the extension did not answer ${call.method} in ${kRequestTimeoutMs / 1000} s`));
      }, kRequestTimeoutMs);
      this.pending.set(id, { resolve, reject, timer });
      this.socket.send(JSON.stringify({ type: 'request', id, ...call }));
    });
  }

  onEvent(listener: (event: ExtensionEvent) => void): void {
    this.eventListeners.push(listener);
  }

  onClose(listener: (code: number, reason: string) => void): void {
    this.closeListeners.push(listener);
  }

  close(code: number, reason: string): void {
    if (!this.closed) this.socket.close(code, reason);
  }

  private onFrame(data: unknown): void {
    const message = parseFrame(ExtensionMessage, data);
    if (!message || message.type === 'hello' || message.type === 'ping') return;
    if (message.type === 'response') {
      const pending = this.pending.get(message.id);
      if (!pending) return;
      this.pending.delete(message.id);
      clearTimeout(pending.timer);
      if (message.error !== undefined) pending.reject(new Error(message.error));
      else pending.resolve(message.result);
      return;
    }
    for (const listener of this.eventListeners) listener(message);
  }

  private handleClose(code: number, reason: string): void {
    if (this.closed) return;
    this.closed = true;
    for (const [, pending] of this.pending) {
      clearTimeout(pending.timer);
      pending.reject(new Error(`the extension disconnected${reason ? ` (${reason})` : ''}`));
    }
    this.pending.clear();
    for (const listener of this.closeListeners) listener(code, reason);
  }
}
