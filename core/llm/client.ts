import { z } from 'zod';
import { describeIssues } from '../errors.ts';
import type { Usage } from '../schema/run.ts';
import type { StructuredMode } from './config.ts';
import type { LlmLog } from './llm-log.ts';
import { costOf } from './prices.ts';
import type { PriceTable } from './prices.ts';
import { readModelJson } from './tolerant-json.ts';
import { bareJsonSchema, messageText, TransportError } from './transport.ts';
import type { ChatMessage, Transport, TransportAnswer, TransportRequest } from './transport.ts';

/**
 * Structured answers from a chat model: asks with the strongest structured-output mode the server
 * accepts (json_schema, then json_object, then prompt-only), reads the answer tolerantly, validates
 * it with zod, re-asks once quoting the validation error, retries 429/5xx/timeouts with backoff
 * (honouring Retry-After), then tries the fallback model. Every call is logged.
 */

/** Attempts per model before giving up on it (the first try included): rides out a 429, a 5xx and a timeout in a row. */
const kMaxAttempts = 4;
/** First backoff pause; doubles per attempt. Short: a step is waiting. */
const kBackoffBaseMs = 500;
/** Upper bound of one backoff pause. */
const kBackoffMaxMs = 8_000;
/** One re-ask after an unusable answer; a second rarely helps and doubles the cost. */
const kMaxRepairs = 1;
/** How much of a bad answer is quoted back in the repair request. */
const kRepairQuoteChars = 2_000;

export interface ClientInit {
  transport: Transport;
  log: LlmLog;
  model: string;
  fallbackModel: string | null;
  timeoutMs: number;
  structured: StructuredMode;
  prices: PriceTable;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export interface CompleteRequest<S extends z.ZodType> {
  purpose: string;
  messages: ChatMessage[];
  /** Validates the answer. */
  schema: S;
  /** What the server is asked to enforce (strict-mode friendly); defaults to `schema`. */
  wireSchema?: z.ZodType;
  schemaName: string;
  /** Send the schema without its descriptions (the prompt documents the fields). */
  bareSchema?: boolean;
  signal?: AbortSignal;
}

export type CompleteResult<T> = { ok: true; value: T; content: string } | { ok: false; error: string; content: string | null };

/** No model answered at all (after retries and fallback): the run cannot go on. */
export class ModelUnavailableError extends Error {
  override name = 'ModelUnavailableError';
}

function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
    }, { once: true });
  });
}

const kModes: StructuredMode[] = ['json_schema', 'json_object', 'prompt'];

export class LlmClient {
  private mode: StructuredMode;
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;

  constructor(private readonly init: ClientInit) {
    this.mode = init.structured;
    this.sleep = init.sleep ?? defaultSleep;
  }

  get usage(): Usage {
    return { ...this.init.log.usage };
  }

  get model(): string {
    return this.init.model;
  }

  async complete<S extends z.ZodType>(request: CompleteRequest<S>): Promise<CompleteResult<z.infer<S>>> {
    const messages = [...request.messages];
    let last: CompleteResult<z.infer<S>> = { ok: false, error: 'no answer', content: null };
    for (let repair = 0; repair <= kMaxRepairs; repair++) {
      const answer = await this.send(request, messages, repair > 0);
      last = this.validate(request.schema, answer.content);
      if (last.ok) return last;
      messages.push(
        { role: 'assistant', content: answer.content.slice(0, kRepairQuoteChars) },
        { role: 'user', content: `Your answer could not be used: ${last.error}\nAnswer again with only one JSON object in the required format.` },
      );
    }
    return last;
  }

  private validate<S extends z.ZodType>(schema: S, content: string): CompleteResult<z.infer<S>> {
    const read = readModelJson(content);
    if (!read.ok) return { ok: false, error: read.error, content };
    const parsed = schema.safeParse(read.value);
    if (!parsed.success) return { ok: false, error: `the JSON does not match the format: ${describeIssues(parsed.error)}`, content };
    return { ok: true, value: parsed.data, content };
  }

  /** One answer, through retries, mode step-downs and the fallback model. Logs every attempt. */
  private async send(request: CompleteRequest<z.ZodType>, messages: ChatMessage[], isRepair: boolean): Promise<TransportAnswer> {
    const purpose = isRepair ? `${request.purpose}:repair` : request.purpose;
    const models = [this.init.model, ...(this.init.fallbackModel ? [this.init.fallbackModel] : [])];
    let lastError = 'no attempt made';
    for (const model of models) {
      for (let attempt = 0; attempt < kMaxAttempts; ) {
        const sent = this.withFormat(messages, request);
        const started = performance.now();
        try {
          const answer = await this.init.transport.send({ ...sent, purpose, model, timeoutMs: this.init.timeoutMs, signal: request.signal });
          const cost = answer.cost ?? costOf(this.init.prices, answer.model, answer.tokensIn, answer.tokensOut);
          const check = this.validate(request.schema, answer.content);
          await this.init.log.record({
            purpose, model: answer.model, messages: sent.messages, tokensIn: answer.tokensIn, tokensOut: answer.tokensOut,
            cost, latencyMs: performance.now() - started, content: answer.content, error: check.ok ? null : check.error,
          });
          return answer;
        } catch (err) {
          const failure = err instanceof TransportError ? err : new TransportError(String(err), 'fatal');
          lastError = failure.message;
          await this.init.log.record({
            purpose, model, messages: sent.messages, tokensIn: 0, tokensOut: 0, cost: 0,
            latencyMs: performance.now() - started, content: null, error: failure.message,
          });
          switch (failure.kind) {
            case 'aborted':
              throw new ModelUnavailableError(failure.message);
            case 'bad-request': {
              const next = kModes[kModes.indexOf(this.mode) + 1];
              if (!next) throw new ModelUnavailableError(`the model server refused the request: ${failure.message}`);
              this.mode = next; // the server lacks this structured-output mode: step down, no pause
              continue;
            }
            case 'fatal':
              attempt = kMaxAttempts; // try the fallback model, if any
              continue;
            case 'retryable':
              attempt++;
              if (attempt < kMaxAttempts) {
                const backoff = Math.min(kBackoffBaseMs * 2 ** (attempt - 1), kBackoffMaxMs) * (0.75 + Math.random() / 2);
                await this.sleep(failure.retryAfterMs ?? backoff, request.signal);
              }
              continue;
          }
        }
      }
    }
    throw new ModelUnavailableError(`no answer from the model after retries: ${lastError}`);
  }

  /** Outside json_schema mode the format travels in the prompt (json_object mode also requires the word JSON). */
  private withFormat(messages: ChatMessage[], request: CompleteRequest<z.ZodType>): Pick<TransportRequest, 'messages' | 'format'> {
    const schema = request.wireSchema ?? request.schema;
    switch (this.mode) {
      case 'json_schema':
        return { messages, format: { mode: 'json_schema', schema, name: request.schemaName, bare: request.bareSchema ?? false } };
      case 'json_object':
      case 'prompt': {
        const full = z.toJSONSchema(schema, { unrepresentable: 'any' });
        const jsonSchema = JSON.stringify(request.bareSchema ? bareJsonSchema(full) : full);
        const hint = `Answer with one JSON object (no prose, no code fence) matching this JSON schema:\n${jsonSchema}`;
        // Appended to the first system message: some chat templates reject a second one.
        const [first, ...rest] = messages;
        const withHint = first?.role === 'system'
          ? [{ role: 'system' as const, content: `${messageText(first.content)}\n\n${hint}` }, ...rest]
          : [{ role: 'system' as const, content: hint }, ...messages];
        return { messages: withHint, format: { mode: this.mode } };
      }
    }
  }
}
