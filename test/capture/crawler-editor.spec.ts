import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { History } from '../../core/schema/history.ts';
import { pell } from '../support/apps/pell.ts';
import { runCli } from '../support/cli.ts';
import { needRealApp } from '../support/real-app-required.ts';
import { tempWorkspace } from '../generate/support/on-disk.ts';
import { runGeneratedSpecs, typecheckGenerated } from '../generate/support/pipeline.ts';

/**
 * The crawler on a real rich-text editor (pell's own demo page: a toolbar of formatting buttons
 * over an unnamed `contenteditable` area): it types into the editor before it tries the toolbar,
 * the history replays, and the generated spec passes. Through the CLI, as a user runs it.
 */

test.describe.configure({ timeout: 400_000 });

const kStageTimeoutMs = 150_000;

test('the crawler types into a real app\'s contenteditable editor; replay and the generated spec hold', async () => {
  needRealApp(pell.unavailable());
  const running = await pell.start();
  const ws = tempWorkspace('crawler-editor');
  const env = { BU_OUTPUT: ws.paths.root, OPENAI_API_KEY: '', OPENAI_BASE_URL: '' };
  try {
    const explore = await runCli(['capture', 'explore', '--url', running.url, '--policy', 'crawler', '--max-steps', '4', '--json'], { env, timeoutMs: kStageTimeoutMs });
    expect(explore.code, explore.stderr).toBe(0);
    const sessionId = String(explore.json!.sessionId);
    const history = History.parse(JSON.parse(fs.readFileSync(ws.paths.history(sessionId), 'utf8')));

    // The first move is typing: the toolbar's fourteen buttons would spend the budget before it.
    const [typed, ...rest] = history.steps;
    expect(typed).toMatchObject({ action: 'input', ok: true, params: { text: 'Sample text', clear: true } });
    expect(typed!.fingerprint).toMatchObject({ tag: 'div', role: null, classes: ['pell-content'], nearbyHeading: 'pell' });
    expect(typed!.locator).toEqual({ code: "locator('div.pell-content')", matches: 1 });
    expect(typed!.targetAfter?.value).toBe('Sample text');
    // The app took the text: the editor and the app's own output below it each show a paragraph of it.
    expect(typed!.effect?.appeared).toEqual(['paragraph "Sample text"', 'paragraph "Sample text"']);
    expect(rest.map((step) => step.action)).toEqual(['click', 'click', 'click']);

    const replayed = await runCli(['replay', sessionId, '--json'], { env, timeoutMs: kStageTimeoutMs });
    expect(replayed.code, replayed.stdout + replayed.stderr).toBe(0);
    expect(replayed.json).toMatchObject({ ok: true, byStatus: { failed: 0 } });

    const extracted = await runCli(['extract', sessionId, '--json'], { env, timeoutMs: kStageTimeoutMs });
    expect(extracted.code, extracted.stderr).toBe(0);
    const generated = await runCli(['generate', sessionId, '--out', ws.out, '--llm', 'off', '--json'], { env, timeoutMs: kStageTimeoutMs });
    expect(generated.code, generated.stderr).toBe(0);
    const pom = fs.readdirSync(`${ws.out}/pom`).map((file) => fs.readFileSync(`${ws.out}/pom/${file}`, 'utf8')).join('\n');
    expect(pom).toContain("this.page.locator('div.pell-content')");
    const tsc = await typecheckGenerated(ws.out);
    expect(tsc.status, tsc.output).toBe(0);
    const specs = await runGeneratedSpecs(ws.out, new URL(running.url).origin, 'tests/', env);
    expect(specs.status, specs.output).toBe(0);
    expect(specs.output).toMatch(/[1-9]\d* passed/);
    expect(specs.output).not.toMatch(/failed|skipped/);
  } finally {
    await running.stop();
    ws.remove();
  }
});
