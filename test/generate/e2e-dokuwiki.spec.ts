import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { runCli } from '../support/cli.ts';
import { dokuwikiUnavailable, startDokuWiki } from '../support/dokuwiki.ts';
import { runGeneratedSpecs, typecheckGenerated } from './support/pipeline.ts';
import { tempWorkspace } from './support/on-disk.ts';

/** The pipeline on a real app: DokuWiki (Debian's package, served by `php -S`), one plan and one crawler run. */

test('generated code for DokuWiki compiles and its specs pass', async () => {
  const unavailable = dokuwikiUnavailable();
  test.skip(unavailable !== null, unavailable ?? '');
  test.setTimeout(480_000);
  const wiki = await startDokuWiki();
  const ws = tempWorkspace('e2e-dokuwiki');
  try {
    const env = { BU_OUTPUT: ws.paths.root, OPENAI_API_KEY: '', OPENAI_BASE_URL: '' };
    const planFile = path.join(ws.root, 'plan.json');
    fs.writeFileSync(planFile, JSON.stringify({
      version: 1, url: wiki.url,
      steps: [
        { click: { target: { role: 'link', name: 'Installing', exact: true } } },
        { navigate: { url: wiki.url } },
        { click: { target: { role: 'link', name: 'Using it', exact: true } } },
        { done: { text: 'read the guide', success: true } },
      ],
    }));
    const script = await runCli(['capture', 'script', '--url', wiki.url, '--plan', planFile, '--json'], { env, timeoutMs: 180_000 });
    expect(script.code, script.stderr).toBe(0);
    const explore = await runCli(['capture', 'explore', '--url', wiki.url, '--policy', 'crawler', '--max-steps', '5', '--json'], { env, timeoutMs: 180_000 });
    expect(explore.json?.sessionId, explore.stderr).toBeTruthy();
    const sessions = [String(script.json!.sessionId), String(explore.json!.sessionId)];

    const generated = await runCli(['generate', ...sessions, '--out', ws.out, '--llm', 'off', '--json'], { env, timeoutMs: 120_000 });
    expect(generated.code, generated.stderr).toBe(0);
    expect(fs.readdirSync(path.join(ws.out, 'pom')).length).toBeGreaterThanOrEqual(3);
    const tsc = await typecheckGenerated(ws.out);
    expect(tsc.status, tsc.output).toBe(0);
    const origin = new URL(wiki.url).origin;
    const flows = await runGeneratedSpecs(ws.out, origin, 'tests/(?!replay-)');
    expect(flows.status, flows.output).toBe(0);
    expect(flows.output).toMatch(/2 passed/);
  } finally {
    ws.remove();
    await wiki.close();
  }
});
