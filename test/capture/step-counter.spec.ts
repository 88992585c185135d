import fs from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '../support/fixtures.ts';
import { History } from '../../core/schema/history.ts';
import { outputPaths } from '../../core/paths.ts';
import type { CliResult } from '../../harness/cli.ts';
import { startFakeLlm, step, verdict } from '../../harness/fake-llm.ts';
import { sessionIdOf, useHarness, type Harness } from '../../harness/sites/agent-site.ts';

/**
 * One step counter for every policy: a step is one action of the history. The `step N/M` progress
 * lines, `--max-steps` M, the history, the run entry and extract's steps agree, also when a turn
 * runs several actions and when the budget ends a run.
 */

const h = useHarness();

/** The step numbers the progress lines show, each line once (`step 4/9 ...`, `step 4-6/9 ...` for a skill). */
function progressNumbers(stderr: string, max: number): number[] {
  const numbers: number[] = [];
  for (const match of stderr.matchAll(/^step (\d+)(?:-(\d+))?\/(\d+) /gm)) {
    expect(Number(match[3]), match[0]).toBe(max);
    for (let n = Number(match[1]); n <= Number(match[2] ?? match[1]); n++) numbers.push(n);
  }
  return numbers;
}

async function expectCountersAgree(harness: Harness, run: CliResult, max: number): Promise<number> {
  expect(run.code === 0 || run.code === 1, run.stderr).toBe(true);
  const id = sessionIdOf(run);
  const paths = outputPaths(harness.ws.output);
  const history = History.parse(JSON.parse(await fs.readFile(paths.history(id), 'utf8')));
  const count = history.steps.length;
  expect(count).toBeGreaterThan(0);
  expect(count).toBeLessThanOrEqual(max);
  expect(run.stderr).toContain(`at most ${max} steps`);
  expect(progressNumbers(run.stderr, max)).toEqual(history.steps.map((_, i) => i + 1));
  expect(run.json?.steps).toBe(count);
  expect((await harness.ws.runEntry(id)).steps).toBe(count);
  const extracted = await harness.ws.run(['extract', id], null);
  expect(extracted.code, extracted.stderr).toBe(0);
  expect(extracted.json?.counts).toMatchObject({ steps: count });
  const steps = (await fs.readFile(path.join(paths.extractDir(id), 'steps.jsonl'), 'utf8')).trim().split('\n').map((line) => JSON.parse(line) as { step: number; title: string });
  expect(steps.map((s) => s.step)).toEqual(history.steps.map((_, i) => i + 1));
  for (const [i, s] of steps.entries()) expect(s.title).toMatch(new RegExp(`^bu step ${i + 1}: ${history.steps[i]!.action}\\b`));
  return count;
}

test('a plan: N plan steps are N steps, and the run ends done after the last one', async () => {
  const plan = {
    version: 1,
    steps: [{ scroll: { down: true } }, { input: { target: 'css=#token', text: 'abc' } }, { click: { target: { role: 'button', name: 'Save' } } }, { navigate: { url: `${h.site.url}products` } }],
  };
  await fs.writeFile(path.join(h.ws.dir, 'plan.json'), JSON.stringify(plan));
  const run = await h.ws.run(['capture', 'script', '--plan', 'plan.json', '--url', h.site.url], null);
  expect(run.json).toMatchObject({ terminationReason: 'done' });
  expect(await expectCountersAgree(h, run, 4)).toBe(4);

  const cut = await h.ws.run(['capture', 'script', '--plan', 'plan.json', '--url', h.site.url, '--max-steps', '2'], null);
  expect(cut.json).toMatchObject({ terminationReason: 'maxSteps', text: 'stopped after 2 step(s): the budget of 2 (--max-steps) is spent' });
  expect(await expectCountersAgree(h, cut, 2)).toBe(2);
});

test('the crawler: one step per action, forms included, and the budget is steps', async () => {
  const run = await h.ws.run(['capture', 'explore', '--url', h.site.url, '--max-steps', '5', '--policy', 'crawler'], null);
  expect(run.code, run.stderr).toBe(0);
  expect(await expectCountersAgree(h, run, 5)).toBe(5);
  expect(run.json).toMatchObject({ terminationReason: 'maxSteps' });
});

test('the agent: several actions of one answer are several steps; the budget cuts a turn short', async () => {
  const llm = await startFakeLlm([
    step([{ scroll: { down: true } }, { wait: { seconds: 0 } }]),
    () => step({ navigate: { url: `${h.site.url}products` } }),
    step([{ scroll: { down: false } }, { wait: { seconds: 0 } }]),
    step({ done: { text: 'Kettle 25', success: true } }),
    verdict(true),
  ]);
  const run = await h.ws.run(['capture', 'run', '--url', h.site.url, '--instruction', 'Read the first product', '--max-steps', '9'], llm);
  await llm.close();
  expect(run.json, run.stderr).toMatchObject({ terminationReason: 'done' });
  expect(await expectCountersAgree(h, run, 9)).toBe(6);
  // The model is told the step its turn starts at.
  expect(llm.requests.filter((r) => r.messages.some((m) => m.content.includes('<step>'))).map((r) => /Step (\d+) of at most 9/.exec(r.messages.map((m) => m.content).join('\n'))?.[1])).toEqual(['1', '3', '4', '6']);

  const short = await startFakeLlm([
    step([{ scroll: { down: true } }, { wait: { seconds: 0 } }]),
    step([{ scroll: { down: false } }, { wait: { seconds: 0 } }]),
  ]);
  const cut = await h.ws.run(['capture', 'run', '--url', h.site.url, '--instruction', 'Read the first product', '--max-steps', '3'], short);
  await short.close();
  expect(cut.json).toMatchObject({ terminationReason: 'maxSteps' });
  expect(await expectCountersAgree(h, cut, 3)).toBe(3);
});
