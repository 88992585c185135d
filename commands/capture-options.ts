import fs from 'node:fs';
import path from 'node:path';
import { UsageError } from '../core/errors.ts';
import { packageFile } from '../core/package.ts';
import { Secrets } from '../capture/record/secrets.ts';
import type { CaptureResult, CaptureSettings } from '../capture/run-capture.ts';
import { kDefaultViewport } from '../capture/session.ts';
import { kDefaultSessionPort } from '../capture/session-mode/protocol.ts';
import type { CommandContext, OptionDef } from './command.ts';

/**
 * What every `bu capture` subcommand shares: the common options, turning them into settings, and
 * reporting the result. Subcommand modules import this file (not capture.ts, which imports them).
 */

/** Enough for a real exploration, small enough that a crawler on a huge site ends in minutes. */
export const kDefaultMaxSteps = 25;

export const kCaptureOptions: OptionDef[] = [
  { flags: '--allow-domain <domain>', description: 'only let the browser reach this domain (repeatable; subdomains included)', repeatable: true },
  { flags: '--storage-state <file>', description: 'cookies and storage to start from; written back at the end' },
  { flags: '--secret <name>', description: 'a secret used as {{secret:NAME}}; its value comes from env BU_SECRET_<NAME> (repeatable)', repeatable: true },
  { flags: '--var <name=value>', description: 'a variable used as {{var:NAME}} (repeatable)', repeatable: true },
  { flags: '--headed', description: 'show the browser window' },
  { flags: '--cdp <url>', description: 'attach to a running Chrome over CDP (http://host:port)' },
  { flags: '--ws-endpoint <url>', description: 'connect to a remote Playwright browser server (ws://...)' },
  { flags: '--mode <mode>', description: `session: drive a tab of your own Chrome through the brow-use extension (${packageFile('README.md', process.cwd())} "Session mode")`, choices: ['session'] },
  { flags: '--session-port <port>', description: `with --mode session: the 127.0.0.1 port the extension connects to (default ${kDefaultSessionPort})` },
  { flags: '--viewport <WxH>', description: `viewport size (default ${kDefaultViewport.width}x${kDefaultViewport.height})` },
  { flags: '--upload-path <path>', description: 'a file or folder upload_file may use besides the session files (repeatable)', repeatable: true },
  { flags: '--screencast', description: "also record the trace's screencast (the trace viewer's film strip); every action has its own screenshots without it" },
];

function positiveInt(value: unknown, flag: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new UsageError(`${flag} ${String(value)}: expected a whole number of at least 1`);
  return n;
}

function parseVars(values: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of values) {
    const at = entry.indexOf('=');
    if (at < 1) throw new UsageError(`--var ${entry}: expected NAME=value`);
    out[entry.slice(0, at)] = entry.slice(at + 1);
  }
  return out;
}

function parseViewport(value: unknown): { width: number; height: number } | undefined {
  if (value === undefined) return undefined;
  const match = /^(\d+)x(\d+)$/.exec(String(value));
  if (!match) throw new UsageError(`--viewport ${String(value)}: expected WIDTHxHEIGHT, e.g. 1280x720`);
  return { width: Number(match[1]), height: Number(match[2]) };
}

/** Turns the shared options into settings; a missing secret value fails here, before any browser starts. */
export function captureSettings(ctx: CommandContext, options: Record<string, unknown>, defaultMaxSteps = kDefaultMaxSteps): CaptureSettings {
  if (options.cdp && options.wsEndpoint) throw new UsageError('--cdp and --ws-endpoint exclude each other: pick one browser to drive');
  const names = (options.secret as string[] | undefined) ?? [];
  return {
    headed: Boolean(options.headed),
    cdpUrl: options.cdp as string | undefined,
    wsEndpoint: options.wsEndpoint as string | undefined,
    storageState: options.storageState as string | undefined,
    allowDomains: (options.allowDomain as string[] | undefined) ?? [],
    secrets: Secrets.fromEnv(names, ctx.env, parseVars((options.var as string[] | undefined) ?? [])),
    maxSteps: options.maxSteps === undefined ? defaultMaxSteps : positiveInt(options.maxSteps, '--max-steps'),
    viewport: parseViewport(options.viewport),
    sessionMode: parseSessionMode(options),
    uploadPaths: parseUploadPaths(ctx.cwd, (options.uploadPath as string[] | undefined) ?? []),
    screencast: Boolean(options.screencast),
  };
}

/** `--upload-path` entries, absolute; each must exist now (a typo should not surface mid-run). */
function parseUploadPaths(cwd: string, values: string[]): string[] {
  return values.map((value) => {
    const resolved = path.resolve(cwd, value);
    if (!fs.existsSync(resolved)) throw new UsageError(`--upload-path ${value}: no such file or folder (${resolved})`, 'pass an existing file or folder');
    return resolved;
  });
}

/** `--mode session [--session-port N]`; it drives the user's own browser, so it excludes the other browser options. */
function parseSessionMode(options: Record<string, unknown>): CaptureSettings['sessionMode'] {
  if (options.mode !== 'session') {
    if (options.sessionPort !== undefined) throw new UsageError('--session-port needs --mode session');
    return undefined;
  }
  for (const [key, flag] of [['cdp', '--cdp'], ['wsEndpoint', '--ws-endpoint'], ['storageState', '--storage-state']] as const) {
    if (options[key] !== undefined) throw new UsageError(`--mode session excludes ${flag}: the capture drives your own Chrome and never saves its storage`);
  }
  const port = options.sessionPort === undefined ? kDefaultSessionPort : Number(options.sessionPort);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new UsageError(`--session-port ${String(options.sessionPort)}: expected a port number (1-65535)`);
  return { port };
}

/** Reports a finished capture; returns the exit code (0 for done/frontier-empty/maxSteps/maxLoopHits, 1 for an error). */
export function reportCapture(ctx: CommandContext, result: CaptureResult): number {
  const failed = result.terminationReason === 'error' || result.success === false;
  ctx.print(`${result.sessionId}: ${result.terminationReason} after ${result.steps} step(s), ${result.pagesVisited} page(s)`);
  for (const [label, file] of Object.entries(result.artifacts)) ctx.print(`  ${label}: ${file}`);
  if (result.terminationReason === 'error') ctx.log(`bu: capture failed: ${result.error ?? result.text}`);
  else if (result.success === false) ctx.log(`bu: the run ended unsuccessfully: ${result.text}`);
  ctx.result({
    sessionId: result.sessionId, terminationReason: result.terminationReason, steps: result.steps, pagesVisited: result.pagesVisited,
    artifacts: result.artifacts, text: result.text, error: result.error, success: result.success,
  });
  return failed ? 1 : 0;
}

