import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import OpenAI from 'openai';
import { zodResponseFormat } from 'openai/helpers/zod';
import { JobFailedError, UsageError, errorMessage } from '../../core/errors.ts';
import { appendJsonLine, writeFileAtomic } from '../../core/io/atomic.ts';
import { parseJsonText, parseWith } from '../../core/io/read.ts';
import type { LlmCallLine } from '../../core/schema/logs.ts';
import type { PageModel } from '../../core/schema/page-model.ts';
import { NameProposals, type Names } from '../names/assign.ts';
import { kNamingInstructions, namingRequest, type Namer } from './namer.ts';

/**
 * Names from an OpenAI-compatible model, cached by content hash: the cache key covers the model
 * name, the instructions and the request, so an unchanged model and input never call again and
 * give the same names (and so the same files).
 */

const kDefaultModel = 'gpt-4.1-mini';
/** Bumped when the prompt or the answer schema changes, so old cache entries are not reused. */
const kPromptVersion = 1;
/** Naming a large app is one call; local servers can be slow. */
const kTimeoutMs = 120_000;

export interface OpenAINamerOptions {
  env: NodeJS.ProcessEnv;
  /** `.brow-use/cache/generate/` */
  cacheDir: string;
  /** `llm/<id>.jsonl` for the call log, or null. */
  logFile: string | null;
  now?: () => Date;
}

export function modelConfigured(env: NodeJS.ProcessEnv): boolean {
  return Boolean(env.OPENAI_API_KEY || env.OPENAI_BASE_URL);
}

export class OpenAINamer implements Namer {
  readonly kind = 'llm';
  /** Requests sent to the model (cache hits excluded). */
  calls = 0;
  private readonly model: string;

  constructor(private readonly options: OpenAINamerOptions) {
    if (!modelConfigured(options.env)) {
      throw new UsageError('--llm on needs a model: set OPENAI_API_KEY or OPENAI_BASE_URL (and BU_MODEL)', 'or generate with --llm off');
    }
    this.model = options.env.BU_MODEL || kDefaultModel;
  }

  cacheFile(key: string): string {
    return path.join(this.options.cacheDir, `${key}.json`);
  }

  async propose(model: PageModel, derived: Names): Promise<NameProposals | null> {
    const request = namingRequest(model, derived);
    const prompt = JSON.stringify(request);
    const key = createHash('sha256').update(JSON.stringify([kPromptVersion, this.model, kNamingInstructions, prompt])).digest('hex').slice(0, 32);
    const file = this.cacheFile(key);
    const cached = await fs.readFile(file, 'utf8').catch(() => null);
    if (cached !== null) return parseWith(NameProposals, parseJsonText(cached, file), file);
    const answer = await this.ask(prompt, key);
    if (answer) await writeFileAtomic(file, JSON.stringify(answer, null, 2) + '\n');
    return answer;
  }

  private async ask(prompt: string, key: string): Promise<NameProposals | null> {
    const { env, logFile } = this.options;
    const client = new OpenAI({ apiKey: env.OPENAI_API_KEY || 'not-needed', baseURL: env.OPENAI_BASE_URL || undefined, timeout: kTimeoutMs, maxRetries: 1 });
    const started = Date.now();
    this.calls++;
    let line: Omit<LlmCallLine, 'ts'>;
    let answer: NameProposals | null = null;
    try {
      const completion = await client.chat.completions.parse({
        model: this.model,
        messages: [{ role: 'system', content: kNamingInstructions }, { role: 'user', content: prompt }],
        response_format: zodResponseFormat(NameProposals, 'names'),
      });
      const parsed = completion.choices[0]?.message.parsed ?? null;
      answer = parsed === null ? null : NameProposals.parse(parsed);
      line = {
        purpose: 'generate-names', model: completion.model || this.model, promptHash: key,
        tokensIn: completion.usage?.prompt_tokens ?? 0, tokensOut: completion.usage?.completion_tokens ?? 0,
        cost: 0, latencyMs: Date.now() - started, response: answer, error: null,
      };
    } catch (err) {
      line = { purpose: 'generate-names', model: this.model, promptHash: key, tokensIn: 0, tokensOut: 0, cost: 0, latencyMs: Date.now() - started, response: null, error: errorMessage(err) };
      if (logFile) await appendJsonLine(logFile, { ts: (this.options.now?.() ?? new Date()).toISOString(), ...line });
      throw new JobFailedError(`the model did not answer the naming request: ${errorMessage(err)}`, 'check OPENAI_BASE_URL / OPENAI_API_KEY / BU_MODEL, or generate with --llm off');
    }
    if (logFile) await appendJsonLine(logFile, { ts: (this.options.now?.() ?? new Date()).toISOString(), ...line });
    return answer;
  }
}
