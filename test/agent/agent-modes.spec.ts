import { expect, test } from '../support/fixtures.ts';
import { isFinishCheck, startFakeLlm, step, verdict } from '../../harness/fake-llm.ts';
import { sessionIdOf, useHarness } from '../../harness/sites/agent-site.ts';

/** guided, investigate and explore --policy llm through the CLI; no model means exit 2. */

const h = useHarness();

test('without a model, guided, run and investigate exit 2 and say what to set', async () => {
  for (const args of [
    ['guided', '--url', h.site.url, '--intent', 'x'],
    ['run', '--url', h.site.url, '--instruction', 'x'],
    ['investigate', '--url', h.site.url, '--run', 'x', '--investigate', 'y'],
  ]) {
    const result = await h.ws.run(['capture', ...args], null);
    expect(result.code, args[0]).toBe(2);
    expect(result.stderr).toContain('no model configured: set OPENAI_BASE_URL (and OPENAI_API_KEY, BU_MODEL)');
  }
});

test('guided explores toward the intent and records it', async () => {
  const llm = await startFakeLlm([
    step({ navigate: { url: `${h.site.url}products` } }, { goal: 'see the catalogue' }),
    step({ done: { text: 'The catalogue has 3 products: Kettle, Toaster, Mixer.', success: true } }),
    verdict(true),
  ]);
  const result = await h.ws.run(['capture', 'guided', '--url', h.site.url, '--intent', 'understand the product catalogue'], llm);
  await llm.close();
  expect(result.code, result.stderr).toBe(0);
  const id = sessionIdOf(result);
  expect(id).toMatch(/^guided-\d+$/);
  expect(await h.ws.runEntry(id)).toMatchObject({ command: 'guided', intent: 'understand the product catalogue', terminationReason: 'done', pagesVisited: 2 });
  expect(llm.requests[0]!.messages[1]!.content).toContain('toward this intent: understand the product catalogue');
  const plan = (await h.ws.reasoning(id)).find((l) => l.kind === 'plan');
  expect(plan?.text).toContain('see the catalogue');
});

test('investigate runs two phases in one session', async () => {
  const llm = await startFakeLlm((req) => {
    if (isFinishCheck(req)) return verdict(true);
    const phase2 = req.messages[1]!.content.includes('Phase 2 of 2');
    return phase2
      ? step({ done: { text: 'The cheapest product is the Kettle (25).', success: true } })
      : step({ done: { text: 'Opened the shop home page.', success: true } });
  });
  const result = await h.ws.run(['capture', 'investigate', '--url', h.site.url, '--run', 'open the shop', '--investigate', 'which product is cheapest?'], llm);
  await llm.close();
  expect(result.code, result.stderr).toBe(0);
  const id = sessionIdOf(result);
  expect(id).toMatch(/^investigate-\d+$/);
  expect(result.json).toMatchObject({ terminationReason: 'done', text: 'The cheapest product is the Kettle (25).' });
  const steps = llm.requests.filter((r) => !isFinishCheck(r));
  expect(steps).toHaveLength(2);
  expect(steps[1]!.messages[1]!.content).toContain('Phase 1 result: Opened the shop home page.');
  expect((await h.ws.reasoning(id)).some((l) => l.kind === 'plan' && l.text.startsWith('phase 1 finished'))).toBe(true);
});

test('explore --policy llm uses the agent with the exploration prompt', async () => {
  const llm = await startFakeLlm([step({ done: { text: 'Pages: Shop, Products.', success: true } })]);
  const result = await h.ws.run(['capture', 'explore', '--url', h.site.url, '--policy', 'llm', '--no-finish-check', '--max-steps', '3'], llm);
  await llm.close();
  expect(result.code, result.stderr).toBe(0);
  const id = sessionIdOf(result);
  expect(id).toMatch(/^explore-\d+$/);
  expect(llm.requests[0]!.messages[1]!.content).toContain('Explore this web app');
  expect((await h.ws.runEntry(id)).usage).toMatchObject({ calls: 1 });
});
