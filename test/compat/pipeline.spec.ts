import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startDemoServer } from '../../demo/server.ts';
import { runCli } from '../../harness/cli.ts';
import { runGeneratedSpecs, typecheckGenerated } from '../../harness/generate/pipeline.ts';
import { tempWorkspace } from '../../harness/generate/on-disk.ts';

/**
 * The whole pipeline on the demo app: a plan capture and a crawler explore, extracted by
 * `bu generate` itself, generated code checked with `tsc --strict`, and the generated specs run
 * with Playwright against fresh demo servers.
 *
 * It runs at the lowest supported Playwright (test/compat/run.mjs, through compat.spec.ts), not in
 * the suite's own run at the highest: there the packed install test runs the same pipeline on the
 * same app as a user installs it, and the conformance suite runs crawls through every stage.
 */

const kPassword = 'correct-horse';

function plan(url: string) {
  return {
    version: 1, url: `${url}/login`,
    steps: [
      { input: { target: { role: 'textbox', name: 'Email' }, text: 'ann@example.com' } },
      { input: { target: { role: 'textbox', name: 'Password' }, text: '{{secret:password}}' } },
      { click: { target: { role: 'button', name: 'Sign in' } } },
      { click: { target: { role: 'link', name: 'Items', exact: true } } },
      { click: { target: { role: 'link', name: 'New item', exact: true, nth: 0 } } },
      { input: { target: { role: 'textbox', name: 'Title' }, text: 'Test widget' } },
      { select_dropdown: { target: { role: 'combobox', name: 'Category' }, text: 'Books' } },
      { input: { target: { role: 'spinbutton', name: 'Price' }, text: '12.50' } },
      { click: { target: { role: 'button', name: 'Create item' } } },
      { done: { text: 'created', success: true } },
    ],
  };
}

test('capture -> extract -> generate -> tsc -> the generated specs pass on the demo app', async () => {
  test.setTimeout(480_000);
  const ws = tempWorkspace('e2e-demo');
  const recorded = await startDemoServer({ port: 0 });
  try {
    const env = { BU_OUTPUT: ws.paths.root, BU_SECRET_password: kPassword, OPENAI_API_KEY: '', OPENAI_BASE_URL: '' };
    const planFile = path.join(ws.root, 'plan.json');
    fs.writeFileSync(planFile, JSON.stringify(plan(recorded.url.replace(/\/$/, ''))));
    const script = await runCli(['capture', 'script', '--url', `${recorded.url}`, '--plan', planFile, '--secret', 'password', '--json'], { env, timeoutMs: 180_000 });
    expect(script.code, script.stderr).toBe(0);
    const explore = await runCli(['capture', 'explore', '--url', recorded.url, '--policy', 'crawler', '--max-steps', '6', '--json'], { env, timeoutMs: 180_000 });
    expect(explore.json?.sessionId, explore.stderr).toBeTruthy();
    const sessions = [String(script.json!.sessionId), String(explore.json!.sessionId)];

    const generated = await runCli(['generate', ...sessions, '--out', ws.out, '--llm', 'off', '--json'], { env, timeoutMs: 120_000 });
    expect(generated.code, generated.stderr).toBe(0);
    expect(generated.stderr).toContain('is not extracted yet: extracting');
    const pom = fs.readdirSync(path.join(ws.out, 'pom'));
    expect(pom).toEqual(expect.arrayContaining(['LoginPage.ts', 'ItemsPage.ts', 'NewItemPage.ts', 'ItemDetailPage.ts']));

    // The strict type check beside what follows: it reads the generated files, the second generate
    // writes none (asserted) and the runs write only their results.
    const tsc = typecheckGenerated(ws.out);

    const again = await runCli(['generate', ...sessions, '--out', ws.out, '--llm', 'off', '--json'], { env, timeoutMs: 120_000 });
    expect(again.json?.written).toEqual([]);

    for (const filter of ['tests/(?!replay-)', 'tests/replay-']) {
      const fresh = await startDemoServer({ port: 0 });
      try {
        const run = await runGeneratedSpecs(ws.out, fresh.url, filter, { BU_SECRET_password: kPassword });
        expect(run.status, run.output).toBe(0);
        expect(run.output).not.toMatch(/\d+ skipped/);
      } finally {
        await fresh.close();
      }
    }
    const typecheck = await tsc;
    expect(typecheck.status, typecheck.output).toBe(0);
  } finally {
    await recorded.close();
    ws.remove();
  }
});
