import fs from 'node:fs/promises';
import { expect, test } from '../support/fixtures.ts';
import { History } from '../../core/schema/history.ts';
import { outputPaths } from '../../core/paths.ts';
import { startFakeLlm, step, verdict } from '../../harness/fake-llm.ts';
import { sessionIdOf, useHarness } from '../../harness/sites/agent-site.ts';

/** `bu capture run` end to end: real CLI, real Chromium, real openai client, scripted model. */

const h = useHarness();

const kCsv = 'name,price\nKettle,25\nToaster,40\nMixer,90';

test('run --format csv writes the result, records usage, and --llm-replay reproduces it without a model', async () => {
  const llm = await startFakeLlm([
    () => step({ navigate: { url: `${h.site.url}products` } }, { goal: 'open the products page' }),
    step({ done: { text: kCsv, success: true } }, { memory: 'read 3 products' }),
    verdict(true),
  ]);
  const result = await h.ws.run(['capture', 'run', '--url', h.site.url, '--instruction', 'List all products with their price', '--format', 'csv'], llm);
  await llm.close();
  expect(result.code, result.stderr).toBe(0);
  const id = sessionIdOf(result);
  expect(id).toMatch(/^run-\d+$/);
  expect(result.json).toMatchObject({ terminationReason: 'done' });
  const paths = outputPaths(h.ws.output);
  expect(await fs.readFile(paths.result(id, 'csv'), 'utf8')).toBe(kCsv + '\n');
  const entry = await h.ws.runEntry(id);
  expect(entry).toMatchObject({ command: 'run', terminationReason: 'done', format: 'csv', recordsExtracted: 3, instruction: 'List all products with their price' });
  expect(entry.usage).toMatchObject({ calls: 3 });
  expect(entry.usage!.tokensIn).toBeGreaterThan(0);
  expect(entry.artifacts).toMatchObject({ llm: paths.llmLog(id), result: paths.result(id, 'csv') });
  const lines = await h.ws.llmLines(id);
  expect(lines.map((l) => l.purpose)).toEqual(['agent.step', 'agent.step', 'agent.finish-check']);
  const reasoning = await h.ws.reasoning(id);
  expect(reasoning.some((l) => l.kind === 'decision' && l.text.startsWith('finish check: accepted'))).toBe(true);
  // The step prompt carried the page, the task and the action list; requests asked for strict structured output.
  expect(llm.requests[0]!.responseFormat).toBe('json_schema');
  expect(llm.requests[1]!.messages[1]!.content).toContain('Kettle');
  expect(llm.requests[1]!.messages[1]!.content).toContain('step 1: evaluation');

  // Replay: no server at all, the same answers in the same order.
  const replay = await h.ws.run(['capture', 'run', '--url', h.site.url, '--instruction', 'List all products with their price', '--format', 'csv', '--llm-replay', paths.llmLog(id)], null);
  expect(replay.code, replay.stderr).toBe(0);
  const replayId = sessionIdOf(replay);
  expect(await fs.readFile(paths.result(replayId, 'csv'), 'utf8')).toBe(kCsv + '\n');
  const steps = async (sid: string) => History.parse(JSON.parse(await fs.readFile(paths.history(sid), 'utf8'))).steps.map((s) => [s.action, s.params]);
  expect(await steps(replayId)).toEqual(await steps(id));
  expect((await h.ws.runEntry(replayId)).usage).toEqual(entry.usage);
});

test('run --format json: malformed JSON and a schema violation are repaired, an invalid result and a rejected done continue the run', async () => {
  const json = [{ name: 'Kettle', price: 25 }, { name: 'Toaster', price: 40 }, { name: 'Mixer', price: 90 }];
  const llm = await startFakeLlm([
    { content: '{"thinking": null, "evaluation_previous_goal": "Unknown", "memory": "", "next_goal": "go", "action": [{"click": ' },
    () => step({ navigate: { url: `${h.site.url}products` } }),
    { json: { thinking: null, memory: 'on products', action: [{ done: { text: 'x' } }] } },
    step({ done: { text: 'Kettle 25, Toaster 40, Mixer 90', success: true } }),
    step({ done: { text: '{"status": "I will now read the products"}', success: true } }),
    verdict(false, 'it is a promise, not the list.'),
    step({ done: { text: JSON.stringify(json), success: true } }),
    verdict(true),
  ]);
  const result = await h.ws.run(['capture', 'run', '--url', h.site.url, '--instruction', 'List all products with their price', '--format', 'json', '--max-failures', '5'], llm);
  await llm.close();
  expect(result.code, result.stderr).toBe(0);
  const id = sessionIdOf(result);
  const paths = outputPaths(h.ws.output);
  expect(JSON.parse(await fs.readFile(paths.result(id, 'json'), 'utf8'))).toEqual(json);
  expect(await h.ws.runEntry(id)).toMatchObject({ terminationReason: 'done', format: 'json', recordsExtracted: 3 });
  expect(llm.remaining()).toBe(0);
  // The repair re-asks quoted what was wrong.
  expect(llm.requests[1]!.messages.at(-1)!.content).toContain('not valid JSON');
  expect(llm.requests[3]!.messages.at(-1)!.content).toMatch(/evaluation_previous_goal|next_goal/);
  // The invalid result and the finish check's verdict were fed back to the model.
  expect(llm.requests[4]!.messages[1]!.content).toContain('not valid JSON');
  expect(llm.requests[6]!.messages[1]!.content).toContain('rejected by the finish check: it is a promise');
  const reasoning = await h.ws.reasoning(id);
  expect(reasoning.filter((l) => l.text.startsWith('finish check:')).map((l) => l.text.split(':')[1]!.trim())).toEqual(['rejected', 'accepted']);
});

test('run --format markdown and txt are written as the done text says', async () => {
  for (const [format, text, records] of [['markdown', '| Name | Price |\n|---|---|\n| Kettle | 25 |\n| Toaster | 40 |', 2], ['txt', 'Kettle 25\nToaster 40\nMixer 90', 3]] as const) {
    const llm = await startFakeLlm([step({ done: { text, success: true } })]);
    const result = await h.ws.run(['capture', 'run', '--url', h.site.url, '--instruction', 'List products', '--format', format, '--no-finish-check'], llm);
    await llm.close();
    expect(result.code, result.stderr).toBe(0);
    const id = sessionIdOf(result);
    expect(await fs.readFile(outputPaths(h.ws.output).result(id, format), 'utf8')).toBe(text + '\n');
    expect(await h.ws.runEntry(id)).toMatchObject({ format, recordsExtracted: records });
  }
});
