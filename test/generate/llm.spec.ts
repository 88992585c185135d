import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '../support/fixtures.ts';
import { generate } from '../../generate/generate.ts';
import { startFakeLlm } from '../../harness/fake-llm.ts';
import { loginRun } from '../../harness/generate/fixtures.ts';
import { readTree, tempWorkspace, writeRun } from '../../harness/generate/on-disk.ts';

/**
 * `--llm on` against a local OpenAI-compatible server, through the real `openai` client: names
 * come from the model after sanitizing, every answer is cached, and a rerun makes no request.
 */

const kAnswer = {
  pages: [
    {
      id: '/login', name: 'sign-in screen', purpose: 'Where people sign in.\nSecond line */ closes nothing.',
      elements: [
        { id: 'testid:login-email', name: 'emailField' },
        { id: 'textbox:Password', name: 'emailField' },
        { id: 'testid:login-submit', name: '42 submit!' },
      ],
      methods: [
        { id: 'form:fill testid:login-email + fill textbox:Password', name: 'signInWith', params: ['user', 'class'] },
        { id: 'click:testid:login-submit', name: null, params: null },
      ],
    },
    { id: '/', name: 'Home', purpose: null, elements: [], methods: [] },
  ],
  flows: [{ sessionId: 'script-1700000000001', name: 'deleteALamp', description: 'Signs in and deletes the blue lamp.' }],
};

test('model names are sanitized, cached, and a rerun makes zero requests with the same bytes', async () => {
  const llm = await startFakeLlm(() => ({ json: kAnswer }));
  const ws = tempWorkspace('llm');
  try {
    writeRun(ws.paths, loginRun());
    const env = { OPENAI_BASE_URL: llm.url, OPENAI_API_KEY: 'test', BU_MODEL: 'fake-model' };
    const run = () => generate({ sessions: ['script-1700000000001'], outDir: ws.out, paths: ws.paths, cwd: ws.root, env, llm: 'auto', log: () => undefined });
    const first = await run();
    expect(llm.requests).toHaveLength(1);
    expect(llm.requests[0]!.model).toBe('fake-model');
    expect(first.llmCalls).toBe(1);
    const files = readTree(ws.out);
    const signIn = files.get(path.join('pom', 'SignInScreenPage.ts'))!;
    expect(signIn).toContain('export class SignInScreenPage');
    expect(signIn).toContain('get emailField(): Locator');
    expect(signIn).toContain('get emailField2(): Locator');
    expect(signIn).toContain('get submit42(): Locator');
    expect(signIn).toContain('async signInWith(user: string, classValue: string): Promise<void>');
    expect(signIn).toContain('Where people sign in. Second line * closes nothing.');
    expect(files.get(path.join('pom', 'HomePage.ts'))).toContain('export class HomePage');
    expect(files.get(path.join('workflows', 'delete-a-lamp.ts'))).toContain('export async function deleteALamp(page: Page)');
    const cache = fs.readdirSync(path.join(ws.paths.stateDir, 'cache', 'generate'));
    expect(cache).toHaveLength(1);
    expect(fs.readFileSync(ws.paths.llmLog('script-1700000000001'), 'utf8').trim().split('\n')).toHaveLength(1);

    const second = await run();
    expect(llm.requests).toHaveLength(1);
    expect(second.llmCalls).toBe(0);
    expect(second.written).toEqual([]);
    expect(readTree(ws.out)).toEqual(files);
  } finally {
    ws.remove();
    await llm.close();
  }
});

test('--llm off never calls the model, even when one is configured', async () => {
  const llm = await startFakeLlm(() => ({ json: kAnswer }));
  const ws = tempWorkspace('llm-off');
  try {
    writeRun(ws.paths, loginRun());
    const env = { OPENAI_BASE_URL: llm.url };
    await generate({ sessions: ['script-1700000000001'], outDir: ws.out, paths: ws.paths, cwd: ws.root, env, llm: 'off', log: () => undefined });
    expect(llm.requests).toHaveLength(0);
    expect(fs.existsSync(path.join(ws.out, 'pom', 'LoginPage.ts'))).toBe(true);
  } finally {
    ws.remove();
    await llm.close();
  }
});
