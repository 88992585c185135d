import { serveMcp } from '../../mcp/server.ts';
import type { CommandDef } from '../../commands/command.ts';
import { captureSettings, kCaptureOptions, kDefaultMaxSteps } from '../../commands/capture-options.ts';

/**
 * `bu mcp`: the MCP server on stdio. It takes the capture options (attach with --cdp, a remote
 * browser with --ws-endpoint, secrets, allowed domains ...) and serves until the client disconnects.
 */
export const mcpCommand: CommandDef = {
  name: 'mcp',
  summary: 'MCP server on stdio exposing the browser, recording, file, extract, generate and replay tools',
  options: [...kCaptureOptions],
  async run(ctx, _args, options) {
    const settings = captureSettings(ctx, options, kDefaultMaxSteps);
    await serveMcp({ paths: ctx.paths, runs: ctx.runs, cwd: ctx.cwd, env: ctx.env, settings, signal: ctx.signal, log: ctx.log });
    return 0;
  },
};
