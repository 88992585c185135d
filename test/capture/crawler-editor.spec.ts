import fs from 'node:fs';
import { expect, test } from '../support/fixtures.ts';
import { History } from '../../core/schema/history.ts';
import { mediumEditor } from '../../harness/apps/medium-editor.ts';
import { pell } from '../../harness/apps/pell.ts';
import type { RealApp } from '../../harness/apps/types.ts';
import { runCli } from '../../harness/cli.ts';
import { needRealApp } from '../support/real-app-required.ts';
import { tempWorkspace } from '../../harness/generate/on-disk.ts';
import { runGeneratedSpecs, typecheckGenerated } from '../../harness/generate/pipeline.ts';

/**
 * The crawler on real rich-text editors: pell's own demo page (a toolbar of formatting buttons
 * over an unnamed `contenteditable` area the aria snapshot leaves out) and MediumEditor (a
 * `contenteditable` it gives `role=textbox`). It types into the editor first, the history
 * replays, and the generated spec passes. Through the CLI, as a user runs it.
 */

test.describe.configure({ timeout: 400_000 });

const kStageTimeoutMs = 150_000;

interface EditorApp {
  app: RealApp;
  /** What the recorded fingerprint of the editor says. */
  fingerprint: Record<string, unknown>;
  /** The recorded locator, and the one the generated page object uses (null: not checked here). */
  locator: string;
  emitted: string | null;
  /** What the crawler does after typing. */
  after: string[];
  /** Run in make bench only: the suite's other editor proves the same (`@bench`, playwright.config.ts). */
  bench?: true;
}

const kEditors: EditorApp[] = [
  {
    // The toolbar's fourteen buttons would spend the state's budget before the editor.
    app: pell, fingerprint: { role: null, classes: ['pell-content'], nearbyHeading: 'pell' },
    locator: "locator('div.pell-content')", emitted: "this.page.locator('div.pell-content')", after: ['click', 'click', 'click'],
  },
  {
    app: mediumEditor, fingerprint: { role: 'textbox', nearbyHeading: 'New entry' },
    // Generate checks locators against the recorded DOM snapshots, where the editor's role alone
    // does not single it out: the page object finds it by its structural path.
    locator: "getByRole('textbox')", emitted: null, after: [], bench: true,
  },
];

for (const editor of kEditors) test(`the crawler types into ${editor.app.name}'s contenteditable editor; replay and the generated spec hold`, { tag: editor.bench ? '@bench' : [] }, async () => {
  const { app } = editor;
  needRealApp(app.unavailable());
  const running = await app.start();
  const ws = tempWorkspace('crawler-editor');
  const env = { BU_OUTPUT: ws.paths.root, OPENAI_API_KEY: '', OPENAI_BASE_URL: '' };
  try {
    const maxSteps = String(1 + editor.after.length);
    const explore = await runCli(['capture', 'explore', '--url', running.url, '--policy', 'crawler', '--max-steps', maxSteps, '--json'], { env, timeoutMs: kStageTimeoutMs });
    expect(explore.code, explore.stderr).toBe(0);
    const sessionId = String(explore.json!.sessionId);
    const history = History.parse(JSON.parse(fs.readFileSync(ws.paths.history(sessionId), 'utf8')));

    // The first move is typing into the editor.
    const [typed, ...rest] = history.steps;
    expect(typed).toMatchObject({ action: 'input', ok: true, params: { text: 'Sample text', clear: true } });
    expect(typed!.fingerprint).toMatchObject({ tag: 'div', ...editor.fingerprint });
    expect(typed!.locator).toEqual({ code: editor.locator, matches: 1 });
    expect(typed!.targetAfter?.value).toBe('Sample text');
    // The app took the text: its own output below the editor shows it too.
    expect(typed!.effect?.appeared.filter((line) => line.includes('Sample text')).length).toBeGreaterThan(0);
    expect(rest.map((step) => step.action)).toEqual(editor.after);

    // The replay beside generate and the strict type check, which only read the recorded files
    // (runs.json takes concurrent writers); the generated specs start once the replay is done.
    // Generate extracts the run it is given first, as `bu extract` would (one process, not two).
    const replaying = runCli(['replay', sessionId, '--json'], { env, timeoutMs: kStageTimeoutMs });
    const generated = await runCli(['generate', sessionId, '--out', ws.out, '--llm', 'off', '--json'], { env, timeoutMs: kStageTimeoutMs });
    expect(generated.code, generated.stderr).toBe(0);
    expect(generated.stderr).toContain(`${sessionId} is not extracted yet: extracting`);
    const pom = fs.readdirSync(`${ws.out}/pom`).map((file) => fs.readFileSync(`${ws.out}/pom/${file}`, 'utf8')).join('\n');
    if (editor.emitted) expect(pom).toContain(editor.emitted);
    const tsc = typecheckGenerated(ws.out);
    const replayed = await replaying;
    expect(replayed.code, replayed.stdout + replayed.stderr).toBe(0);
    expect(replayed.json).toMatchObject({ ok: true, byStatus: { failed: 0 } });
    // Untraced: the project is removed below, and a failed test's trace with it.
    const specs = await runGeneratedSpecs(ws.out, new URL(running.url).origin, 'tests/', env, { noTrace: true });
    expect(specs.status, specs.output).toBe(0);
    expect(specs.output).toMatch(/[1-9]\d* passed/);
    expect(specs.output).not.toMatch(/failed|skipped/);
    const typecheck = await tsc;
    expect(typecheck.status, typecheck.output).toBe(0);
  } finally {
    await running.stop();
    ws.remove();
  }
});
