import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '../support/fixtures.ts';
import { History } from '../../core/schema/history.ts';
import { startDemoServer } from '../../demo/server.ts';
import { tempDir } from '../capture/support.ts';
import { callTool, ranCode, startMcp, type McpRun } from './support.ts';

/** The expect actions as MCP tools: one per action, from the registry; a check that holds is recorded, one that does not is an error. */

test.describe.configure({ timeout: 180_000 });

test('browser_expect_* tools check the live page, answer the assertion they ran, and are recorded', async () => {
  const demo = await startDemoServer({ port: 0 });
  const cwd = await tempDir('mcp-expect');
  const out = path.join(cwd, 'out');
  let mcp: McpRun | null = null;
  try {
    mcp = await startMcp({ cwd, out });
    const { tools } = await mcp.client.listTools();
    const byName = new Map(tools.map((t) => [t.name, t]));
    for (const name of ['browser_expect_text', 'browser_expect_url', 'browser_expect_title', 'browser_expect_value', 'browser_expect_checked', 'browser_expect_count']) {
      expect(byName.has(name), name).toBe(true);
    }
    expect(Object.keys(byName.get('browser_expect_value')!.inputSchema.properties ?? {}).sort()).toEqual(['target', 'value']);
    expect(byName.get('browser_expect_value')!.inputSchema.required).toEqual(expect.arrayContaining(['target', 'value']));
    expect(byName.get('browser_expect_text')!.inputSchema.required ?? []).not.toContain('target');

    const started = await callTool(mcp, 'start_recording', { url: `${demo.url}login`, intent: 'check the login page' });
    expect(started.isError, started.text).toBe(false);
    const id = String(started.structured?.sessionId);

    const title = await callTool(mcp, 'browser_expect_url', { url: '/login' });
    expect(title.isError, title.text).toBe(false);
    expect(ranCode(title.text)).toBe('await expect(page).toHaveURL(/\\/login/);');

    const heading = await callTool(mcp, 'browser_expect_text', { target: "getByRole('heading', { level: 1 })", text: 'Sign in' });
    expect(heading.isError, heading.text).toBe(false);
    expect(ranCode(heading.text)).toMatch(/^await expect\(page\.getByRole\('heading'.*\)\)\.toContainText\('Sign in'\);$/);

    const count = await callTool(mcp, 'browser_expect_count', { target: 'css=input[type=password]', count: 1 });
    expect(count.isError, count.text).toBe(false);
    expect(ranCode(count.text)).toBe("await expect(page.locator('input[type=password]')).toHaveCount(1);");

    const wrong = await callTool(mcp, 'browser_expect_value', { target: { role: 'textbox', name: 'Email' }, value: 'someone@example.com' });
    expect(wrong.isError).toBe(true);
    expect(wrong.text).toMatch(/expected textbox "Email" to hold the value "someone@example\.com"; got "" after \d+ ms/);

    const stopped = await callTool(mcp, 'stop_recording');
    expect(stopped.isError, stopped.text).toBe(false);
    const history = History.parse(JSON.parse(fs.readFileSync(path.join(out, 'history', `${id}.json`), 'utf8')));
    expect(history.steps.map((s) => [s.action, s.ok])).toEqual([['expect_url', true], ['expect_text', true], ['expect_count', true], ['expect_value', false]]);
  } finally {
    await mcp?.close();
    await demo.close();
    fs.rmSync(cwd, { recursive: true, force: true });
  }
});
