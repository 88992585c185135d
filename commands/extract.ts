import fs from 'node:fs';
import { BuError, UsageError } from '../core/errors.ts';
import { extractTrace, type ExtractResult } from '../extract/extract.ts';
import type { CommandContext, CommandDef } from './command.ts';

function summary(result: ExtractResult): string {
  const c = result.manifest.counts;
  return `extracted ${result.id}: ${c.steps} steps (${c.actions} Playwright calls), ${c.edges} edges, ${c.network} requests, ${c.screenshots} screenshots -> ${result.dir}`;
}

async function recordArtifact(ctx: CommandContext, result: ExtractResult): Promise<void> {
  if (!result.manifest.sessionId) return;
  if (!(await ctx.runs.get(result.manifest.sessionId))) return;
  await ctx.runs.upsert({ sessionId: result.manifest.sessionId, artifacts: { extract: result.dir } });
}

async function extractAll(ctx: CommandContext): Promise<number> {
  const runs = await ctx.runs.list();
  const pending = runs.filter((r) => fs.existsSync(ctx.paths.trace(r.sessionId)) && !fs.existsSync(ctx.paths.extractDir(r.sessionId)));
  if (!pending.length) ctx.print(`nothing to extract: every run in ${ctx.runs.file} with a trace is already extracted`);
  const done: ExtractResult[] = [];
  const failed: { sessionId: string; error: string }[] = [];
  for (const [i, run] of pending.entries()) {
    if (ctx.signal.aborted) break;
    ctx.log(`[${i + 1}/${pending.length}] extracting ${run.sessionId}`);
    try {
      const result = await extractTrace(run.sessionId, { paths: ctx.paths, cwd: ctx.cwd });
      await recordArtifact(ctx, result);
      done.push(result);
      ctx.print(summary(result));
    } catch (err) {
      if (!(err instanceof BuError)) throw err;
      failed.push({ sessionId: run.sessionId, error: err.message });
      ctx.log(`bu: ${run.sessionId}: ${err.message}`);
    }
  }
  ctx.result({ extracted: done.map((r) => ({ sessionId: r.id, dir: r.dir, counts: r.manifest.counts })), failed });
  return failed.length ? 1 : 0;
}

export const extractCommand: CommandDef = {
  name: 'extract',
  summary: 'trace zip + sidecars -> JSONL and screenshots in extract/<id>/ (no browser, no LLM)',
  args: ['[session]'],
  options: [{ flags: '--all', description: 'extract every run in the run database that is not extracted yet' }],
  json: true,
  async run(ctx, [target], options) {
    if (options.all) {
      if (target) throw new UsageError('pass a session (or a trace zip path) or --all, not both');
      return extractAll(ctx);
    }
    if (!target) throw new UsageError('`bu extract` needs a session id, a path to a trace zip, or --all', 'see `bu runs list` for recorded sessions');
    ctx.log(`extracting ${target}`);
    const result = await extractTrace(target, { paths: ctx.paths, cwd: ctx.cwd });
    await recordArtifact(ctx, result);
    ctx.print(summary(result));
    ctx.result({ sessionId: result.manifest.sessionId, id: result.id, dir: result.dir, counts: result.manifest.counts });
    return 0;
  },
};
