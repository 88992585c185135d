import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '../support/fixtures.ts';
import { z } from 'zod';
import { parseJsonLines } from '../../core/io/read.ts';
import { LlmCallLine } from '../../core/schema/logs.ts';
import { ModelUnavailableError } from '../../core/llm/client.ts';
import { createLlmClient } from '../../core/llm/create-client.ts';
import { costOf, parsePrices } from '../../core/llm/prices.ts';
import { readModelJson } from '../../core/llm/tolerant-json.ts';
import { startFakeLlm, type Script } from '../../harness/fake-llm.ts';

/** The model client against a local OpenAI-compatible server: the real SDK, real parsing, scripted failures. */

const Answer = z.strictObject({ city: z.string(), population: z.number().nullable() });
const kOslo = { city: 'Oslo', population: 709_000 };

async function withClient(script: Script, env: Record<string, string>, fn: (ctx: Awaited<ReturnType<typeof setup>>) => Promise<void>): Promise<void> {
  const ctx = await setup(script, env);
  try {
    await fn(ctx);
  } finally {
    await ctx.server.close();
    await fs.rm(ctx.dir, { recursive: true, force: true });
  }
}

async function setup(script: Script, env: Record<string, string>) {
  const server = await startFakeLlm(script);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bu-llm-'));
  const logFile = path.join(dir, 'llm', 'run-1.jsonl');
  const client = await createLlmClient({
    env: { OPENAI_BASE_URL: server.url, OPENAI_API_KEY: 'test', BU_MODEL: 'fake-model', ...env }, logFile, redact: (text) => text.replaceAll('hunter22', '{{secret:pw}}'),
  });
  const ask = () => client.complete({ purpose: 'test', messages: [{ role: 'system', content: 'Answer about a city.' }, { role: 'user', content: 'Capital of Norway?' }], schema: Answer, schemaName: 'city' });
  const lines = async () => parseJsonLines(LlmCallLine, await fs.readFile(logFile, 'utf8'), logFile);
  return { server, dir, logFile, client, ask, lines };
}

test('structured output: json_schema response_format, usage, cost and one log line per call', async () => {
  await withClient([{ json: kOslo }], { BU_PRICES: '{"fake-model":{"input":1,"output":2}}' }, async ({ server, client, ask, lines }) => {
    const result = await ask();
    expect(result).toMatchObject({ ok: true, value: kOslo });
    expect(server.requests[0]!.responseFormat).toBe('json_schema');
    const body = JSON.parse(server.requests[0]!.raw);
    expect(body.response_format.json_schema.strict).toBe(true);
    const [line] = await lines();
    expect(line).toMatchObject({ purpose: 'test', model: 'fake-model', error: null, response: kOslo });
    expect(line!.promptHash).toMatch(/^sha256:[0-9a-f]{32}$/);
    expect(JSON.stringify(line)).not.toContain('Capital of Norway');
    expect(client.usage.calls).toBe(1);
    expect(client.usage.tokensIn).toBeGreaterThan(0);
    expect(client.usage.cost).toBeCloseTo((line!.tokensIn * 1 + line!.tokensOut * 2) / 1e6, 12);
  });
});

test('malformed JSON is re-asked once, quoting the error; a schema violation too', async () => {
  await withClient([{ content: '{"city": "Oslo", "population": ' }, { json: kOslo }, { json: { city: 'Oslo' } }, { json: kOslo }], {}, async ({ server, ask, lines }) => {
    expect(await ask()).toMatchObject({ ok: true, value: kOslo });
    const repair = server.requests[1]!.messages;
    expect(repair.at(-2)).toMatchObject({ role: 'assistant', content: '{"city": "Oslo", "population": ' });
    expect(repair.at(-1)!.content).toContain('not valid JSON');
    expect(await ask()).toMatchObject({ ok: true, value: kOslo });
    expect(server.requests[3]!.messages.at(-1)!.content).toContain('population');
    const logged = await lines();
    expect(logged.map((l) => l.purpose)).toEqual(['test', 'test:repair', 'test', 'test:repair']);
    expect(logged[0]!.error).toContain('not valid JSON');
    expect(logged[0]!.response).toBe('{"city": "Oslo", "population": ');
  });
});

test('a second unusable answer is a result, not a crash', async () => {
  await withClient([{ content: 'I cannot answer that.' }, { json: { town: 'Oslo' } }], {}, async ({ ask }) => {
    const result = await ask();
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toContain('city');
  });
});

test('429 waits Retry-After, 500 backs off, a timeout is retried', async () => {
  await withClient(
    [{ status: 429, retryAfter: 1 }, { status: 500 }, { json: kOslo, delayMs: 2_500 }, { json: kOslo }],
    { BU_LLM_TIMEOUT_MS: '1000' },
    async ({ server, ask, lines }) => {
      expect(await ask()).toMatchObject({ ok: true, value: kOslo });
      expect(server.requests).toHaveLength(4);
      expect(server.requests[1]!.at - server.requests[0]!.at).toBeGreaterThanOrEqual(950);
      const logged = await lines();
      expect(logged.map((l) => l.error === null)).toEqual([false, false, false, true]);
      expect(logged[0]!.error).toContain('429');
      expect(logged[2]!.error).toContain('in time');
    },
  );
});

test('retries are bounded; then the fallback model answers', async () => {
  // Retry-After: 0 lets the retries come at once; the pause between them is the test above's.
  const failed = (status: number) => Array.from({ length: 4 }, () => ({ status, retryAfter: 0 }));
  await withClient([...failed(503), { json: kOslo }], { BU_FALLBACK_MODEL: 'backup-model' }, async ({ server, ask }) => {
    expect(await ask()).toMatchObject({ ok: true });
    expect(server.requests.map((r) => r.model)).toEqual(['fake-model', 'fake-model', 'fake-model', 'fake-model', 'backup-model']);
  });
  await withClient(failed(500), {}, async ({ server, ask }) => {
    await expect(ask()).rejects.toThrow(ModelUnavailableError);
    expect(server.requests).toHaveLength(4);
  });
});

test('a server without structured output: json_object, then prompt-only with the schema in the prompt', async () => {
  await withClient([{ status: 400, message: 'response_format json_schema unsupported' }, { status: 400 }, { content: 'Here you go:\n```json\n{"city":"Oslo","population":null}\n```\nAnything else?' }], {}, async ({ server, ask }) => {
    expect(await ask()).toMatchObject({ ok: true, value: { city: 'Oslo', population: null } });
    expect(server.requests.map((r) => r.responseFormat)).toEqual(['json_schema', 'json_object', null]);
    expect(server.requests[2]!.messages[0]!.content).toContain('JSON schema');
  });
});

test('the log never holds a secret, even when the model echoes one', async () => {
  await withClient([{ json: { city: 'hunter22', population: null } }], {}, async ({ ask, logFile }) => {
    await ask();
    const text = await fs.readFile(logFile, 'utf8');
    expect(text).not.toContain('hunter22');
    expect(text).toContain('{{secret:pw}}');
  });
});

test('tolerant JSON reading and the price table', () => {
  expect(readModelJson('{"a":1}')).toEqual({ ok: true, value: { a: 1 } });
  expect(readModelJson('```json\n{"a":1}\n```')).toEqual({ ok: true, value: { a: 1 } });
  expect(readModelJson('Sure: {"a":"}"} trailing')).toEqual({ ok: true, value: { a: '}' } });
  expect(readModelJson('nothing here').ok).toBe(false);
  expect(readModelJson('').ok).toBe(false);
  const prices = parsePrices('{"mine":{"input":3,"output":4}}');
  expect(costOf(prices, 'mine', 1_000_000, 1_000_000)).toBe(7);
  expect(costOf(prices, 'gpt-4o-mini-2024-07-18', 1_000_000, 0)).toBe(0.15);
  expect(costOf(prices, 'unknown-model', 5_000, 5_000)).toBe(0);
  expect(() => parsePrices('{"x":{"input":"cheap"}}')).toThrow(/BU_PRICES/);
});
