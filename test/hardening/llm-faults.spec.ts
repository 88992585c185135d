import fs from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '../support/fixtures.ts';
import { step, startFakeLlm } from '../../harness/fake-llm.ts';
import { sessionIdOf, useHarness } from '../../harness/sites/agent-site.ts';

/**
 * Model faults the agent tests do not already cover (test/agent covers malformed and
 * schema-violating answers, unknown actions, bad indexes, 429/500/timeouts in the client, loops
 * and budgets): a model that never calls done, one whose every answer is truncated, one whose
 * server always fails, and one that asks for files outside the session. Each run ends with the
 * right terminationReason after a bounded number of calls, and nothing crashes.
 */

const h = useHarness();

const kTask = ['--instruction', 'List all products with their price', '--no-finish-check'];

function noCrash(stderr: string): void {
  expect(stderr).not.toMatch(/unexpected error|\n\s+at /);
}

test('a model that never calls done stops at --max-steps', async () => {
  // A different page each step, so no loop guard ends the run first.
  const llm = await startFakeLlm((_req, i) => step({ navigate: { url: `${h.site.url}products?page=${i}` } }));
  const result = await h.ws.run(['capture', 'run', '--url', h.site.url, ...kTask, '--max-steps', '3'], llm);
  await llm.close();
  expect(result.code, result.stderr).toBe(0);
  noCrash(result.stderr);
  expect(await h.ws.runEntry(sessionIdOf(result))).toMatchObject({ terminationReason: 'maxSteps', steps: 3 });
  expect(llm.requests).toHaveLength(3);
});

test('every answer truncated: one repair per step, then the run ends as an error', async () => {
  const llm = await startFakeLlm(() => ({ content: '{"thinking": null, "evaluation_previous_goal": "ok", "action": [{"navigate": {"url": "ht' }));
  const result = await h.ws.run(['capture', 'run', '--url', h.site.url, ...kTask, '--max-failures', '2'], llm);
  await llm.close();
  expect(result.code).toBe(1);
  noCrash(result.stderr);
  expect(await h.ws.runEntry(sessionIdOf(result))).toMatchObject({ terminationReason: 'error' });
  // Two failed steps, each asked once and repaired once (and maybe once more in another mode): bounded.
  expect(llm.requests.length).toBeGreaterThanOrEqual(4);
  expect(llm.requests.length).toBeLessThanOrEqual(12);
});

test('a server that always fails: bounded retries, then the run ends as an error', async () => {
  // Retry-After: 0: the bound is reached without the client's pauses (test/agent/llm-client.spec.ts covers those).
  const llm = await startFakeLlm(() => ({ status: 500, retryAfter: 0, message: 'boom' }));
  const result = await h.ws.run(['capture', 'run', '--url', h.site.url, ...kTask, '--max-failures', '2'], llm);
  await llm.close();
  expect(result.code).toBe(1);
  noCrash(result.stderr);
  expect(await h.ws.runEntry(sessionIdOf(result))).toMatchObject({ terminationReason: 'error' });
  expect(llm.requests.length).toBeLessThanOrEqual(8);
});

test('file actions outside the session files are refused and fed back; nothing is written or read there', async () => {
  const llm = await startFakeLlm([
    step({ write_file: { fileName: '../../escape.txt', content: 'x' } }),
    step({ read_file: { fileName: '/etc/passwd' } }),
    step({ replace_file: { fileName: '../../../escape.txt', oldStr: 'a', newStr: 'b' } }),
    step({ write_file: { fileName: 'notes/ok.txt', content: 'inside' } }),
    step({ done: { text: 'done', success: true } }),
  ]);
  const result = await h.ws.run(['capture', 'run', '--url', h.site.url, ...kTask, '--max-failures', '5'], llm);
  await llm.close();
  noCrash(result.stderr);
  expect(result.code, result.stderr).toBe(0);
  const feedback = llm.requests.map((r) => r.messages[1]!.content).join('\n');
  expect(feedback).toContain('is outside the session files');
  expect(feedback).not.toMatch(/root:x?:0:0/);
  const escaped = [path.join(h.ws.dir, 'escape.txt'), path.join(h.ws.output, 'escape.txt'), path.join(path.dirname(h.ws.dir), 'escape.txt')];
  for (const file of escaped) await expect(fs.access(file), file).rejects.toThrow();
  const written = (await fs.readdir(h.ws.output, { recursive: true })).filter((f) => f.endsWith('ok.txt'));
  expect(written).toHaveLength(1);
});
