import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '../support/fixtures.ts';
import { kDefaultModel } from '../../core/llm/config.ts';
import { countTokens, requestSequence, requestTokens, sharedPrefix } from '../../core/llm/tokens.ts';
import { createReplayFallback } from '../../commands/replay-fallback.ts';
import { parseJsonLines } from '../../core/io/read.ts';
import { LlmCallLine } from '../../core/schema/logs.ts';
import { OpenAINamer } from '../../generate/llm/openai-namer.ts';
import { startFakeLlm } from '../../harness/fake-llm.ts';

/**
 * One model client for capture, generate and `--fallback llm`: the same default model, the same
 * retries (a 429 is ridden out by every one of them), the same call log. And token counts from
 * the real tokenizer, not characters / 4.
 */

test('the tokenizer counts real o200k tokens, the schema included, and finds shared prefixes', () => {
  expect(countTokens('hello world')).toBe(2);
  expect(countTokens('')).toBe(0);
  // An element list is denser than four characters a token would say.
  const list = '[12]button "Save" [13]link "Products" href=/products';
  expect(countTokens(list)).not.toBe(Math.ceil(list.length / 4));
  const messages = [{ role: 'system', content: 'You drive a browser.' }, { role: 'user', content: 'Step 1' }];
  const schema = JSON.stringify({ type: 'object', properties: { action: { type: 'string' } } });
  expect(requestTokens(messages, schema)).toBe(requestTokens(messages) + countTokens(schema));
  const a = requestSequence(messages, schema);
  const b = requestSequence([messages[0]!, { role: 'user', content: 'Step 2' }], schema);
  const shared = sharedPrefix(a, b);
  expect(shared).toBeGreaterThan(countTokens(schema));
  expect(shared).toBeLessThan(a.length);
});

test('generate and --fallback llm use the one client: default model, retries after a 429, one log format', async () => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bu-one-client-'));
  const llm = await startFakeLlm([
    { status: 429, retryAfter: 0 },
    { json: { candidate: 1, reason: 'same control, reworded' } },
    { status: 503, retryAfter: 0 },
    { json: { pages: [], flows: [] } },
  ]);
  try {
    const env = { OPENAI_BASE_URL: llm.url, OPENAI_API_KEY: 'test' };
    const logFile = path.join(dir, 'llm', 'replay.jsonl');
    const fallback = createReplayFallback({ env, logFile });
    const candidate = { role: 'button', name: 'Save', tag: 'button', text: null, landmarks: [], nearbyHeading: null, attributes: {} };
    const answer = await fallback.pick({
      action: 'click', params: {}, recorded: { ...candidate, locator: null }, page: { url: 'http://x/', title: 'x' }, failure: 'ambiguous',
      candidates: [{ index: 0, ...candidate }, { index: 1, ...candidate, name: 'Save changes' }],
    });
    expect(answer).toEqual({ candidate: 1, reason: 'same control, reworded' });

    const namerLog = path.join(dir, 'llm', 'generate.jsonl');
    const namer = new OpenAINamer({ env, cacheDir: path.join(dir, 'cache'), logFile: namerLog });
    const names = await namer.propose({ pages: [], edges: [], flows: [] } as never, { pages: new Map(), flows: new Map() } as never);
    expect(names).toEqual({ pages: [], flows: [] });

    expect(llm.requests.map((r) => r.model)).toEqual([kDefaultModel, kDefaultModel, kDefaultModel, kDefaultModel]);
    const heal = parseJsonLines(LlmCallLine, await fs.readFile(logFile, 'utf8'), logFile);
    expect(heal.map((line) => [line.purpose, line.error === null])).toEqual([['replay-fallback', false], ['replay-fallback', true]]);
    const generate = parseJsonLines(LlmCallLine, await fs.readFile(namerLog, 'utf8'), namerLog);
    expect(generate.map((line) => [line.purpose, line.error === null])).toEqual([['generate-names', false], ['generate-names', true]]);
  } finally {
    await llm.close();
    await fs.rm(dir, { recursive: true, force: true });
  }
});
