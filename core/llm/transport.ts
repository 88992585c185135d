import type { z } from 'zod';

/** One request to a chat model and its answer: the seam between the client and a server (or a recording). */

/** A piece of a multimodal user message: text, or an image (a data URL for screenshots). */
export type ContentPart = { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string; detail?: 'low' | 'high' | 'auto' } };

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string | ContentPart[];
}

/** The text of a message (images left out). */
export function messageText(content: ChatMessage['content']): string {
  return typeof content === 'string' ? content : content.map((part) => (part.type === 'text' ? part.text : '')).filter(Boolean).join('\n');
}

/** Applies `fn` to every text of a message; images pass as they are. */
export function mapMessageText(content: ChatMessage['content'], fn: (text: string) => string): ChatMessage['content'] {
  return typeof content === 'string' ? fn(content) : content.map((part) => (part.type === 'text' ? { ...part, text: fn(part.text) } : part));
}

/** Image parts of a message. */
export function messageImages(content: ChatMessage['content']): string[] {
  return typeof content === 'string' ? [] : content.flatMap((part) => (part.type === 'image_url' ? [part.image_url.url] : []));
}

export interface TransportRequest {
  purpose: string;
  model: string;
  messages: ChatMessage[];
  /** Structured output: the schema the server should enforce, or null for json_object/prompt modes. */
  format: { mode: 'json_schema'; schema: z.ZodType; name: string; bare?: boolean } | { mode: 'json_object' } | { mode: 'prompt' };
  timeoutMs: number;
  signal?: AbortSignal;
}

export interface TransportAnswer {
  content: string;
  model: string;
  /** From the server's usage, or counted with the tokenizer (core/llm/tokens.ts) when it sends none. */
  tokensIn: number;
  tokensOut: number;
  /** A replayed answer carries the cost recorded with it. */
  cost?: number;
}

/** Why a request failed, so the client can decide to retry, step down or give up. */
export type TransportFailureKind =
  /** 429, 5xx, timeouts, connection resets: worth retrying after a pause. */
  | 'retryable'
  /** The server refused the request shape (400/422), e.g. it lacks structured output. */
  | 'bad-request'
  /** Auth, missing model, an exhausted recording: retrying will not help. */
  | 'fatal'
  | 'aborted';

export class TransportError extends Error {
  constructor(
    message: string,
    readonly kind: TransportFailureKind,
    /** Server-requested pause (Retry-After), in ms. */
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = 'TransportError';
  }
}

export interface Transport {
  send(request: TransportRequest): Promise<TransportAnswer>;
}

/**
 * A JSON schema without what only documents it: descriptions, the `$schema` tag and the integer
 * bound zod adds to every int. For schemas whose fields the prompt already explains; each call
 * sends the schema again, so this is input saved on every step.
 */
export function bareJsonSchema(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(bareJsonSchema);
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (key === 'description' || key === '$schema') continue;
    if ((key === 'maximum' && item === Number.MAX_SAFE_INTEGER) || (key === 'minimum' && item === Number.MIN_SAFE_INTEGER)) continue;
    out[key] = bareJsonSchema(item);
  }
  return out;
}
