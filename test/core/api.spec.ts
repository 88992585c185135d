import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { capture, extract, generate, replay, type Plan } from '../../api/index.ts';
import { UsageError } from '../../core/errors.ts';
import { startDemoServer } from '../../demo/server.ts';

/** The programmatic API (`brow-use`): the same work as the commands, results as values, errors thrown. */

// A capture records its own trace; the runner's tracing would already own the context's tracer.
test.use({ trace: 'off' });

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
    const run = await capture({ cwd: dir, env, plan: kPlan, secrets: ['password'], log: (m) => logged.push(m) });
    expect(run, run.error ?? undefined).toMatchObject({ terminationReason: 'done', steps: 4 });
    expect(run.artifacts.history).toBe(path.join(dir, 'out', 'history', `${run.sessionId}.json`));
    expect(logged.length).toBeGreaterThan(0);

    const extracted = await extract(run.sessionId, { cwd: dir, env });
    expect(extracted.counts.steps).toBe(run.steps);
    const generated = await generate([run.sessionId], { cwd: dir, env, llm: 'off' });
    expect(generated.outDir).toBe(path.join(dir, 'gen'));
    expect(generated.written).toContain(`tests/replay-${run.sessionId}.spec.ts`);
    const replayed = await replay(run.sessionId, { cwd: dir, env });
    expect(replayed).toMatchObject({ ok: true, sessionId: run.sessionId });

    await expect(extract('no-such-session-1700000000000', { cwd: dir, env })).rejects.toBeInstanceOf(Error);
    await expect(generate([], { cwd: dir, env })).rejects.toBeInstanceOf(UsageError);
  } finally {
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
