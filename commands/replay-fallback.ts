import { z } from 'zod';
import { ModelUnavailableError, type LlmClient } from '../core/llm/client.ts';
import { modelConfigured } from '../core/llm/config.ts';
import { createLlmClient } from '../core/llm/create-client.ts';
import { UsageError } from '../core/errors.ts';
import type { FallbackAnswer, FallbackRequest, Fallback } from '../replay/fallback.ts';

/**
 * Replay's model fallback (`--fallback llm`): asks an OpenAI-compatible model (OPENAI_BASE_URL / OPENAI_API_KEY /
 * BU_MODEL) which offered candidate is the recorded element, with a structured answer, through
 * the one model client every command uses (same default model, timeouts and retries). Every call
 * is appended to `llm/<session>.jsonl`. Lives outside replay/ so replay never imports a model client.
 */

export const FallbackAnswerSchema = z.object({
  candidate: z.number().int().nullable().describe('index of the matching candidate, or null when none matches'),
  reason: z.string().describe('one short sentence'),
});

const kSystemPrompt = [
  'You re-find a UI element for an automated replay of a recorded web flow.',
  'You get the element as recorded and a list of candidates on the current page.',
  'Answer the index of the candidate that is the same control (it may be reworded or moved),',
  'or null if none is. Never pick a look-alike that does something else (e.g. one in another region of the page).',
].join(' ');

export interface FallbackOptions {
  env: NodeJS.ProcessEnv;
  /** The llm log file for this session. */
  logFile: string;
}

export function createReplayFallback({ env, logFile }: FallbackOptions): Fallback {
  if (!modelConfigured(env)) {
    throw new UsageError('--fallback llm needs a model: set OPENAI_API_KEY (and optionally OPENAI_BASE_URL, BU_MODEL)', 'or replay with --fallback off');
  }
  let client: Promise<LlmClient> | null = null;
  return {
    async pick(request: FallbackRequest, signal?: AbortSignal): Promise<FallbackAnswer> {
      client ??= createLlmClient({ env, logFile, redact: (text) => text });
      const answer = await (await client).complete({
        purpose: 'replay-fallback', schema: FallbackAnswerSchema, schemaName: 'fallback_pick', signal,
        messages: [{ role: 'system', content: kSystemPrompt }, { role: 'user', content: JSON.stringify(request, null, 1) }],
      }).catch((err: unknown) => {
        throw err instanceof ModelUnavailableError ? new Error(`--fallback llm: ${err.message}`) : err;
      });
      if (!answer.ok) return { candidate: null, reason: `the model's answer could not be used: ${answer.error}` };
      const { candidate, reason } = answer.value;
      if (candidate !== null && (candidate < 0 || candidate >= request.candidates.length)) {
        return { candidate: null, reason: `model answered index ${candidate}, outside the ${request.candidates.length} candidates` };
      }
      return { candidate, reason };
    },
  };
}
