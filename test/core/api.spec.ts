import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '../support/fixtures.ts';
import { capture, extract, generate, replay, type Plan } from '../../api/index.ts';
import { UsageError } from '../../core/errors.ts';
import { runCli } from '../../harness/cli.ts';
import { startDemoServer } from '../../demo/server.ts';

/** The programmatic API (`brow-use`): the same work as the commands, results as values, errors thrown. */

// A capture records its own trace: the runner does not trace this file (playwright.config.ts, kOwnTracing).

const kPlan: Plan = {
  version: 1,
  steps: [
    { input: { target: { role: 'textbox', name: 'Email' }, text: 'ann@example.com' } },
    { input: { target: { role: 'textbox', name: 'Password' }, text: '{{secret:password}}' } },
    { click: { target: { role: 'button', name: 'Sign in' } } },
    { done: { text: 'signed in', success: true } },
  ],
};

test('capture, extract, generate and replay from a program, reading the project config', async () => {
  test.setTimeout(240_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bu-api-'));
  const app = await startDemoServer({ port: 0 });
  try {
    fs.writeFileSync(path.join(dir, 'package.json'), '{"name":"app","private":true}\n');
    fs.writeFileSync(path.join(dir, 'brow-use.config.ts'), `export default { baseURL: '${app.url}login', outputDir: 'out', generatedDir: 'gen' };\n`);
    const env = { ...process.env, BU_OUTPUT: '', BU_SECRET_PASSWORD: 'correct-horse', OPENAI_API_KEY: '', OPENAI_BASE_URL: '' };
    const logged: string[] = [];
    // A list of paths is a list: a folder with a space in its name stays one path (the capture checks each exists).
    const uploads = path.join(dir, 'my uploads');
    fs.mkdirSync(uploads);
    const run = await capture({ cwd: dir, env, plan: kPlan, secrets: ['password'], uploadPaths: [uploads], viewport: { width: 1024, height: 700 }, log: (m) => logged.push(m) });
    expect(run, run.error ?? undefined).toMatchObject({ terminationReason: 'done', steps: 4, error: null });
    expect(run.artifacts.history).toBe(path.join(dir, 'out', 'history', `${run.sessionId}.json`));
    expect(logged.length).toBeGreaterThan(0);

    const extracted = await extract(run.sessionId, { cwd: dir, env });
    expect(extracted.counts.steps).toBe(run.steps);
    // The API's typed result is the object `bu --json` prints, field for field.
    const cli = await runCli(['extract', run.sessionId, '--json'], { cwd: dir, env });
    expect(cli.code, cli.stderr).toBe(0);
    expect(extracted).toEqual(cli.json);
    const generated = await generate([run.sessionId], { cwd: dir, env, llm: 'off' });
    expect(generated.outDir).toBe(path.join(dir, 'gen'));
    expect(generated.written).toContain(`tests/replay-${run.sessionId}.spec.ts`);
    expect(generated.locators.found).toBeGreaterThan(0);
    const replayed = await replay(run.sessionId, { cwd: dir, env });
    expect(replayed).toMatchObject({ ok: true, sessionId: run.sessionId });

    await expect(extract('no-such-session-1700000000000', { cwd: dir, env })).rejects.toBeInstanceOf(Error);
    await expect(generate([], { cwd: dir, env })).rejects.toBeInstanceOf(UsageError);
    await expect(replay(run.sessionId, { cwd: dir, env, strategy: 'fast' as 'full' })).rejects.toThrow("option '--strategy <strategy>' argument 'fast' is invalid");
    await expect(capture({ cwd: dir, env, plan: kPlan, maxSteps: 0 })).rejects.toThrow(new UsageError('--max-steps 0: expected a whole number above 0'));
    await expect(capture({ cwd: dir, env, plan: kPlan, uploadPaths: [path.join(dir, 'my uploads', 'none')] })).rejects.toThrow('no such file or folder');
  } finally {
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
