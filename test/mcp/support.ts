import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { chromiumArgs, resolveBrowser } from '../../core/browser.ts';
import { kBuBin } from '../../harness/cli.ts';

/** Helpers for MCP tests: `bu mcp` behind a real MCP client, and a Chromium to attach to over CDP. */

export interface McpRun {
  client: Client;
  /** What the server wrote to stderr so far (progress). */
  stderr(): string;
  /** Protocol errors the client saw (e.g. a stdout line that is not JSON-RPC). */
  protocolErrors: Error[];
  close(): Promise<void>;
}

/** Spawns `bu mcp ...args` in `cwd` with BU_OUTPUT=<out> and connects a client to it. */
export async function startMcp(options: { cwd: string; out: string; args?: string[]; env?: Record<string, string> }): Promise<McpRun> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [kBuBin, 'mcp', ...(options.args ?? [])],
    cwd: options.cwd,
    env: { ...(process.env as Record<string, string>), BU_OUTPUT: options.out, OPENAI_API_KEY: '', OPENAI_BASE_URL: '', ...options.env },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk) => (stderr += chunk));
  const client = new Client({ name: 'brow-use-test', version: '1.0.0' });
  const protocolErrors: Error[] = [];
  client.onerror = (err) => protocolErrors.push(err);
  await client.connect(transport);
  return { client, stderr: () => stderr, protocolErrors, close: () => client.close() };
}

export interface ToolText {
  text: string;
  isError: boolean;
  structured: Record<string, unknown> | undefined;
  images: number;
}

/** Calls a tool and returns its text content joined, its error flag and its structured content. */
export async function callTool(run: McpRun, name: string, args: Record<string, unknown> = {}): Promise<ToolText> {
  const result = await run.client.callTool({ name, arguments: args }, undefined, { timeout: 180_000 });
  const content = (result.content ?? []) as Array<{ type: string; text?: string }>;
  return {
    text: content.filter((c) => c.type === 'text').map((c) => c.text ?? '').join('\n'),
    isError: Boolean(result.isError),
    structured: result.structuredContent as Record<string, unknown> | undefined,
    images: content.filter((c) => c.type === 'image').length,
  };
}

/** The fenced Playwright code of a browser tool answer. */
export function ranCode(text: string): string {
  return /### Ran Playwright code\n```js\n([\s\S]*?)\n```/.exec(text)?.[1] ?? '';
}

export interface CdpChrome {
  /** `http://127.0.0.1:<port>`, what `--cdp` takes. */
  url: string;
  process: ChildProcess;
  close(): Promise<void>;
}

/** Starts Chromium with remote debugging on 127.0.0.1 (a free port) and a temp profile, showing `startUrl`. */
export async function startCdpChrome(startUrl: string): Promise<CdpChrome> {
  const profile = await fs.mkdtemp(path.join(os.tmpdir(), 'bu-test-cdp-profile-'));
  const child = spawn(
    resolveBrowser().executablePath,
    [...chromiumArgs(), '--headless', '--remote-debugging-address=127.0.0.1', '--remote-debugging-port=0', `--user-data-dir=${profile}`, startUrl],
    // Its own process group, so closing it also ends the renderer and GPU processes it started.
    { stdio: ['ignore', 'ignore', 'pipe'], detached: true },
  );
  const ws = await new Promise<string>((resolve, reject) => {
    let err = '';
    const timer = setTimeout(() => reject(new Error(`Chromium did not report a DevTools address:\n${err}`)), 30_000);
    child.stderr!.on('data', (chunk) => {
      err += chunk;
      const match = /DevTools listening on (ws:\/\/\S+)/.exec(err);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.on('exit', (code) => reject(new Error(`Chromium exited (${code}) before listening:\n${err}`)));
  });
  const { hostname, port } = new URL(ws);
  return {
    url: `http://${hostname}:${port}`,
    process: child,
    async close() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        process.kill(-child.pid!, 'SIGKILL');
        await exited;
      }
      await fs.rm(profile, { recursive: true, force: true });
    },
  };
}
