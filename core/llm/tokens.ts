import { createRequire } from 'node:module';
import { z } from 'zod';
import { bareJsonSchema } from './transport.ts';

/**
 * Token counts with the tokenizer of the OpenAI models brow-use defaults to (o200k_base, used by
 * gpt-4o, gpt-4.1 and later), not characters / 4. Other servers tokenize differently; for them
 * these counts are estimates, still far closer than a character ratio on element lists and JSON.
 */

/** Role markers and separators around each chat message (OpenAI's published accounting). */
const kTokensPerMessage = 3;
/** The reply is primed with the assistant's role marker. */
const kReplyPrimingTokens = 3;

type O200k = typeof import('gpt-tokenizer/encoding/o200k_base');
let o200k: O200k | null = null;

/**
 * The o200k tables take about a third of a second of CPU to load: they load on the first count,
 * so a process that never counts (a crawler capture, extract, replay) never pays for them.
 */
function tokenizer(): O200k {
  o200k ??= createRequire(import.meta.url)('gpt-tokenizer/encoding/o200k_base') as O200k;
  return o200k;
}

export function countTokens(text: string): number {
  return text ? tokenizer().countTokens(text) : 0;
}

export interface CountedMessage {
  role: string;
  content: string;
}

/** Input tokens of a chat request: the messages with their framing, and the structured-output schema sent with them. */
export function requestTokens(messages: readonly CountedMessage[], schemaJson = ''): number {
  const framing = messages.length * kTokensPerMessage + kReplyPrimingTokens;
  return framing + countTokens(schemaJson) + messages.reduce((sum, m) => sum + countTokens(m.role) + countTokens(m.content), 0);
}

/**
 * The request as a provider's prompt cache sees it: one token sequence, schema first (it is a
 * prefix of the system message), then each message. Used to find what a cache could serve.
 */
export function requestSequence(messages: readonly CountedMessage[], schemaJson = ''): number[] {
  const { encode } = tokenizer();
  const tokens = schemaJson ? encode(schemaJson) : [];
  for (const m of messages) tokens.push(...encode(`<|${m.role}|>`), ...encode(m.content));
  return tokens;
}

/** Length of the common prefix of two token sequences. */
export function sharedPrefix(a: readonly number[], b: readonly number[]): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a[i] === b[i]) i++;
  return i;
}

/** Tokens of a structured-output schema as the transport sends it (bare: without descriptions). */
export function schemaTokens(schema: z.ZodType, bare: boolean): number {
  const json = z.toJSONSchema(schema, { unrepresentable: 'any' });
  return countTokens(JSON.stringify(bare ? bareJsonSchema(json) : json));
}
