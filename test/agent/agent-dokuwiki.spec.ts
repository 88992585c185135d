import fs from 'node:fs/promises';
import { expect, test } from '../support/fixtures.ts';
import { outputPaths } from '../../core/paths.ts';
import { kMinObserveBudget } from '../../capture/agent/agent-policy.ts';
import { History } from '../../core/schema/history.ts';
import { dokuwikiUnavailable, startDokuWiki } from '../../harness/apps/dokuwiki-install.ts';
import { startFakeLlm, verdict } from '../../harness/fake-llm.ts';
import { agentStep, byKind, listedIndex, promptKind, sentTokens, userText } from '../../harness/sites/long-site.ts';
import { sessionIdOf, useHarness } from '../../harness/sites/agent-site.ts';
import { needRealApp } from '../support/real-app-required.ts';

/**
 * The agent's long-task machinery on a real application we did not write (Debian's DokuWiki):
 * subtasks planned, checked and completed, every prompt under the smallest --observe-budget
 * (pages over it read in parts), and the click on the wiki's own link landing where it leads.
 */

const unavailable = dokuwikiUnavailable();
needRealApp(unavailable && `DokuWiki cannot run here: ${unavailable}`);

const h = useHarness({
  start: async () => {
    const wiki = await startDokuWiki();
    return { url: wiki.url, close: wiki.close };
  },
});
const kBudget = kMinObserveBudget;

test('on DokuWiki: subtasks, prompts under the observe budget, and a click on the wiki link lands on its page', async () => {
  const faqLink = /link "faq"/i;
  const llm = await startFakeLlm(byKind({
    plan: [{ json: { subtasks: ['Open the FAQ page', 'Read its first question'], reflection: 'Fine as it is.', revised: null } }],
    step: Array.from({ length: 12 }, () => (request: Parameters<typeof userText>[0]) => {
      const text = userText(request);
      if (/Tab 0: "faq/i.test(text)) return agentStep({ done: { text: 'The first question is "Why?".', success: true } }, { subtaskDone: true });
      const link = listedIndex(request, faqLink);
      if (link !== null) return agentStep({ click: { index: link } }, { subtaskDone: true, goal: 'open the FAQ' });
      if (/Part \d+ of \d+ of the page/.test(text)) return agentStep([], { observe: 'next_chunk' });
      throw new Error(`no FAQ link in the page:\n${text}`);
    }),
    check: [{ json: { complete: true, reason: 'The FAQ page is open.' } }, { json: { complete: true, reason: 'The question was read.' } }],
    finish: [verdict(true)],
  }));
  const result = await h.ws.run(['capture', 'run', '--url', h.site.url, '--instruction', 'What is the first question on the FAQ page?', '--format', 'txt', '--subtasks', '--observe-budget', String(kBudget), '--max-steps', '6'], llm);
  await llm.close();
  expect(result.code, result.stderr).toBe(0);
  const id = sessionIdOf(result);
  for (const request of llm.requests) expect(sentTokens(request)).toBeLessThanOrEqual(kBudget);
  const steps = llm.requests.filter((r) => promptKind(r) === 'step');
  for (const request of steps) expect(userText(request)).toContain('<subtasks>');

  const history = History.parse(JSON.parse(await fs.readFile(outputPaths(h.ws.output).history(id), 'utf8')));
  const click = history.steps.find((s) => s.action === 'click')!;
  expect(click.fingerprint?.name.toLowerCase()).toBe('faq');
  expect(click.post.url).toMatch(/id=faq/);
  expect(history.subtasks?.map((s) => [s.text, s.status])).toEqual([['Open the FAQ page', 'done'], ['Read its first question', 'current']]);
});
