import { z } from 'zod';
import { describeIssues, UsageError } from '../errors.ts';
import { PriceTable, parsePrices } from './prices.ts';

/**
 * How capture talks to a model, from the environment: `OPENAI_BASE_URL`, `OPENAI_API_KEY`,
 * `BU_MODEL` (the contract), plus tuning knobs `BU_FALLBACK_MODEL`, `BU_PRICES`,
 * `BU_LLM_TIMEOUT_MS`, `BU_LLM_STRUCTURED`, `BU_LLM_LOG_PROMPTS`.
 */

/** A capture step waits for one answer; beyond this a local server is stuck, a hosted one overloaded. */
const kDefaultTimeoutMs = 90_000;
/** Local servers (Ollama, vLLM, LM Studio) accept any key; the SDK refuses an empty one. */
const kPlaceholderKey = 'not-needed';
export const kDefaultModel = 'gpt-4.1-mini';

export const StructuredMode = z.enum(['json_schema', 'json_object', 'prompt']);
export type StructuredMode = z.infer<typeof StructuredMode>;

export interface LlmConfig {
  baseURL: string | undefined;
  apiKey: string;
  model: string;
  fallbackModel: string | null;
  timeoutMs: number;
  /** First structured-output mode to try; the client steps down when a server refuses it. */
  structured: StructuredMode;
  prices: PriceTable;
  /** Write the prompt itself into `llm/<id>.jsonl` (redacted), not only its hash. */
  logPrompts: boolean;
}

export const kNoModelMessage = 'no model configured: set OPENAI_BASE_URL (and OPENAI_API_KEY, BU_MODEL)';

/** A model is configured when a server address or a key is given. */
export function modelConfigured(env: NodeJS.ProcessEnv): boolean {
  return Boolean(env.OPENAI_BASE_URL || env.OPENAI_API_KEY);
}

const PositiveInt = z.coerce.number().int().positive();

export function llmConfigFromEnv(env: NodeJS.ProcessEnv): LlmConfig {
  if (!modelConfigured(env)) {
    throw new UsageError(kNoModelMessage, 'or use `bu capture explore --policy crawler`, which needs no model');
  }
  let timeoutMs = kDefaultTimeoutMs;
  if (env.BU_LLM_TIMEOUT_MS) {
    const parsed = PositiveInt.safeParse(env.BU_LLM_TIMEOUT_MS);
    if (!parsed.success) throw new UsageError(`BU_LLM_TIMEOUT_MS: ${describeIssues(parsed.error)}`, 'give milliseconds, e.g. 60000');
    timeoutMs = parsed.data;
  }
  let structured: StructuredMode = 'json_schema';
  if (env.BU_LLM_STRUCTURED) {
    const parsed = StructuredMode.safeParse(env.BU_LLM_STRUCTURED);
    if (!parsed.success) throw new UsageError(`BU_LLM_STRUCTURED: use one of ${StructuredMode.options.join(', ')}`);
    structured = parsed.data;
  }
  return {
    baseURL: env.OPENAI_BASE_URL || undefined,
    apiKey: env.OPENAI_API_KEY || kPlaceholderKey,
    model: env.BU_MODEL || kDefaultModel,
    fallbackModel: env.BU_FALLBACK_MODEL || null,
    timeoutMs,
    structured,
    prices: parsePrices(env.BU_PRICES),
    logPrompts: env.BU_LLM_LOG_PROMPTS === '1' || env.BU_LLM_LOG_PROMPTS === 'true',
  };
}
