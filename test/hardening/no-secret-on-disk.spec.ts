import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '../support/fixtures.ts';
import { Secrets } from '../../capture/record/secrets.ts';
import { redact } from '../../replay/inputs.ts';
import { runCli, type CliResult } from '../../harness/cli.ts';
import { elementIndex, startFakeLlm, step } from '../../harness/fake-llm.ts';
import { encodings, scanForSecret } from '../../harness/hardening/scan.ts';
import { kSecret, startSecretSite } from './support/secret-site.ts';
import { kOwnSentence, kShortSecret, kShortSecretPage, startShortSecretSite } from './support/short-secret-site.ts';
import { History } from '../../core/schema/history.ts';
import JSZip from 'jszip';

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
    // The three captures run side by side (the site keeps no state): one output folder, three writers.
    const [script, explore, agent] = await Promise.all([
      bu(['capture', 'script', '--plan', 'plan.json', '--secret', 'password']),
      bu(['capture', 'explore', '--url', site.url, '--policy', 'crawler', '--max-steps', '4', '--fill', 'email=ann@example.com', '--secret', 'password']),
      bu(['capture', 'run', '--url', site.url, '--instruction', 'Sign in', '--secret', 'password', '--no-finish-check'],
        { OPENAI_API_KEY: 'test', OPENAI_BASE_URL: llm.url, BU_MODEL: 'fake-model' }),
    ]);
    expect(script.code, script.stderr).toBe(0);
    const scriptId = String(script.json!.sessionId);
    expect(explore.code, explore.stderr).toBe(0);
    expect(agent.code, agent.stderr).toBe(0);
    expect(llm.requests.length).toBe(4);
    for (const request of llm.requests) expect(request.raw).not.toContain(kSecret);

    const sessions = [scriptId, String(explore.json!.sessionId), String(agent.json!.sessionId)];
    for (const extracted of await Promise.all(sessions.map((id) => bu(['extract', id])))) expect(extracted.code).toBe(0);
    // Generate and replay side by side: each reads the recordings and writes files of its own.
    const [generated, replayed] = await Promise.all([bu(['generate', ...sessions, '--llm', 'off']), bu(['replay', scriptId])]);
    expect(generated.code, generated.stderr).toBe(0);
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

/** Every file under `dir` as text, zip entries opened. */
async function allText(dir: string): Promise<{ where: string; text: string }[]> {
  const out: { where: string; text: string }[] = [];
  for (const entry of await fs.readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const data = await fs.readFile(file);
    if (!file.endsWith('.zip')) out.push({ where: file, text: data.toString('utf8') });
    else for (const member of Object.values((await JSZip.loadAsync(data)).files)) if (!member.dir) out.push({ where: `${file}!${member.name}`, text: Buffer.from(await member.async('uint8array')).toString('utf8') });
  }
  return out;
}

test('a short secret that is part of the app\'s own address and text: URLs and that text stay, typed and echoed values go', async () => {
  test.setTimeout(180_000);
  const site = await startShortSecretSite();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bu-hard-short-'));
  const output = path.join(dir, 'out');
  const env = { BU_OUTPUT: output, BU_SECRET_PASSWORD: kShortSecret, OPENAI_API_KEY: '', OPENAI_BASE_URL: '', BU_MODEL: '' };
  try {
    const explore = await runCli(['capture', 'explore', '--url', site.url, '--policy', 'crawler', '--max-steps', '5', '--secret', 'password', '--json'], { cwd: dir, env, timeoutMs: 150_000 });
    expect(explore.code, explore.stderr).toBe(0);
    // Warned at the start, by name, with what is and is not redacted.
    expect(explore.stderr).toMatch(/warning: secret password is only 5 characters long: it is redacted where it is typed.*kept/);
    expect(explore.stderr).toMatch(/warning: secret password occurs in the app's own text or address before it is typed/);
    const sessionId = String(explore.json!.sessionId);
    expect((await runCli(['extract', sessionId, '--json'], { cwd: dir, env, timeoutMs: 60_000 })).code).toBe(0);

    const history = History.parse(JSON.parse(await fs.readFile(path.join(output, 'history', `${sessionId}.json`), 'utf8')));
    expect(history.startUrl).toBe(site.url);
    const urls = history.steps.flatMap((step) => [step.pre.url, step.post.url]);
    for (const url of urls) expect(new URL(url).pathname).toBe(kShortSecretPage);
    // The crawler logged in with the secret (as a placeholder) and followed the echoing link.
    expect(history.steps.some((step) => step.action === 'input' && step.params.text === '{{secret:password}}')).toBe(true);
    // The app's own query is kept; the password echoed into a query is not.
    expect(urls).toContain(`${site.url}?do=admin`);
    expect(urls.some((url) => url.includes('password={{secret:password}}'))).toBe(true);

    const files = await allText(output);
    const joined = files.map((file) => file.text).join('\n');
    // The app's own text came through untouched; the echo was recorded and redacted.
    expect(joined).toContain(kOwnSentence);
    expect(joined).toContain('You typed {{secret:password}}');
    // Apart from the app's own words, the secret is nowhere: not typed, not echoed, not in a body or a value.
    const left = files.flatMap(({ where, text }) => {
      const rest = text.split('siteadmin').join('').split('Siteadmin').join('').split(kOwnSentence).join('').split('do=admin').join('');
      const at = rest.indexOf(kShortSecret);
      return at < 0 ? [] : [`${where}: …${rest.slice(Math.max(0, at - 40), at + 40)}…`];
    });
    expect(left).toEqual([]);
  } finally {
    await site.close();
    await fs.rm(dir, { recursive: true, force: true });
  }
});
