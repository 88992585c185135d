import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { ModelUnavailableError } from '../../core/llm/client.ts';
import { llmConfigFromEnv, modelConfigured } from '../../core/llm/config.ts';
import { createLlmClient } from '../../core/llm/create-client.ts';
import { JobFailedError, UsageError, errorMessage } from '../../core/errors.ts';
import { writeFileAtomic } from '../../core/io/atomic.ts';
import { parseJsonText, parseWith } from '../../core/io/read.ts';
import type { PageModel } from '../../core/schema/page-model.ts';
import { NameProposals, type Names } from '../names/assign.ts';
import { kNamingInstructions, namingRequest, type Namer } from './namer.ts';

/**
 * Names from an OpenAI-compatible model, cached by content hash: the cache key covers the model
 * name, the instructions and the request, so an unchanged model and input never call again and
 * give the same names (and so the same files). The model client is capture's (one configuration,
 * one default model, one retry policy for every command).
 */

/** Bumped when the prompt or the answer schema changes, so old cache entries are not reused. */
const kPromptVersion = 1;

export interface OpenAINamerOptions {
  env: NodeJS.ProcessEnv;
  /** `.brow-use/cache/generate/` */
  cacheDir: string;
  /** `llm/<id>.jsonl` for the call log, or null. */
  logFile: string | null;
  now?: () => Date;
}

export { modelConfigured };

export class OpenAINamer implements Namer {
  readonly kind = 'llm';
  /** Requests sent to the model (cache hits excluded). */
  calls = 0;
  private readonly model: string;

  constructor(private readonly options: OpenAINamerOptions) {
    if (!modelConfigured(options.env)) {
      throw new UsageError('--llm on needs a model: set OPENAI_API_KEY or OPENAI_BASE_URL (and BU_MODEL)', 'or generate with --llm off');
    }
    this.model = llmConfigFromEnv(options.env).model;
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
    const answer = await this.ask(prompt);
    if (answer) await writeFileAtomic(file, JSON.stringify(answer, null, 2) + '\n');
    return answer;
  }

  private async ask(prompt: string): Promise<NameProposals | null> {
    const { env, logFile } = this.options;
    const client = await createLlmClient({ env, logFile, redact: (text) => text });
    this.calls++;
    const kHint = 'check OPENAI_BASE_URL / OPENAI_API_KEY / BU_MODEL, or generate with --llm off';
    try {
      const answer = await client.complete({
        purpose: 'generate-names', schema: NameProposals, schemaName: 'names',
        messages: [{ role: 'system', content: kNamingInstructions }, { role: 'user', content: prompt }],
      });
      if (!answer.ok) throw new JobFailedError(`the model's naming answer could not be used: ${answer.error}`, kHint);
      return answer.value;
    } catch (err) {
      if (err instanceof ModelUnavailableError) throw new JobFailedError(`the model did not answer the naming request: ${errorMessage(err)}`, kHint);
      throw err;
    }
  }
}
