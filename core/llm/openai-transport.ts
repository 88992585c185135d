import OpenAI from 'openai';
import { zodResponseFormat } from 'openai/helpers/zod';
import type { ChatCompletionCreateParamsNonStreaming, ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { LlmConfig } from './config.ts';
import { countTokens, requestTokens } from './tokens.ts';
import { bareJsonSchema, messageImages, messageText, TransportError } from './transport.ts';
import type { Transport, TransportAnswer, TransportRequest } from './transport.ts';

/** Any OpenAI-compatible chat server through the official SDK. Retries belong to the client, not the SDK. */

/** Token estimate for one budget-sized screenshot when the server reports no usage. */
const kImageTokens = 1_000;
/** Longest server-requested pause we honour; beyond it the run is better off failing over. */
const kMaxRetryAfterMs = 60_000;

function retryAfterMs(headers: Headers | undefined): number | null {
  if (!headers) return null;
  const ms = headers.get('retry-after-ms');
  if (ms && Number.isFinite(Number(ms))) return Math.min(Number(ms), kMaxRetryAfterMs);
  const value = headers.get('retry-after');
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.min(Math.max(0, seconds * 1000), kMaxRetryAfterMs);
  const date = Date.parse(value);
  return Number.isFinite(date) ? Math.min(Math.max(0, date - Date.now()), kMaxRetryAfterMs) : null;
}

function classify(err: unknown): TransportError {
  if (err instanceof TransportError) return err;
  if (err instanceof OpenAI.APIUserAbortError) return new TransportError('the request was aborted', 'aborted');
  if (err instanceof OpenAI.APIConnectionTimeoutError) return new TransportError('the model did not answer in time', 'retryable');
  if (err instanceof OpenAI.APIConnectionError) return new TransportError(`cannot reach the model server: ${err.message}`, 'retryable');
  if (err instanceof OpenAI.APIError) {
    const status = err.status ?? 0;
    const message = `HTTP ${status}: ${err.message}`;
    if (status === 408 || status === 409 || status === 429 || status >= 500) {
      return new TransportError(message, 'retryable', retryAfterMs(err.headers));
    }
    if (status === 400 || status === 422) return new TransportError(message, 'bad-request');
    return new TransportError(message, 'fatal');
  }
  return new TransportError(err instanceof Error ? err.message : String(err), 'fatal');
}

function responseFormat(request: TransportRequest): ChatCompletionCreateParamsNonStreaming['response_format'] {
  switch (request.format.mode) {
    case 'json_schema': {
      const format = zodResponseFormat(request.format.schema, request.format.name);
      if (!request.format.bare) return format;
      return { type: 'json_schema', json_schema: { ...format.json_schema, schema: bareJsonSchema(format.json_schema.schema) as Record<string, unknown> } };
    }
    case 'json_object':
      return { type: 'json_object' };
    case 'prompt':
      return undefined;
  }
}

export class OpenAiTransport implements Transport {
  private readonly client: OpenAI;

  constructor(config: LlmConfig) {
    this.client = new OpenAI({ baseURL: config.baseURL, apiKey: config.apiKey, maxRetries: 0, timeout: config.timeoutMs });
  }

  async send(request: TransportRequest): Promise<TransportAnswer> {
    let format: ChatCompletionCreateParamsNonStreaming['response_format'];
    try {
      format = responseFormat(request);
    } catch (err) {
      // The schema uses something the converter cannot express: let the client step down.
      throw new TransportError(`structured output unavailable for this schema: ${(err as Error).message}`, 'bad-request');
    }
    try {
      const completion = await this.client.chat.completions.create(
        // Only user messages carry image parts (the agent's screenshot); the SDK types each role separately.
        { model: request.model, messages: request.messages as ChatCompletionMessageParam[], ...(format ? { response_format: format } : {}) },
        { timeout: request.timeoutMs, signal: request.signal, maxRetries: 0 },
      );
      const choice = completion.choices[0];
      const content = choice?.message?.content ?? choice?.message?.refusal ?? '';
      return {
        content,
        model: completion.model || request.model,
        tokensIn: completion.usage?.prompt_tokens ?? requestTokens(request.messages.map((m) => ({ role: m.role, content: messageText(m.content) }))) + kImageTokens * request.messages.reduce((n, m) => n + messageImages(m.content).length, 0),
        tokensOut: completion.usage?.completion_tokens ?? countTokens(content),
      };
    } catch (err) {
      throw classify(err);
    }
  }
}
