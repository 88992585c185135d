import { Writable } from 'node:stream';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { BuError, errorMessage } from '../core/errors.ts';
import { kPackageVersion } from '../core/package.ts';
import { LiveBrowser } from './live.ts';
import type { LiveOptions } from './live-options.ts';
import { browserTools } from './tools/browser.ts';
import { errorAnswer, type McpTool, type ToolAnswer, type ToolContext } from './tools/define.ts';
import { fileTools } from './tools/files.ts';
import { pipelineTools } from './tools/pipeline.ts';
import { recordingTools } from './tools/recording.ts';

/**
 * `bu mcp`: an MCP server on stdio that owns one live capture session between calls. Calls run
 * one at a time (they share the browser and the recording). stdout carries the protocol only:
 * anything else written there while the server runs goes to stderr.
 */

export const kServerName = 'brow-use';

export const allTools: readonly McpTool[] = [...browserTools, ...recordingTools, ...fileTools, ...pipelineTools];

function failure(tool: string, err: unknown, log: (message: string) => void): ToolAnswer {
  const message = errorMessage(err).split('\n')[0]!;
  log(`mcp: ${tool} failed: ${message}`);
  return errorAnswer(err instanceof BuError && err.hint ? `${message}\n${err.hint}` : message);
}

export function createMcpServer(ctx: ToolContext): McpServer {
  const server = new McpServer({ name: kServerName, version: kPackageVersion }, { capabilities: { tools: {} } });
  let queue: Promise<unknown> = Promise.resolve();
  for (const tool of allTools) {
    server.registerTool(
      tool.name,
      { title: tool.title, description: tool.description, inputSchema: tool.input, annotations: { readOnlyHint: tool.readOnly ?? false } },
      (args: unknown) => {
        const call = queue.then(async () => {
          ctx.log(`mcp: ${tool.name}`);
          try {
            return await tool.run(ctx, args as never);
          } catch (err) {
            return failure(tool.name, err, ctx.log);
          }
        });
        queue = call.catch(() => undefined);
        return call;
      },
    );
  }
  return server;
}

export interface ServeOptions extends Omit<LiveOptions, 'signal'> {
  signal: AbortSignal;
  stdin?: NodeJS.ReadableStream;
  stdout?: NodeJS.WriteStream;
}

/** Serves until the client closes stdin (or the signal aborts); then ends any recording and closes the browser. */
export async function serveMcp(options: ServeOptions): Promise<void> {
  const stdin = options.stdin ?? process.stdin;
  const stdout = options.stdout ?? process.stdout;
  const write = stdout.write.bind(stdout);
  const protocol = new Writable({ write: (chunk, encoding, done) => void write(chunk, encoding, done) });
  const restore = guardStdout(stdout);
  const live = new LiveBrowser(options);
  const ctx: ToolContext = { live, paths: options.paths, runs: options.runs, cwd: options.cwd, env: options.env, signal: options.signal, log: options.log };
  const server = createMcpServer(ctx);
  const transport = new StdioServerTransport(stdin as never, protocol);
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
    stdin.once('end', () => void transport.close());
    options.signal.addEventListener('abort', () => void transport.close(), { once: true });
  });
  try {
    await server.connect(transport);
    options.log(`mcp: ${kServerName} serving ${allTools.length} tools on stdio (output ${options.paths.root})`);
    await closed;
  } finally {
    await live.dispose();
    await server.close().catch(() => undefined);
    restore();
  }
}

/** Sends every other write to stdout to stderr until restored. */
function guardStdout(stdout: NodeJS.WriteStream): () => void {
  const original = stdout.write;
  stdout.write = ((...args: Parameters<typeof process.stderr.write>) => process.stderr.write(...args)) as typeof stdout.write;
  return () => {
    stdout.write = original;
  };
}
