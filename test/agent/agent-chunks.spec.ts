import fs from 'node:fs/promises';
import { expect, test } from '../support/fixtures.ts';
import { outputPaths } from '../../core/paths.ts';
import { History } from '../../core/schema/history.ts';
import { startFakeLlm, verdict } from '../../harness/fake-llm.ts';
import { agentStep, byKind, kPartsPageButtons, listedIndex, sentTokens, startLongSite, userText } from '../../harness/sites/long-site.ts';
import { sessionIdOf, useHarness } from '../../harness/sites/agent-site.ts';

/**
 * A page of 1,500 buttons is read in parts under --observe-budget: every prompt stays under the
 * budget, every element keeps its index, and a click on a button only the last part lists lands
 * on that button. make bench reads a page of 5,000 the same way (bench/agent.bench.ts).
 */

const h = useHarness({ start: startLongSite });
const kBudget = 6_000;

test('a 1,500-element page is read in parts under the budget; a click on an element of the last part lands on it', async () => {
  const parts: string[] = [];
  const llm = await startFakeLlm(byKind({
    step: Array.from({ length: 60 }, () => (request: Parameters<typeof userText>[0]) => {
        const text = userText(request);
        const part = /Part (\d+) of (\d+) of the page/.exec(text);
        if (text.includes(`Clicked Item ${kPartsPageButtons}`)) return agentStep({ done: { text: 'Clicked the last item.', success: true } });
        if (!part) throw new Error(`expected a part of the page:\n${text.slice(-2_000)}`);
        parts.push(part[0]);
        const target = listedIndex(request, new RegExp(`button "Item ${kPartsPageButtons}"`));
        if (target === null) return agentStep([], { observe: 'next_chunk', memory: `read part ${part[1]}` });
        return agentStep({ click: { index: target } }, { goal: `click Item ${kPartsPageButtons}` });
      }),
    finish: [verdict(true)],
  }));
  const result = await h.ws.run(['capture', 'run', '--url', `${h.site.url}catalogue`, '--instruction', `Click Item ${kPartsPageButtons}`, '--format', 'txt', '--observe-budget', String(kBudget), '--max-steps', '4'], llm);
  await llm.close();
  expect(result.code, result.stderr).toBe(0);
  const id = sessionIdOf(result);

  // Read in order, every part once, and the click came only at the last one.
  const total = Number(/of (\d+) of the page/.exec(parts[0]!)![1]);
  expect(total).toBeGreaterThan(5);
  expect(parts).toEqual(Array.from({ length: total }, (_, i) => `Part ${i + 1} of ${total} of the page`));
  // Only the last part lists the target; no prompt shows the whole list.
  const steps = llm.requests.filter((r) => r.messages[0]!.content.startsWith('You drive'));
  expect(steps.filter((r) => listedIndex(r, new RegExp(`button "Item ${kPartsPageButtons}"`)) !== null)).toHaveLength(1);
  for (const request of llm.requests) expect(sentTokens(request)).toBeLessThanOrEqual(kBudget);

  // The click landed on that button: the history's target and the page it left.
  const history = History.parse(JSON.parse(await fs.readFile(outputPaths(h.ws.output).history(id), 'utf8')));
  const click = history.steps.find((s) => s.action === 'click')!;
  expect(click.fingerprint?.name).toBe(`Item ${kPartsPageButtons}`);
  expect(click.post.title).toBe(`Clicked Item ${kPartsPageButtons}`);
  const reasoning = await h.ws.reasoning(id);
  expect(reasoning.some((line) => line.kind === 'observation' && line.text.includes(`${kPartsPageButtons} elements in ${total} parts`))).toBe(true);
});

test('"done_observing" stops reading; the model then acts on an index it read in an earlier part', async () => {
  let noted: number | null = null;
  const llm = await startFakeLlm(byKind({
    step: [
      (request) => {
        noted = listedIndex(request, /button "Item 3"/);
        return agentStep([], { observe: 'next_chunk', memory: `Item 3 is [${noted}]` });
      },
      () => agentStep([], { observe: 'done_observing', memory: `Item 3 is [${noted}]` }),
      (request) => {
        expect(userText(request)).toContain('You read parts 1-2 of');
        expect(userText(request)).toContain(`Item 3 is [${noted}]`);
        return agentStep({ click: { index: noted! } });
      },
      agentStep({ done: { text: 'Clicked Item 3.', success: true } }),
      agentStep({ done: { text: 'Clicked Item 3.', success: true } }),
    ],
    finish: [verdict(true)],
  }));
  const result = await h.ws.run(['capture', 'run', '--url', `${h.site.url}catalogue`, '--instruction', 'Click Item 3', '--format', 'txt', '--observe-budget', String(kBudget), '--max-steps', '3'], llm);
  await llm.close();
  expect(result.code, result.stderr).toBe(0);
  const history = History.parse(JSON.parse(await fs.readFile(outputPaths(h.ws.output).history(sessionIdOf(result)), 'utf8')));
  expect(history.steps.find((s) => s.action === 'click')?.post.title).toBe('Clicked Item 3');
});
