import type { z } from 'zod';
import type { CompleteResult, LlmClient } from '../../core/llm/client.ts';
import { mapMessageText, type ChatMessage } from '../../core/llm/transport.ts';

/**
 * Every question the agent puts to its model goes through here: redacted on the way out, and
 * measured, so the budget guard can refuse the next call before it is sent.
 */
export class ModelAsker {
  /** Size of the latest call, and the estimate of the next one (prompts grow with the history). */
  private lastCall = { tokens: 0, cost: 0 };
  nextCall = { tokens: 0, cost: 0 };

  constructor(
    readonly client: LlmClient,
    private readonly redact: (text: string) => string,
  ) {}

  async ask<S extends z.ZodType>(purpose: string, messages: ChatMessage[], signal: AbortSignal, schema: S, wire?: { schema?: z.ZodType; bare?: boolean }): Promise<CompleteResult<z.infer<S>>> {
    const before = this.client.usage;
    const sent = messages.map((m) => ({ role: m.role, content: mapMessageText(m.content, this.redact) }));
    const result = await this.client.complete({
      purpose, messages: sent, schema, wireSchema: wire?.schema, bareSchema: wire?.bare ?? false, schemaName: purpose.replace(/\W/g, '_'), signal,
    });
    const after = this.client.usage;
    const call = { tokens: after.tokensIn + after.tokensOut - before.tokensIn - before.tokensOut, cost: after.cost - before.cost };
    // The next call is guessed at this one plus the last growth.
    const first = this.lastCall.tokens === 0;
    this.nextCall = {
      tokens: call.tokens + (first ? 0 : Math.max(0, call.tokens - this.lastCall.tokens)),
      cost: call.cost + (first ? 0 : Math.max(0, call.cost - this.lastCall.cost)),
    };
    this.lastCall = call;
    return result;
  }
}
