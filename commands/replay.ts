import path from 'node:path';
import { z } from 'zod';
import { launchBrowser } from '../core/browser.ts';
import { reserveSessionId } from '../core/session-id.ts';
import { UsageError } from '../core/errors.ts';
import { sessionFilesDir } from '../core/paths.ts';
import { ReplaySummary } from '../core/schema/replay-report.ts';
import { resolveSubstitutions } from '../replay/inputs.ts';
import { loadHistory } from '../replay/load.ts';
import { replay } from '../replay/replay.ts';
import { summaryLine, writeReport } from '../replay/report.ts';
import { stepLine } from '../replay/step-line.ts';
import { writeBack } from '../replay/write-back.ts';
import { defineCommand } from './command.ts';
import { cliField } from './field-meta.ts';

function parseBaseUrl(value: string | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http');
    return url.href;
  } catch {
    throw new UsageError(`the base URL ${value} (--base-url or BASE_URL) is not an http(s) URL`, 'e.g. --base-url http://127.0.0.1:8080/');
  }
}

export const ReplayInput = z.object({
  history: z.string().min(1).register(cliField, { description: 'a session id or a history JSON file', positional: true }),
  baseUrl: z.string().optional().register(cliField, {
    description: 'rebase recorded URLs onto this address (default: BASE_URL, else baseURL of brow-use.config.ts)', value: 'url', env: 'BASE_URL',
  }),
  vars: z.record(z.string(), z.string()).optional().register(cliField, { description: 'value of a {{var:NAME}} placeholder (repeatable)', flag: 'var', example: '--var query=Lamp' }),
  strategy: z.enum(['full', 'locator-only']).default('full').register(cliField, { description: 'full: the rematch cascade; locator-only: only the recorded locator' }),
  fallback: z.enum(['off', 'llm']).default('off').register(cliField, {
    description: 'off: never a model; llm: a model picks among candidates when the cascade fails', value: 'mode', deprecatedFlag: 'heal',
  }),
  writeBack: z.boolean().default(false).register(cliField, { description: 'write a new history version with healed locators and fingerprints, plus a diff' }),
  uploadPaths: z.array(z.string()).optional().register(cliField, { description: 'a file or folder upload steps may use besides the session files (repeatable)', flag: 'upload-path', value: 'path' }),
  headed: z.boolean().default(false).register(cliField, { description: 'show the browser' }),
});

export const ReplayResult = ReplaySummary.extend({
  replayId: z.string(),
  sessionId: z.string(),
  reportPath: z.string(),
  /** With --write-back: the new history version, or null when no step needed healing. */
  writeBack: z.object({ historyFile: z.string(), diffFile: z.string(), changedSteps: z.number().int() }).nullable(),
  /** Stopped by a signal: the steps not run are skipped, and the replay is not a pass. */
  interrupted: z.literal(true).optional(),
});

export const replayCommand = defineCommand({
  name: 'replay',
  summary: 'replay a recorded history against the app, re-finding each element and verifying each step',
  input: ReplayInput,
  result: ReplayResult,
  async run(ctx, options) {
    const { history, file } = await loadHistory(options.history, ctx.paths, ctx.cwd);
    const baseUrl = parseBaseUrl(options.baseUrl);
    const substitutions = resolveSubstitutions(history, options.vars ?? {}, ctx.env);
    const { strategy } = options;
    // The model client loads only when the fallback is asked for: a plain replay never touches it.
    const fallback = options.fallback === 'llm' ? (await import('./replay-fallback.ts')).createReplayFallback({ env: ctx.env, logFile: ctx.paths.llmLog(history.sessionId) }) : null;
    const replayId = await reserveSessionId(ctx.paths.stateDir, 'replay', Date.now());

    const browser = await launchBrowser({ headless: !options.headed, env: ctx.env });
    let result;
    try {
      const context = await browser.newContext(history.viewport ? { viewport: history.viewport } : {});
      const page = await context.newPage();
      ctx.log(`replaying ${history.sessionId} (${history.steps.length} steps, strategy ${strategy}, fallback ${options.fallback})`);
      result = await replay(page, history, {
        replayId, baseUrl, substitutions, strategy, fallback,
        writeBack: options.writeBack,
        // The report is written for anyone to check the page the replay left.
        finalSnapshot: true,
        files: { filesDir: sessionFilesDir(ctx.paths, history.sessionId), uploadPaths: options.uploadPaths ?? [], cwd: ctx.cwd },
        signal: ctx.signal,
        onStep: (step, total) => ctx.log(stepLine(step, total)),
        log: ctx.log,
      });
    } finally {
      await browser.close().catch(() => undefined);
    }
    const { report } = result;
    const reportPath = path.join(ctx.paths.replayDir(history.sessionId), `${replayId}.json`);
    await writeReport(reportPath, report);
    const written = options.writeBack ? await writeBack(file, history, result.rewritten) : null;
    if (written) ctx.log(`wrote ${written.historyFile} (${written.changedSteps} step(s) changed; diff in ${written.diffFile})`);
    else if (options.writeBack) ctx.log('nothing to write back: no step needed healing');
    if (await ctx.runs.get(history.sessionId).catch(() => undefined)) {
      await ctx.runs.upsert({ sessionId: history.sessionId, artifacts: { [`replay:${replayId}`]: reportPath } });
    }
    ctx.print(summaryLine(report.summary));
    ctx.print(`report: ${reportPath}`);
    // An interrupted replay did not check the whole flow: it is not a pass, whatever the steps that ran did.
    const interrupted = ctx.signal.aborted;
    if (interrupted) ctx.log(`bu: replay interrupted: the steps not run are marked skipped in ${reportPath}`);
    return {
      code: report.summary.ok && !interrupted ? 0 : 1,
      result: { ...report.summary, replayId, sessionId: history.sessionId, reportPath, writeBack: written, ...(interrupted ? { interrupted } : {}) },
    };
  },
});
