import { createHash } from 'node:crypto';
import OpenAI from 'openai';
import { zodResponseFormat } from 'openai/helpers/zod';
import { z } from 'zod';
import { UsageError } from '../core/errors.ts';
import { appendJsonLine } from '../core/io/atomic.ts';
import type { HealAnswer, HealRequest, Healer } from '../replay/heal.ts';

/**
 * The `--heal llm` healer: asks an OpenAI-compatible model (OPENAI_BASE_URL / OPENAI_API_KEY /
 * BU_MODEL) which offered candidate is the recorded element, with a structured answer. Every call
 * is appended to `llm/<session>.jsonl`. Lives outside replay/ so replay never imports a model client.
 */

const kDefaultModel = 'gpt-4o-mini';
/** One pick is a small prompt; a slow model should not hold the whole replay. */
const kHealTimeoutMs = 60_000;

export const HealAnswerSchema = z.object({
  candidate: z.number().int().nullable().describe('index of the matching candidate, or null when none matches'),
  reason: z.string().describe('one short sentence'),
});

const kSystemPrompt = [
  'You re-find a UI element for an automated replay of a recorded web flow.',
  'You get the element as recorded and a list of candidates on the current page.',
  'Answer the index of the candidate that is the same control (it may be reworded or moved),',
  'or null if none is. Never pick a look-alike that does something else (e.g. one in another region of the page).',
].join(' ');

export interface HealerOptions {
  env: NodeJS.ProcessEnv;
  /** The llm log file for this session. */
  logFile: string;
}

export function createReplayHealer({ env, logFile }: HealerOptions): Healer {
  if (!env.OPENAI_API_KEY && !env.OPENAI_BASE_URL) {
    throw new UsageError('--heal llm needs a model: set OPENAI_API_KEY (and optionally OPENAI_BASE_URL, BU_MODEL)', 'or replay with --heal off');
  }
  const client = new OpenAI({ apiKey: env.OPENAI_API_KEY || 'none', baseURL: env.OPENAI_BASE_URL || undefined, timeout: kHealTimeoutMs, maxRetries: 1 });
  const model = env.BU_MODEL || kDefaultModel;
  return {
    async pick(request: HealRequest, signal?: AbortSignal): Promise<HealAnswer> {
      const prompt = JSON.stringify(request, null, 1);
      const started = performance.now();
      const base = { ts: new Date().toISOString(), purpose: 'replay-heal', model, promptHash: createHash('sha256').update(prompt).digest('hex').slice(0, 16) };
      try {
        const completion = await client.chat.completions.parse(
          {
            model,
            messages: [{ role: 'system', content: kSystemPrompt }, { role: 'user', content: prompt }],
            response_format: zodResponseFormat(HealAnswerSchema, 'heal_pick'),
          },
          { signal },
        );
        const parsed = completion.choices[0]?.message.parsed;
        const answer = HealAnswerSchema.parse(parsed ?? JSON.parse(completion.choices[0]?.message.content ?? 'null'));
        await appendJsonLine(logFile, {
          ...base, tokensIn: completion.usage?.prompt_tokens ?? 0, tokensOut: completion.usage?.completion_tokens ?? 0,
          cost: 0, latencyMs: Math.round(performance.now() - started), response: answer, error: null,
        });
        if (answer.candidate !== null && (answer.candidate < 0 || answer.candidate >= request.candidates.length)) {
          return { candidate: null, reason: `model answered index ${answer.candidate}, outside the ${request.candidates.length} candidates` };
        }
        return answer;
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        await appendJsonLine(logFile, { ...base, tokensIn: 0, tokensOut: 0, cost: 0, latencyMs: Math.round(performance.now() - started), response: null, error: message });
        throw err;
      }
    },
  };
}
