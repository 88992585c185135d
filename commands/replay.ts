import path from 'node:path';
import { launchBrowser } from '../core/browser.ts';
import { reserveSessionId } from '../core/session-id.ts';
import { UsageError } from '../core/errors.ts';
import { sessionFilesDir } from '../core/paths.ts';
import { resolveSubstitutions, parseVarFlags } from '../replay/inputs.ts';
import { loadHistory } from '../replay/load.ts';
import { replay } from '../replay/replay.ts';
import { summaryLine, writeReport } from '../replay/report.ts';
import { stepLine } from '../replay/step-line.ts';
import { writeBack } from '../replay/write-back.ts';
import type { CommandDef } from './command.ts';

function parseBaseUrl(value: unknown): string | null {
  if (typeof value !== 'string' || !value) return null;
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http');
    return url.href;
  } catch {
    throw new UsageError(`the base URL ${value} (--base-url or BASE_URL) is not an http(s) URL`, 'e.g. --base-url http://127.0.0.1:8080/');
  }
}

export const replayCommand: CommandDef = {
  name: 'replay',
  summary: 'replay a recorded history against the app, re-finding each element and verifying each step',
  args: ['<history>'],
  options: [
    { flags: '--base-url <url>', description: 'rebase recorded URLs onto this address (default: BASE_URL, else baseURL of brow-use.config.ts)', env: 'BASE_URL' },
    { flags: '--var <name=value>', description: 'value of a {{var:NAME}} placeholder (repeatable)', repeatable: true },
    { flags: '--strategy <strategy>', description: 'full: the rematch cascade; locator-only: only the recorded locator', choices: ['full', 'locator-only'], default: 'full' },
    { flags: '--heal <mode>', description: 'off: never a model; llm: a model picks among candidates when the cascade fails', choices: ['off', 'llm'], default: 'off' },
    { flags: '--write-back', description: 'write a new history version with healed locators and fingerprints, plus a diff' },
    { flags: '--upload-path <path>', description: 'a file or folder upload steps may use besides the session files (repeatable)', repeatable: true },
    { flags: '--headed', description: 'show the browser' },
  ],
  json: true,
  async run(ctx, [arg], options) {
    const { history, file } = await loadHistory(arg!, ctx.paths, ctx.cwd);
    const baseUrl = parseBaseUrl(options.baseUrl);
    const substitutions = resolveSubstitutions(history, parseVarFlags((options.var as string[] | undefined) ?? []), ctx.env);
    const strategy = options.strategy === 'locator-only' ? 'locator-only' : 'full';
    // The model client loads only when healing is asked for: a plain replay never touches it.
    const healer = options.heal === 'llm' ? (await import('./replay-healer.ts')).createReplayHealer({ env: ctx.env, logFile: ctx.paths.llmLog(history.sessionId) }) : null;
    const replayId = await reserveSessionId(ctx.paths.stateDir, 'replay', Date.now());

    const browser = await launchBrowser({ headless: !options.headed, env: ctx.env });
    let result;
    try {
      const context = await browser.newContext(history.viewport ? { viewport: history.viewport } : {});
      const page = await context.newPage();
      ctx.log(`replaying ${history.sessionId} (${history.steps.length} steps, strategy ${strategy}, heal ${healer ? 'llm' : 'off'})`);
      result = await replay(page, history, {
        replayId, baseUrl, substitutions, strategy, healer,
        writeBack: Boolean(options.writeBack),
        // The report is written for anyone to check the page the replay left.
        finalSnapshot: true,
        files: { filesDir: sessionFilesDir(ctx.paths, history.sessionId), uploadPaths: (options.uploadPath as string[] | undefined) ?? [], cwd: ctx.cwd },
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
    ctx.result({ ...report.summary, replayId, sessionId: history.sessionId, reportPath, writeBack: written, ...(interrupted ? { interrupted } : {}) });
    return report.summary.ok && !interrupted ? 0 : 1;
  },
};
