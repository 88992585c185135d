import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';

/**
 * A local OpenAI-compatible chat server for tests: POST /v1/chat/completions answers from a
 * script, in order, and records every request it got. Answers can be JSON (returned as the
 * message content, also under response_format json_schema), raw text (malformed JSON), HTTP
 * errors (429 with Retry-After, 500, 400 for an unsupported response_format), or a delay.
 * Usage is reported as characters / 4: the server cannot tokenize.
 */

export type Scripted =
  | { json: unknown; delayMs?: number }
  | { content: string; delayMs?: number }
  | { status: number; retryAfter?: number; message?: string };

/** An entry may depend on the request (e.g. pick an element index from the page list). */
export type ScriptEntry = Scripted | ((request: RecordedRequest) => Scripted);
export type Script = ScriptEntry[] | ((request: RecordedRequest, index: number) => Scripted | undefined);

const ContentPart = z.union([
  z.looseObject({ type: z.literal('text'), text: z.string() }),
  z.looseObject({ type: z.literal('image_url'), image_url: z.looseObject({ url: z.string() }) }),
]);

const ChatBody = z.looseObject({
  model: z.string(),
  messages: z.array(z.looseObject({ role: z.string(), content: z.union([z.string(), z.array(ContentPart)]) })),
  response_format: z.looseObject({ type: z.string() }).optional(),
});

export interface RecordedRequest {
  model: string;
  /** Text of each message (multimodal messages: their text parts joined), and its image URLs. */
  messages: { role: string; content: string; images: string[] }[];
  responseFormat: string | null;
  /** The raw body, to look for leaked values anywhere in it. */
  raw: string;
  /** When the request arrived (ms since the server started). */
  at: number;
}

export interface FakeLlm {
  /** Base URL for OPENAI_BASE_URL (ends with /v1). */
  url: string;
  requests: RecordedRequest[];
  /** Scripted answers not yet used (array scripts). */
  remaining(): number;
  close(): Promise<void>;
}

export const kFakeCharsPerToken = 4;

/** The finish check's system prompt starts like this; scripts use it to answer by purpose. */
export function isFinishCheck(request: RecordedRequest): boolean {
  return request.messages[0]?.content.startsWith('You check whether') ?? false;
}

function completion(model: string, content: string, request: RecordedRequest): Record<string, unknown> {
  const promptChars = request.messages.reduce((sum, m) => sum + m.content.length, 0);
  const promptTokens = Math.ceil(promptChars / kFakeCharsPerToken);
  const completionTokens = Math.ceil(content.length / kFakeCharsPerToken);
  return {
    id: `chatcmpl-fake-${request.at}`, object: 'chat.completion', created: 0, model,
    choices: [{ index: 0, finish_reason: 'stop', logprobs: null, message: { role: 'assistant', content, refusal: null } }],
    usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens },
  };
}

function flatten(message: { role: string; content: string | z.infer<typeof ContentPart>[] }): RecordedRequest['messages'][number] {
  if (typeof message.content === 'string') return { role: message.role, content: message.content, images: [] };
  const parts = message.content;
  return {
    role: message.role,
    content: parts.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('\n'),
    images: parts.flatMap((part) => (part.type === 'image_url' ? [part.image_url.url] : [])),
  };
}

export async function startFakeLlm(script: Script): Promise<FakeLlm> {
  const requests: RecordedRequest[] = [];
  const started = Date.now();
  let next = 0;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const send = (status: number, value: unknown, headers: Record<string, string> = {}) => {
        if (res.destroyed) return;
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(JSON.stringify(value));
      };
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) return send(404, { error: { message: `no route ${req.method} ${req.url}` } });
      let json: unknown;
      try {
        json = JSON.parse(body);
      } catch {
        return send(400, { error: { message: 'body is not JSON' } });
      }
      const parsed = ChatBody.safeParse(json);
      if (!parsed.success) return send(400, { error: { message: `bad request body: ${parsed.error.message}` } });
      const request: RecordedRequest = {
        model: parsed.data.model, messages: parsed.data.messages.map(flatten), responseFormat: parsed.data.response_format?.type ?? null, raw: body, at: Date.now() - started,
      };
      requests.push(request);
      const index = next++;
      const entry = Array.isArray(script) ? script[index] : script(request, index);
      const answer = typeof entry === 'function' ? entry(request) : entry;
      if (!answer) return send(404, { error: { message: `fake llm: no scripted answer for request ${index + 1}` } });
      if ('status' in answer) {
        const headers: Record<string, string> = answer.retryAfter !== undefined ? { 'retry-after': String(answer.retryAfter) } : {};
        return send(answer.status, { error: { message: answer.message ?? `scripted ${answer.status}`, type: 'scripted' } }, headers);
      }
      const content = 'json' in answer ? JSON.stringify(answer.json) : answer.content;
      const reply = () => send(200, completion(request.model, content, request));
      if (answer.delayMs) setTimeout(reply, answer.delayMs);
      else reply();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    remaining: () => (Array.isArray(script) ? Math.max(0, script.length - next) : 0),
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

/** One agent step answer. */
export function step(action: Record<string, unknown>[] | Record<string, unknown>, extra: { evaluation?: string; memory?: string; goal?: string } = {}): Scripted {
  return {
    json: {
      thinking: null,
      evaluation_previous_goal: extra.evaluation ?? 'Success: on track',
      memory: extra.memory ?? '',
      next_goal: extra.goal ?? 'continue',
      action: Array.isArray(action) ? action : [action],
    },
  };
}

/** The index of an element in the request's page list (`[7]link "Products"`). */
export function elementIndex(request: RecordedRequest, role: string, name: string): number {
  const user = request.messages.find((m) => m.role === 'user' && m.content.includes('<browser_state>'))?.content ?? '';
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`\\[(\\d+)\\]${role} "${escaped}"`).exec(user);
  if (!match) throw new Error(`fake llm: no ${role} "${name}" in the page list:\n${user}`);
  return Number(match[1]);
}

export function verdict(answersTask: boolean, reason = answersTask ? 'complete' : 'the answer is missing facts'): Scripted {
  return { json: { answers_task: answersTask, reason } };
}
