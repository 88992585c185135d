import fs from 'node:fs/promises';
import { expect, test } from '../support/fixtures.ts';
import { startFakeLlm, verdict } from '../../harness/fake-llm.ts';
import { agentStep, byKind, listedIndex, promptKind, startLongSite, userText } from '../../harness/sites/long-site.ts';
import { sessionIdOf, useHarness } from '../../harness/sites/agent-site.ts';

/**
 * Long runs: the history is summarised by the model past --history-budget (older entries
 * replaced, the summary logged); todo.md is kept through the file actions, shown to the model
 * and listed in the artifacts; ask_element sends a close screenshot of one element to a model
 * that reads images, and refuses a model that does not.
 */

const h = useHarness({ start: startLongSite });

function history(text: string): string {
  return /<history>\n([\s\S]*?)\n<\/history>/.exec(text)?.[1] ?? '';
}

test('past the history budget the model summarises older steps; the summary replaces them and is logged', async () => {
  const pages = [1, 2, 3, 4, 5, 6].map((n) => `${h.site.url}products?page=${n}`);
  const llm = await startFakeLlm(byKind({
    step: [
      ...pages.map((url) => agentStep({ navigate: { url } }, { goal: `open ${url} and note its products and prices for the report` })),
      agentStep({ done: { text: 'Visited six pages.', success: true } }),
    ],
    summary: [{ json: { summary: 'Opened product pages 1-4; all list Kettle 25, Toaster 40, Mixer 90. Next: pages 5 and 6.' } }, { json: { summary: 'Opened pages 1-6.' } }],
    finish: [verdict(true)],
  }));
  const result = await h.ws.run(['capture', 'run', '--url', h.site.url, '--instruction', 'Open six product pages', '--format', 'txt', '--history-budget', '150', '--max-steps', '8'], llm);
  await llm.close();
  expect(result.code, result.stderr).toBe(0);
  const kinds = llm.requests.map(promptKind);
  const first = kinds.indexOf('summary');
  expect(first).toBeGreaterThan(1);
  // The step after the summary reads it instead of the folded entries; the latest two stay.
  const after = history(userText(llm.requests[first + 1]!));
  expect(after).toMatch(/^summary of steps 1-\d+: Opened product pages 1-4; all list Kettle 25/);
  expect(after).not.toMatch(/^step 1:/m);
  expect(after.split('\n').filter((line) => /^step \d+:/.test(line))).toHaveLength(2);
  // What was folded went to the model.
  expect(userText(llm.requests[first]!)).toContain('step 1: evaluation:');
  const logged = (await h.ws.reasoning(sessionIdOf(result))).filter((line) => line.text.startsWith('memory summary of steps'));
  expect(logged[0]!.text).toMatch(/^memory summary of steps 1-\d+: Opened product pages 1-4/);
});

test('todo.md is written and read through the file actions, shown as <todo>, and listed in the artifacts', async () => {
  const llm = await startFakeLlm(byKind({
    step: [
      agentStep({ write_file: { fileName: 'todo.md', content: '- [ ] open products\n- [ ] read prices\n' } }),
      (request) => agentStep([{ replace_file: { fileName: 'todo.md', oldStr: '- [ ] open products', newStr: '- [x] open products' } }, { click: { index: listedIndex(request, /link "Products"/)! } }]),
      agentStep({ read_file: { fileName: 'todo.md' } }),
      agentStep({ done: { text: 'Kettle 25, Toaster 40, Mixer 90', success: true } }),
    ],
    finish: [verdict(true)],
  }));
  const result = await h.ws.run(['capture', 'run', '--url', h.site.url, '--instruction', 'List the prices', '--format', 'txt'], llm);
  await llm.close();
  expect(result.code, result.stderr).toBe(0);
  const steps = llm.requests.filter((r) => promptKind(r) === 'step').map(userText);
  expect(steps[0]).not.toContain('<todo>');
  expect(steps[1]).toContain('<todo>\n- [ ] open products\n- [ ] read prices\n</todo>');
  expect(steps[2]).toContain('<todo>\n- [x] open products\n- [ ] read prices\n</todo>');
  expect(steps[3]).toContain('read_file: - [x] open products - [ ] read prices');
  const entry = await h.ws.runEntry(sessionIdOf(result));
  expect(entry.artifacts.todo).toMatch(/files[/\\]run-\d+[/\\]todo\.md$/);
  expect(await fs.readFile(entry.artifacts.todo!, 'utf8')).toBe('- [x] open products\n- [ ] read prices\n');
});

test('ask_element sends a close screenshot of the element to a vision model; its answer is the result', async ({ page }) => {
  const llm = await startFakeLlm(byKind({
    step: [
      (request) => agentStep({ ask_element: { index: listedIndex(request, /button "Swatch"/)!, question: 'What colour is this swatch?' } }),
      agentStep({ done: { text: 'The swatch is red.', success: true } }),
    ],
    element: [{ json: { answer: 'It is a solid red rectangle.' } }],
    finish: [verdict(true)],
  }));
  const result = await h.ws.run(['capture', 'run', '--url', h.site.url, '--instruction', 'What colour is the swatch?', '--format', 'txt', '--vision', 'off'], llm, { BU_MODEL: 'fake-vision-model' });
  await llm.close();
  expect(result.code, result.stderr).toBe(0);
  const question = llm.requests.find((r) => promptKind(r) === 'element')!;
  expect(question.messages[1]!.content).toBe('Element: button "Swatch"\nQuestion: What colour is this swatch?');
  const [image] = question.messages[1]!.images;
  expect(image).toMatch(/^data:image\/jpeg;base64,/);
  // The picture is the element up close: about its size (120 x 60 plus a margin), mostly its red.
  await page.setContent(`<img src="${image}">`);
  const seen = await page.evaluate(async () => {
    const img = document.querySelector('img')!;
    await img.decode();
    const canvas = Object.assign(document.createElement('canvas'), { width: img.naturalWidth, height: img.naturalHeight });
    const ctx = canvas.getContext('2d')!;
    ctx.drawImage(img, 0, 0);
    const [r, g, b] = ctx.getImageData(Math.floor(img.naturalWidth / 2), Math.floor(img.naturalHeight / 2), 1, 1).data;
    return { width: img.naturalWidth, height: img.naturalHeight, r, g, b };
  });
  expect(seen.width).toBeLessThan(250);
  expect(seen.height).toBeLessThan(150);
  expect(seen.r).toBeGreaterThan(150);
  expect(seen.g).toBeLessThan(80);
  expect(seen.b).toBeLessThan(80);
  // The answer is the action's result, read by the model in the next step.
  const next = llm.requests.filter((r) => promptKind(r) === 'step')[1]!;
  expect(userText(next)).toContain('ask_element: About [');
  expect(userText(next)).toContain('button "Swatch": It is a solid red rectangle.');
  const entry = await h.ws.runEntry(sessionIdOf(result));
  expect(Object.keys(entry.artifacts).some((label) => label.startsWith('question:'))).toBe(true);
});

test('ask_element is refused with a clear message for a model without image input', async () => {
  const llm = await startFakeLlm(byKind({
    step: [
      (request) => agentStep({ ask_element: { index: listedIndex(request, /button "Swatch"/)!, question: 'What colour is this swatch?' } }),
      agentStep({ done: { text: 'Could not see the colour.', success: false } }),
    ],
  }));
  const result = await h.ws.run(['capture', 'run', '--url', h.site.url, '--instruction', 'What colour is the swatch?', '--format', 'txt'], llm);
  await llm.close();
  // The model gave up (success: false): the job ran and failed.
  expect(result.code, result.stderr).toBe(1);
  expect(await h.ws.runEntry(sessionIdOf(result))).toMatchObject({ terminationReason: 'done' });
  expect(llm.requests.map(promptKind)).toEqual(['step', 'step']);
  expect(userText(llm.requests[1]!)).toContain('ask_element failed: the model fake-model does not take images, so it cannot look at an element: set BU_MODEL to a vision model');
});
