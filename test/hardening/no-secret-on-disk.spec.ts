import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { Secrets } from '../../capture/record/secrets.ts';
import { redact } from '../../replay/inputs.ts';
import { runCli, type CliResult } from '../support/cli.ts';
import { elementIndex, startFakeLlm, step } from '../support/fake-llm.ts';
import { encodings, scanForSecret } from './support/scan.ts';
import { kSecret, startSecretSite } from './support/secret-site.ts';

/**
 * No secret on disk: every command that can see a secret runs once with it (a plan capture, a
 * crawler explore with --fill/--secret, an agent run against the scripted model server, extract,
 * generate, replay, report), then every byte under the output dir and .brow-use is scanned for
 * the value in each encoding it can take (zip and gzip members decompressed).
 */

test('a secret reflected by the app in every encoding never reaches a file', async () => {
  test.setTimeout(300_000);
  const site = await startSecretSite();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bu-hard-secret-'));
  const output = path.join(dir, 'out');
  const llm = await startFakeLlm([
    (req) => step({ input: { index: elementIndex(req, 'textbox', 'Email'), text: 'ann@example.com' } }),
    (req) => step({ input: { index: elementIndex(req, 'textbox', 'Password'), text: '{{secret:password}}' } }),
    (req) => step({ click: { index: elementIndex(req, 'button', 'Sign in') } }),
    step({ done: { text: 'signed in', success: true } }),
  ]);
  const env = { BU_OUTPUT: output, BU_SECRET_PASSWORD: kSecret, OPENAI_API_KEY: '', OPENAI_BASE_URL: '', BU_MODEL: '' };
  const bu = async (args: string[], extra: Record<string, string> = {}): Promise<CliResult> => {
    const result = await runCli([...args, '--json'], { cwd: dir, env: { ...env, ...extra }, timeoutMs: 150_000 });
    expect(result.stderr, `bu ${args.join(' ')}`).not.toMatch(/unexpected error|\n\s+at /);
    return result;
  };
  try {
    const plan = {
      version: 1, url: site.url,
      steps: [
        { input: { target: { role: 'textbox', name: 'Email' }, text: 'ann@example.com' } },
        { input: { target: { role: 'textbox', name: 'Password' }, text: '{{secret:password}}' } },
        { click: { target: { role: 'button', name: 'Sign in' } } },
        { click: { target: { role: 'link', name: 'Next' } } },
        { done: { text: 'signed in', success: true } },
      ],
    };
    await fs.writeFile(path.join(dir, 'plan.json'), JSON.stringify(plan));
    const script = await bu(['capture', 'script', '--plan', 'plan.json', '--secret', 'password']);
    expect(script.code, script.stderr).toBe(0);
    const scriptId = String(script.json!.sessionId);

    const explore = await bu(['capture', 'explore', '--url', site.url, '--policy', 'crawler', '--max-steps', '4', '--fill', 'email=ann@example.com', '--secret', 'password']);
    expect(explore.code, explore.stderr).toBe(0);

    const agent = await bu(['capture', 'run', '--url', site.url, '--instruction', 'Sign in', '--secret', 'password', '--no-finish-check'],
      { OPENAI_API_KEY: 'test', OPENAI_BASE_URL: llm.url, BU_MODEL: 'fake-model' });
    expect(agent.code, agent.stderr).toBe(0);
    expect(llm.requests.length).toBe(4);
    for (const request of llm.requests) expect(request.raw).not.toContain(kSecret);

    const sessions = [scriptId, String(explore.json!.sessionId), String(agent.json!.sessionId)];
    for (const id of sessions) expect((await bu(['extract', id])).code).toBe(0);
    const generated = await bu(['generate', ...sessions, '--llm', 'off']);
    expect(generated.code, generated.stderr).toBe(0);
    const replayed = await bu(['replay', scriptId]);
    expect(replayed.code, replayed.stderr).toBe(0);
    // The replay really typed the secret: the app echoed it on the page it left.
    expect(JSON.stringify(replayed.json)).not.toContain(kSecret);
    expect((await bu(['report', scriptId])).code).toBe(0);

    const scan = await scanForSecret([output, path.join(dir, '.brow-use')], kSecret);
    expect(scan.files).toBeGreaterThan(20);
    expect(scan.hits).toEqual([]);
  } finally {
    await llm.close();
    await site.close();
    await fs.rm(dir, { recursive: true, force: true });
  }
});

test('capture\'s and replay\'s redactors remove every encoding the scan looks for', () => {
  const capture = new Secrets({ secrets: { password: kSecret } });
  // Capture redacts a secret once it was typed: before that, no record can hold it.
  expect(capture.redactText(`a ${kSecret} b`)).toBe(`a ${kSecret} b`);
  expect(capture.substitute('{{secret:password}}')).toBe(kSecret);
  for (const { label, form } of encodings(kSecret)) {
    for (const [who, out] of [['capture', capture.redactText(`a ${form} b`)], ['replay', redact(`a ${form} b`, { password: kSecret })]] as const) {
      const left = encodings(kSecret).filter((e) => out.includes(e.form)).map((e) => e.label);
      expect(left, `${who} left ${label}`).toEqual([]);
      expect(out, `${who} ${label}`).toContain('{{secret:password}}');
    }
  }
});
