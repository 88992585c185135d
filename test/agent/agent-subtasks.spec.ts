import fs from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '../support/fixtures.ts';
import { outputPaths } from '../../core/paths.ts';
import { History } from '../../core/schema/history.ts';
import { startFakeLlm, verdict } from '../../harness/fake-llm.ts';
import { agentStep, byKind, listedIndex, promptKind, startLongSite, userText } from '../../harness/sites/long-site.ts';
import { sessionIdOf, useHarness } from '../../harness/sites/agent-site.ts';

/**
 * Subtasks: the model splits the task (and reflects once), works through the list, a check
 * finds the current subtask not complete once and the list is revised, then the check finds it
 * complete and the next one becomes current. The list is in every step prompt, the plan entries
 * in the reasoning log, the subtasks in the history and the report's timeline.
 */

const h = useHarness({ start: startLongSite });

test('decomposition, a check that finds the subtask incomplete and a revision, then completion; logged, recorded, reported', async () => {
  const llm = await startFakeLlm(byKind({
    plan: [{ json: { subtasks: ['Open the products page', 'Read the price of the Mixer'], reflection: 'Both needed, in this order.', revised: null } }],
    step: [
      (request) => agentStep({ click: { index: listedIndex(request, /link "Products"/)! } }, { subtaskDone: true, goal: 'open products' }),
      agentStep({ extract: { query: 'product prices' } }, { subtaskDone: true, goal: 'list the products' }),
      agentStep({ done: { text: 'The Mixer costs 90.', success: true } }, { subtaskDone: true }),
    ],
    check: [
      { json: { complete: false, reason: 'The products table was not read yet.' } },
      { json: { complete: true, reason: 'The products and prices are listed.' } },
    ],
    revise: [{ json: { subtasks: ['List the products with their prices', 'Read the price of the Mixer'], reason: 'The page opened; its table must be read first.' } }],
    finish: [verdict(true)],
  }));
  const result = await h.ws.run(['capture', 'run', '--url', h.site.url, '--instruction', 'What does the Mixer cost?', '--format', 'txt', '--subtasks'], llm);
  await llm.close();
  expect(result.code, result.stderr).toBe(0);
  const id = sessionIdOf(result);

  // The calls in order: plan, step, check (incomplete), revision, step, check (complete), step, finish check.
  expect(llm.requests.map(promptKind)).toEqual(['plan', 'step', 'check', 'revise', 'step', 'check', 'step', 'finish']);
  const steps = llm.requests.filter((r) => promptKind(r) === 'step').map(userText);
  expect(steps[0]).toContain('<subtasks>\n1. [>] Open the products page\n2. [ ] Read the price of the Mixer\n</subtasks>');
  expect(steps[1]).toContain('<subtasks>\n1. [>] List the products with their prices\n2. [ ] Read the price of the Mixer\n</subtasks>');
  expect(steps[2]).toContain('<subtasks>\n1. [x] List the products with their prices\n2. [>] Read the price of the Mixer\n</subtasks>');
  // The check saw the page and the recent steps.
  const check = userText(llm.requests[2]!);
  expect(check).toContain('<current_subtask>\nOpen the products page');
  expect(check).toContain('# Products');

  const plans = (await h.ws.reasoning(id)).filter((line) => line.kind === 'plan').map((line) => line.text);
  expect(plans[0]).toBe('subtasks: 1. Open the products page (current); 2. Read the price of the Mixer');
  expect(plans).toContain('subtask 1 not complete: The products table was not read yet.');
  expect(plans.some((text) => text.startsWith('revised subtasks (The page opened; its table must be read first.): 1. List the products'))).toBe(true);
  expect(plans.some((text) => text.startsWith('subtask 3 complete (The products and prices are listed.); next: Read the price of the Mixer'))).toBe(true);

  const paths = outputPaths(h.ws.output);
  const history = History.parse(JSON.parse(await fs.readFile(paths.history(id), 'utf8')));
  expect(history.subtasks?.map((s) => [s.id, s.status, s.steps, s.doneAtStep])).toEqual([
    [1, 'replaced', [1], null],
    [2, 'replaced', [], null],
    [3, 'done', [2], 3],
    [4, 'current', [3], null],
  ]);

  // The report's timeline shows each step's subtask and its status.
  expect((await h.ws.run(['extract', id], null)).code).toBe(0);
  const report = await h.ws.run(['report', id], null);
  expect(report.code, report.stderr).toBe(0);
  const html = await fs.readFile(path.join(paths.reportDir(id), 'index.html'), 'utf8');
  expect(html).toContain('<b>subtask</b> Open the products page <span class="st-replaced">replaced</span>');
  expect(html).toContain('<b>subtask 1/2</b> List the products with their prices <span class="st-done">done</span>');
  expect(html).toContain('<b>subtask 2/2</b> Read the price of the Mixer <span class="st-in-progress">in progress</span>');
});
