import fs from 'node:fs';
import { expect, test } from '../support/fixtures.ts';
import { readJsonFile } from '../../core/io/read.ts';
import { History } from '../../core/schema/history.ts';
import { ReplayReport } from '../../core/schema/replay-report.ts';
import { runCli } from '../../harness/cli.ts';
import { tempWorkspace } from '../../harness/generate/on-disk.ts';
import { runGeneratedSpecs } from '../../harness/generate/pipeline.ts';
import { servePages } from './support.ts';

/**
 * Block editors, as a CMS's post editor behaves: a block that renames itself as soon as it holds
 * text ("Empty block; start writing" becomes "Paragraph block"), Enter that starts a new block,
 * and a caption placeholder replaced by a new node on its first input. What was typed is read
 * back from the element typed into, or from where the editor moved the caret, never through the
 * locator that found the empty block. Through the CLI: capture a plan, replay it, run the
 * generated spec.
 */

test.describe.configure({ timeout: 300_000 });

const kStageTimeoutMs = 120_000;

const kEditor = `<!doctype html><html><head><title>New post</title></head><body>
<main>
<h1>New post</h1>
<section class="blocks" aria-label="Blocks">
  <div class="block" contenteditable="true" role="textbox" aria-label="Empty block; start writing"></div>
</section>
<h2>Caption</h2>
<div class="caption"><div class="placeholder" contenteditable="true" role="textbox" aria-label="Add caption"></div></div>
<p>Words: <output id="count">0</output></p>
</main>
<script>
  const blocks = document.querySelector('.blocks');
  const caption = document.querySelector('.caption');
  const named = (block) => block.setAttribute('aria-label', block.textContent.trim() ? 'Paragraph block' : 'Empty block; start writing');
  const count = () => { document.querySelector('#count').textContent = String([...document.querySelectorAll('.block, .caption [contenteditable]')].map((el) => el.innerText).join(' ').split(/\\s+/).filter(Boolean).length); };
  blocks.addEventListener('input', (e) => { named(e.target.closest('.block')); count(); });
  // Enter splits nothing: it starts a new empty block after this one and moves the caret there.
  blocks.addEventListener('keydown', (e) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    const block = document.createElement('div');
    block.className = 'block';
    block.contentEditable = 'true';
    block.setAttribute('role', 'textbox');
    named(block);
    e.target.closest('.block').after(block);
    block.focus();
  });
  // The placeholder is replaced by the caption's own node on its first input, the caret moved there.
  caption.addEventListener('input', (e) => {
    const placeholder = e.target;
    if (placeholder.classList.contains('placeholder')) {
      const node = document.createElement('p');
      node.contentEditable = 'true';
      node.setAttribute('role', 'textbox');
      node.setAttribute('aria-label', 'Caption');
      node.textContent = placeholder.textContent;
      placeholder.replaceWith(node);
      node.focus();
      const range = document.createRange();
      range.selectNodeContents(node);
      range.collapse(false);
      getSelection().removeAllRanges();
      getSelection().addRange(range);
    }
    count();
  });
</script>
</body></html>`;

test('typing into a block that renames itself, Enter and multi-line text across new blocks, and a replaced caption: capture, replay and the generated spec hold', async () => {
  const pages = await servePages({ '/': kEditor });
  const ws = tempWorkspace('block-editors');
  const env = { BU_OUTPUT: ws.paths.root, OPENAI_API_KEY: '', OPENAI_BASE_URL: '' };
  try {
    const plan = {
      version: 1,
      url: pages.url,
      steps: [
        { input: { target: { role: 'textbox', name: 'Empty block; start writing' }, text: 'Hello there' } },
        // A new block, the caret moved to it: keys pressed in the block typed into, which no longer
        // answers to the name it was found by.
        { send_keys: { keys: 'End Enter' } },
        // Each line break is Enter: the block editor puts the second line in a block of its own.
        { input: { target: { role: 'textbox', name: 'Empty block; start writing' }, text: 'First line\nSecond line' } },
        { input: { target: { role: 'textbox', name: 'Add caption' }, text: 'A quiet morning' } },
        // One block a line: a line break inserted as text would leave both lines in one block.
        { expect_count: { target: 'css=.block', count: 3 } },
        { expect_text: { target: 'css=#count', text: '9', exact: true } },
        { done: { text: 'wrote a post', success: true } },
      ],
    };
    const planFile = `${ws.root}/plan.json`;
    fs.writeFileSync(planFile, JSON.stringify(plan));
    const script = await runCli(['capture', 'script', '--plan', planFile, '--json'], { env, timeoutMs: kStageTimeoutMs });
    expect(script.code, script.stdout + script.stderr).toBe(0);
    const sessionId = String(script.json!.sessionId);
    const history = History.parse(JSON.parse(fs.readFileSync(ws.paths.history(sessionId), 'utf8')));
    const [renamed, keys, lines, replaced, blocks, counted] = history.steps;
    expect(history.steps.map((step) => [step.action, step.ok])).toEqual([['input', true], ['send_keys', true], ['input', true], ['input', true], ['expect_count', true], ['expect_text', true], ['done', true]]);
    // Read from the block typed into, which now answers to another name.
    expect(renamed!.fingerprint).toMatchObject({ role: 'textbox', name: 'Empty block; start writing' });
    expect(renamed!.targetAfter?.value).toBe('Hello there');
    expect(keys!.params).toEqual({ keys: 'End Enter' });
    // The second line went to a block of its own: read from the blocks around both.
    expect(lines!.targetAfter?.value?.split('\n').filter(Boolean)).toEqual(['Hello there', 'First line', 'Second line']);
    // The caption's placeholder left the page: read from the node that took its place and the caret.
    expect(replaced!.targetAfter?.value).toBe('A quiet morning');
    expect(blocks!.ok).toBe(true);
    expect(counted!.ok).toBe(true);

    const replayed = await runCli(['replay', sessionId, '--json'], { env, timeoutMs: kStageTimeoutMs });
    expect(replayed.code, replayed.stdout + replayed.stderr).toBe(0);
    const report = await readJsonFile(ReplayReport, String(replayed.json!.reportPath), 'report');
    expect(report.steps.map((step) => step.status)).toEqual(['passed', 'passed', 'passed', 'passed', 'passed', 'passed', 'skipped']);
    // Each typing was checked on what the editor holds, not passed because its block was no longer found.
    // The lines typed across two blocks are checked as a part of the blocks' text (value+within).
    expect([0, 2, 3].map((index) => report.steps[index]!.checks.find((check) => check.startsWith('value')))).toEqual(['value', 'value+within', 'value']);

    const generated = await runCli(['generate', sessionId, '--out', ws.out, '--llm', 'off', '--json'], { env, timeoutMs: kStageTimeoutMs });
    expect(generated.code, generated.stderr).toBe(0);
    const specs = await runGeneratedSpecs(ws.out, new URL(pages.url).origin, 'tests/', env, { noTrace: true });
    expect(specs.status, specs.output).toBe(0);
    expect(specs.output).toMatch(/[1-9]\d* passed/);
    expect(specs.output).not.toMatch(/failed|skipped/);
    const pom = fs.readdirSync(`${ws.out}/pom`).map((file) => fs.readFileSync(`${ws.out}/pom/${file}`, 'utf8')).join('\n');
    // The keys after typing go where the focus is, not to the block's member: it finds the block by the name it had empty.
    expect(pom).toMatch(/await this\.page\.keyboard\.press\('End'\);\n\s*await this\.page\.keyboard\.press\('Enter'\);/);
    expect(pom).not.toMatch(/this\.\w+\.press(Sequentially)?\(/);
    // Lines typed into the editor go through the keyboard, each line break pressed as Enter.
    expect(pom).toMatch(/\.fill\(''\);\n\s*await this\.page\.keyboard\.type\(\w+\);/);
  } finally {
    await pages.close();
    ws.remove();
  }
});
