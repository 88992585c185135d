import { expect, test } from '../support/fixtures.ts';
import { elementIndex, startFakeLlm, step, type RecordedRequest } from '../../harness/fake-llm.ts';
import { kSiteToken, sessionIdOf, useHarness } from '../../harness/sites/agent-site.ts';

/** The agent's guards end to end: loops, budgets, failures, invalid actions, secrets. */

const h = useHarness();

const kTask = ['--instruction', 'List all products', '--format', 'txt'];

test('the same action on an unchanged page is nudged, then stopped with maxLoopHits', async () => {
  const llm = await startFakeLlm((req) => step({ click: { index: elementIndex(req, 'button', 'Refresh') } }));
  const result = await h.ws.run(['capture', 'run', '--url', h.site.url, ...kTask, '--max-failures', '10'], llm);
  await llm.close();
  expect(result.code, result.stderr).toBe(0);
  const id = sessionIdOf(result);
  expect(await h.ws.runEntry(id)).toMatchObject({ terminationReason: 'maxLoopHits', steps: 1 });
  // One click ran; two repeats were nudged; the third repeat ended the run.
  expect(llm.requests).toHaveLength(4);
  expect(llm.requests[2]!.messages[1]!.content).toContain('Do something different');
  const reasoning = await h.ws.reasoning(id);
  expect(reasoning.filter((l) => l.text.startsWith('repeated action on an unchanged page'))).toHaveLength(3);
});

test('a token budget is honoured: the run stops before the call that would pass it', async () => {
  const llm = await startFakeLlm((req) => step({ navigate: { url: req.messages[1]!.content.includes('Tab 0: "Products"') ? h.site.url : `${h.site.url}products` } }));
  const maxTokens = 5_000;
  const result = await h.ws.run(['capture', 'run', '--url', h.site.url, ...kTask, '--max-tokens', String(maxTokens)], llm);
  await llm.close();
  expect(result.code, result.stderr).toBe(0);
  const id = sessionIdOf(result);
  const entry = await h.ws.runEntry(id);
  expect(entry.terminationReason).toBe('maxSteps');
  expect(entry.usage!.calls).toBeGreaterThanOrEqual(1);
  expect(entry.usage!.tokensIn + entry.usage!.tokensOut).toBeLessThanOrEqual(maxTokens);
  expect((await h.ws.reasoning(id)).some((l) => l.text.includes('token budget'))).toBe(true);
});

test('unknown actions, bad indexes and self-judged failures count as failures and are fed back', async () => {
  const llm = await startFakeLlm([
    step({ fly: { to: 'moon' } }),
    step({ click: { index: 99 } }),
    step({ wait: { seconds: 0 } }),
    step({ scroll: { down: true } }, { evaluation: 'Failure: the page did not change' }),
  ]);
  const result = await h.ws.run(['capture', 'run', '--url', h.site.url, ...kTask], llm);
  await llm.close();
  expect(result.code).toBe(1);
  const id = sessionIdOf(result);
  expect(await h.ws.runEntry(id)).toMatchObject({ terminationReason: 'error', steps: 1 });
  const userText = (req: RecordedRequest) => req.messages[1]!.content;
  expect(userText(llm.requests[1]!)).toContain('unknown action "fly"');
  expect(userText(llm.requests[2]!)).toContain('index 99 is not in the element list');
  const errors = (await h.ws.reasoning(id)).filter((l) => l.kind === 'error').map((l) => l.text);
  expect(errors.some((text) => text.includes('3 consecutive failed steps'))).toBe(true);
});

test('a secret reaches the model only as {{secret:NAME}}, never as its value', async () => {
  const llm = await startFakeLlm([
    (req) => step({ input: { index: elementIndex(req, 'textbox', 'Access token'), text: '{{secret:token}}' } }),
    step({ done: { text: 'saved the token', success: true } }),
  ]);
  const result = await h.ws.run(['capture', 'run', '--url', h.site.url, ...kTask, '--secret', 'token', '--no-finish-check'], llm, { BU_SECRET_TOKEN: kSiteToken });
  await llm.close();
  expect(result.code, result.stderr).toBe(0);
  expect(llm.requests.length).toBe(2);
  for (const request of llm.requests) {
    expect(request.raw).not.toContain(kSiteToken);
    expect(request.raw).not.toContain(JSON.stringify(kSiteToken).slice(1, -1));
  }
  // The token shown on the page arrived redacted, and the system prompt told the model how to use it.
  expect(llm.requests[0]!.messages[1]!.content).toContain('{{secret:token}}');
  expect(llm.requests[0]!.messages[0]!.content).toContain('{{secret:token}}');
  const id = sessionIdOf(result);
  expect(JSON.stringify(await h.ws.llmLines(id))).not.toContain(kSiteToken);
});
