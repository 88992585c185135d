import type { Usage } from '../schema/run.ts';
import { llmConfigFromEnv, modelConfigured } from './config.ts';
import { LlmClient } from './client.ts';
import { LlmLog } from './llm-log.ts';
import { parsePrices } from './prices.ts';
import { ReplayTransport } from './replay-transport.ts';

export interface CreateClientOptions {
  env: NodeJS.ProcessEnv;
  /** `llm/<id>.jsonl` of this session. */
  logFile: string | null;
  /** Applied to everything written to the log (secret values never reach it). */
  redact: (text: string) => string;
  /** `--llm-replay FILE`: answer from a recording instead of a server. */
  replayFile?: string | null;
  /** Usage of an earlier part of the same capture (`bu capture resume`). */
  usage?: Usage;
}

/** The model client of one capture: a live server from the environment, or a recording. */
export async function createLlmClient(options: CreateClientOptions): Promise<LlmClient> {
  if (options.replayFile) {
    const transport = await ReplayTransport.open(options.replayFile);
    const log = new LlmLog({ file: options.logFile, logPrompts: false, redact: options.redact, usage: options.usage });
    return new LlmClient({
      transport, log, model: options.env.BU_MODEL || 'replay', fallbackModel: null, timeoutMs: 0,
      structured: 'json_schema', prices: parsePrices(options.env.BU_PRICES),
    });
  }
  const config = llmConfigFromEnv(options.env);
  // The SDK is ~190 modules: loaded when a model is used, not by every capture, generate and replay that starts.
  const { OpenAiTransport } = await import('./openai-transport.ts');
  const log = new LlmLog({ file: options.logFile, logPrompts: config.logPrompts, redact: options.redact, usage: options.usage });
  return new LlmClient({
    transport: new OpenAiTransport(config), log, model: config.model, fallbackModel: config.fallbackModel,
    timeoutMs: config.timeoutMs, structured: config.structured, prices: config.prices,
  });
}

/** Whether `createLlmClient` can work: a configured model, or a recording to replay. */
export function llmAvailable(env: NodeJS.ProcessEnv, replayFile?: string | null): boolean {
  return Boolean(replayFile) || modelConfigured(env);
}
