import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { UsageError } from '../core/errors.ts';
import { packageFile } from '../core/package.ts';
import { TerminationReason } from '../core/schema/run.ts';
import { Secrets } from '../capture/record/secrets.ts';
import type { CaptureResult as RecordedCapture, CaptureSettings } from '../capture/run-capture.ts';
import { kDefaultViewport } from '../capture/session.ts';
import { kDefaultSessionPort } from '../capture/session-mode/protocol.ts';
import type { CommandContext, Outcome } from './command.ts';
import { cliField, wholeNumber } from './field-meta.ts';

/**
 * What every `bu capture` subcommand shares: the common fields, turning them into settings, and
 * reporting the result. Subcommand modules import this file (not capture.ts, which imports them).
 */

/** Enough for a real exploration, small enough that a crawler on a huge site ends in minutes. */
export const kDefaultMaxSteps = 25;
const kPortMessage = 'expected a port number (1-65535)';

/** The fields every `bu capture` subcommand (and `bu mcp`) takes: which browser, what it may reach, secrets and variables. */
export const kCaptureFields = {
  allowDomains: z.array(z.string().min(1)).optional().register(cliField, {
    description: 'only let the browser reach this domain (repeatable; subdomains included)', flag: 'allow-domain', value: 'domain',
  }),
  storageState: z.string().min(1).optional().register(cliField, { description: 'cookies and storage to start from; written back at the end', value: 'file' }),
  secrets: z.array(z.string().min(1)).optional().register(cliField, {
    description: 'a secret used as {{secret:NAME}}; its value comes from env BU_SECRET_<NAME> (repeatable)', flag: 'secret', value: 'name',
  }),
  vars: z.record(z.string(), z.string()).optional().register(cliField, { description: 'a variable used as {{var:NAME}} (repeatable)', flag: 'var', example: '--var query=Lamp' }),
  headed: z.boolean().default(false).register(cliField, { description: 'show the browser window' }),
  cdp: z.string().min(1).optional().register(cliField, { description: 'attach to a running Chrome over CDP (http://host:port)', value: 'url' }),
  wsEndpoint: z.string().min(1).optional().register(cliField, { description: 'connect to a remote Playwright browser server (ws://...)', value: 'url' }),
  mode: z.enum(['session']).optional().register(cliField, {
    description: `session: drive a tab of your own Chrome through the brow-use extension (${packageFile('README.md', process.cwd())} "Session mode")`,
  }),
  sessionPort: z.number().int(kPortMessage).min(1, kPortMessage).max(65535, kPortMessage).optional().register(cliField, {
    description: `with --mode session: the 127.0.0.1 port the extension connects to (default ${kDefaultSessionPort})`, value: 'port',
  }),
  viewport: z.object({ width: wholeNumber(), height: wholeNumber() }).optional().register(cliField, {
    description: `viewport size (default ${kDefaultViewport.width}x${kDefaultViewport.height})`,
  }),
  uploadPaths: z.array(z.string().min(1)).optional().register(cliField, {
    description: 'a file or folder upload_file may use besides the session files (repeatable)', flag: 'upload-path', value: 'path',
  }),
  screencast: z.boolean().default(false).register(cliField, {
    description: "also record the trace's screencast (the trace viewer's film strip); every action has its own screenshots without it",
  }),
};

export const CaptureFields = z.object(kCaptureFields);
export type CaptureFields = z.output<typeof CaptureFields>;

/** What a capture reports (`--json`, the API's `capture`). */
export const CaptureResult = z.object({
  sessionId: z.string(),
  terminationReason: TerminationReason,
  steps: z.number().int(),
  pagesVisited: z.number().int(),
  /** Label -> file (trace, history, aria log, ...). */
  artifacts: z.record(z.string(), z.string()),
  /** The run's answer or summary (`done`'s text). */
  text: z.string(),
  /** Why it ended with `error`. */
  error: z.string().nullable(),
  /** Whether the run said it succeeded; null when it did not say. */
  success: z.boolean().nullable(),
});
export type CaptureResult = z.output<typeof CaptureResult>;

/** Turns the shared fields into settings; a missing secret value fails here, before any browser starts. */
export function captureSettings(ctx: CommandContext, input: CaptureFields & { maxSteps?: number | undefined }, defaultMaxSteps = kDefaultMaxSteps): CaptureSettings {
  if (input.cdp && input.wsEndpoint) throw new UsageError('--cdp and --ws-endpoint exclude each other: pick one browser to drive');
  return {
    headed: input.headed,
    cdpUrl: input.cdp,
    wsEndpoint: input.wsEndpoint,
    storageState: input.storageState,
    allowDomains: input.allowDomains ?? [],
    secrets: Secrets.fromEnv(input.secrets ?? [], ctx.env, input.vars ?? {}),
    maxSteps: input.maxSteps ?? defaultMaxSteps,
    viewport: input.viewport,
    sessionMode: parseSessionMode(input),
    uploadPaths: parseUploadPaths(ctx.cwd, input.uploadPaths ?? []),
    screencast: input.screencast,
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
function parseSessionMode(input: CaptureFields): CaptureSettings['sessionMode'] {
  if (input.mode !== 'session') {
    if (input.sessionPort !== undefined) throw new UsageError('--session-port needs --mode session');
    return undefined;
  }
  for (const [key, flag] of [['cdp', '--cdp'], ['wsEndpoint', '--ws-endpoint'], ['storageState', '--storage-state']] as const) {
    if (input[key] !== undefined) throw new UsageError(`--mode session excludes ${flag}: the capture drives your own Chrome and never saves its storage`);
  }
  return { port: input.sessionPort ?? kDefaultSessionPort };
}

/** Reports a finished capture: exit 0 for done/frontier-empty/maxSteps/maxLoopHits, 1 for an error or a run that says it failed. */
export function reportCapture(ctx: CommandContext, result: RecordedCapture): Outcome<CaptureResult> {
  const failed = result.terminationReason === 'error' || result.success === false;
  ctx.print(`${result.sessionId}: ${result.terminationReason} after ${result.steps} step(s), ${result.pagesVisited} page(s)`);
  for (const [label, file] of Object.entries(result.artifacts)) ctx.print(`  ${label}: ${file}`);
  if (result.terminationReason === 'error') ctx.log(`bu: capture failed: ${result.error ?? result.text}`);
  else if (result.success === false) ctx.log(`bu: the run ended unsuccessfully: ${result.text}`);
  const { sessionId, terminationReason, steps, pagesVisited, artifacts, text, error, success } = result;
  return { code: failed ? 1 : 0, result: { sessionId, terminationReason, steps, pagesVisited, artifacts, text, error, success } };
}
