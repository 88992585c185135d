import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '../support/fixtures.ts';
import { recordAndGenerate, runGeneratedSpecs, typecheckGenerated } from '../../harness/generate/pipeline.ts';
import { tempWorkspace } from '../../harness/generate/on-disk.ts';
import { servePages } from '../capture/support.ts';

/**
 * A key sequence end to end: capture presses `S o w Space t h e Space b e a n s .` key by key into
 * the field it clicked, generate types the text those keys spell into that field, and both the
 * flow spec and the replay spec (which presses the recorded keys again) pass against the page.
 */

const kPage = `<!doctype html><title>New post</title><main><h1>New post</h1>
<label for="body">Post body</label><textarea id="body"></textarea></main>`;

test('a recorded key sequence types its text into the field it went to, and the generated specs pass', async () => {
  test.setTimeout(240_000);
  const ws = tempWorkspace('e2e-key-sequence');
  const site = await servePages({ '/': kPage });
  try {
    await recordAndGenerate(ws, site.url, {
      version: 1, url: site.url,
      steps: [
        { click: { target: { role: 'textbox', name: 'Post body' } } },
        { send_keys: { keys: 'S o w Space t h e Space b e a n s .' } },
        { expect_value: { target: { role: 'textbox', name: 'Post body' }, value: 'Sow the beans.' } },
        { done: { text: 'wrote the post', success: true } },
      ],
    });
    const pom = fs.readdirSync(path.join(ws.out, 'pom')).filter((f) => f.endsWith('.ts')).map((f) => fs.readFileSync(path.join(ws.out, 'pom', f), 'utf8')).join('\n');
    expect(pom).toMatch(/async typeIntoPostBody\(\): Promise<void> \{\n\s*await this\.postBody\w*\.pressSequentially\('Sow the beans\.'\);/);
    expect(pom).not.toContain('S o w');
    const tests = path.join(ws.out, 'tests');
    const replaySpec = fs.readFileSync(path.join(tests, fs.readdirSync(tests).find((f) => f.startsWith('replay-'))!), 'utf8');
    expect(replaySpec).toMatch(/test\.setTimeout\(\d+_000\);/);
    const tsc = await typecheckGenerated(ws.out);
    expect(tsc.status, tsc.output).toBe(0);
    const run = await runGeneratedSpecs(ws.out, site.url, 'tests/', {}, { noTrace: true });
    expect(run.status, run.output).toBe(0);
    expect(run.output).toMatch(/2 passed/);
  } finally {
    await site.close();
    ws.remove();
  }
});
