import { z } from 'zod';
import { defineCommand } from '../commands/command.ts';
import { captureSettings, kCaptureFields, kDefaultMaxSteps } from '../commands/capture-options.ts';
import { serveMcp } from './server.ts';

/**
 * `bu mcp`: the MCP server on stdio. It takes the capture fields (attach with --cdp, a remote
 * browser with --ws-endpoint, secrets, allowed domains ...) and serves until the client disconnects.
 * It lives in mcp/, a floor above commands/, and the command table loads it like any other.
 */
export const mcpCommand = defineCommand({
  name: 'mcp',
  summary: 'MCP server on stdio exposing the browser, recording, file, extract, generate and replay tools',
  input: z.object(kCaptureFields),
  async run(ctx, input) {
    const settings = captureSettings(ctx, input, kDefaultMaxSteps);
    await serveMcp({ paths: ctx.paths, runs: ctx.runs, cwd: ctx.cwd, env: ctx.env, settings, signal: ctx.signal, log: ctx.log });
    return { code: 0, result: undefined };
  },
});
