import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { appendJsonLine, writeFileAtomic } from '../io/atomic.ts';
import { LlmCallLine } from '../schema/logs.ts';
import type { Usage } from '../schema/run.ts';
import { mapMessageText, type ChatMessage, type ContentPart } from './transport.ts';

/**
 * Appends every model call to `llm/<id>.jsonl` and keeps the running usage. Lines carry a hash
 * of the prompt, not the prompt; with `logPrompts` the prompt goes to a content-addressed
 * sidecar `llm/<id>.prompts/<hash>.json`. Everything written passes through `redact`.
 */

export function promptHash(messages: ChatMessage[]): string {
  const hash = createHash('sha256');
  for (const message of messages) {
    const content = typeof message.content === 'string' ? message.content : JSON.stringify(message.content);
    hash.update(`${message.role}\n${content}\n\u0000`);
  }
  return `sha256:${hash.digest('hex').slice(0, 32)}`;
}

export interface LlmLogInit {
  /** `llm/<id>.jsonl`, or null to keep usage only. */
  file: string | null;
  logPrompts: boolean;
  redact: (text: string) => string;
  now?: () => Date;
  /** Usage so far (a resumed capture). */
  usage?: Usage;
}

export interface CallRecord {
  purpose: string;
  model: string;
  messages: ChatMessage[];
  tokensIn: number;
  tokensOut: number;
  cost: number;
  latencyMs: number;
  /** The raw answer text, or null when no answer arrived. */
  content: string | null;
  error: string | null;
}

/** The answer as stored: the parsed value when it is plain JSON (readable), else the raw text. */
function storedResponse(content: string | null): unknown {
  if (content === null) return null;
  try {
    return JSON.parse(content);
  } catch {
    return content;
  }
}

/** Logged prompts keep a short stand-in for an image, not its megabyte of base64. */
function withoutImageData(content: ChatMessage['content']): ChatMessage['content'] {
  if (typeof content === 'string') return content;
  return content.map((part): ContentPart => {
    if (part.type !== 'image_url') return part;
    const digest = createHash('sha256').update(part.image_url.url).digest('hex').slice(0, 16);
    return { type: 'image_url', image_url: { ...part.image_url, url: `(image, ${part.image_url.url.length} characters, sha256 ${digest})` } };
  });
}

export class LlmLog {
  readonly usage: Usage = { calls: 0, tokensIn: 0, tokensOut: 0, cost: 0 };
  private readonly writtenPrompts = new Set<string>();

  constructor(private readonly init: LlmLogInit) {
    // A resumed capture goes on counting from what its earlier part used.
    if (init.usage) Object.assign(this.usage, init.usage);
  }

  async record(call: CallRecord): Promise<void> {
    this.usage.calls++;
    this.usage.tokensIn += call.tokensIn;
    this.usage.tokensOut += call.tokensOut;
    this.usage.cost += call.cost;
    if (!this.init.file) return;
    const hash = promptHash(call.messages);
    const redact = this.init.redact;
    const content = call.content === null ? null : redact(call.content);
    const line = LlmCallLine.parse({
      ts: (this.init.now?.() ?? new Date()).toISOString(),
      purpose: call.purpose,
      model: call.model,
      promptHash: hash,
      tokensIn: call.tokensIn,
      tokensOut: call.tokensOut,
      cost: call.cost,
      latencyMs: Math.round(call.latencyMs),
      response: storedResponse(content),
      error: call.error === null ? null : redact(call.error),
    });
    await appendJsonLine(this.init.file, line);
    if (this.init.logPrompts && !this.writtenPrompts.has(hash)) {
      this.writtenPrompts.add(hash);
      const dir = this.init.file.replace(/\.jsonl$/, '.prompts');
      const messages = call.messages.map((m) => ({ role: m.role, content: withoutImageData(mapMessageText(m.content, redact)) }));
      await fs.mkdir(dir, { recursive: true });
      await writeFileAtomic(path.join(dir, `${hash.replace(':', '-')}.json`), JSON.stringify(messages, null, 2) + '\n');
    }
  }
}
