import crypto from 'node:crypto';
import type http from 'node:http';
import type { WebSocket } from 'ws';
import { ExtensionMessage, parseFrame } from './messages.ts';
import { kCloseCode, kProtocolVersion, type ExtensionMessage as Message } from './protocol.ts';

/**
 * Who may drive the capture: a connection from this machine (loopback address, Host naming the
 * loopback, so a DNS-rebound page is refused), opened by a Chrome extension (Origin
 * `chrome-extension://<id>`; pages cannot forge it), whose first message carries the token the CLI
 * printed for this session.
 */

/** The extension sends its hello right after opening; a silent client is dropped. */
const kHelloTimeoutMs = 10_000;
const kExtensionOrigin = /^chrome-extension:\/\/[a-p]{32}$/;

export type Verdict =
  | { ok: true; hello: Extract<Message, { type: 'hello' }> }
  | { ok: false; code: number; reason: string; from: string };

export function isLoopback(address: string | undefined): boolean {
  return address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';
}

function isLoopbackHost(host: string | undefined, port: number): boolean {
  return host === `127.0.0.1:${port}` || host === `localhost:${port}` || host === `[::1]:${port}`;
}

/** Constant-time comparison of the token (hashes first, so lengths do not leak either). */
function sameToken(given: string, expected: string): boolean {
  const digest = (text: string) => crypto.createHash('sha256').update(text).digest();
  return crypto.timingSafeEqual(digest(given), digest(expected));
}

function firstMessage(socket: WebSocket): Promise<unknown> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), kHelloTimeoutMs);
    socket.once('message', (data) => {
      clearTimeout(timer);
      resolve(data);
    });
    socket.once('close', () => {
      clearTimeout(timer);
      resolve(null);
    });
  });
}

export async function authenticate(socket: WebSocket, request: http.IncomingMessage, expected: { token: string; port: number; busy: boolean }): Promise<Verdict> {
  const origin = request.headers.origin ?? '';
  const from = `${origin || 'a client without Origin'} (${request.socket.remoteAddress ?? 'unknown address'})`;
  const refuse = (code: number, reason: string): Verdict => ({ ok: false, code, reason, from });
  if (!isLoopback(request.socket.remoteAddress)) return refuse(kCloseCode.forbidden, 'only connections from this machine are accepted');
  if (!isLoopbackHost(request.headers.host, expected.port)) return refuse(kCloseCode.forbidden, `unexpected Host header ${JSON.stringify(request.headers.host ?? '')}`);
  if (!kExtensionOrigin.test(origin)) return refuse(kCloseCode.forbidden, 'only the brow-use extension may connect');
  if (expected.busy) return refuse(kCloseCode.busy, 'another extension is already connected to this capture');
  const hello = parseFrame(ExtensionMessage, await firstMessage(socket));
  if (!hello || hello.type !== 'hello') return refuse(kCloseCode.unauthorized, 'no hello with a token');
  if (hello.version !== kProtocolVersion) return refuse(kCloseCode.unauthorized, `protocol version ${hello.version}, expected ${kProtocolVersion}: rebuild the extension (make extension) and reload it`);
  if (!sameToken(hello.token, expected.token)) return refuse(kCloseCode.unauthorized, 'wrong token: paste the token the CLI printed into the extension popup');
  return { ok: true, hello };
}
