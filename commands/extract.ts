import fs from 'node:fs';
import { z } from 'zod';
import { BuError, UsageError } from '../core/errors.ts';
import { ExtractCounts } from '../core/schema/extract.ts';
import { extractTrace, type ExtractResult } from '../extract/extract.ts';
import { defineCommand, type CommandContext, type Outcome } from './command.ts';
import { cliField } from './field-meta.ts';

export const ExtractInput = z.object({
  session: z.string().min(1).optional().register(cliField, { description: 'a session id or a path to a trace zip', positional: true }),
  all: z.boolean().default(false).register(cliField, { description: 'extract every run in the run database that is not extracted yet' }),
});

/** One run extracted. */
export const ExtractOneResult = z.object({ sessionId: z.string().nullable(), id: z.string(), dir: z.string(), counts: ExtractCounts });
/** `--all`: each run extracted, and those that could not be. */
export const ExtractAllResult = z.object({
  extracted: z.array(z.object({ sessionId: z.string(), dir: z.string(), counts: ExtractCounts })),
  failed: z.array(z.object({ sessionId: z.string(), error: z.string() })),
});

function summary(result: ExtractResult): string {
  const c = result.manifest.counts;
  return `extracted ${result.id}: ${c.steps} steps (${c.actions} Playwright calls), ${c.edges} edges, ${c.network} requests, ${c.screenshots} screenshots -> ${result.dir}`;
}

async function recordArtifact(ctx: CommandContext, result: ExtractResult): Promise<void> {
  if (!result.manifest.sessionId) return;
  if (!(await ctx.runs.get(result.manifest.sessionId))) return;
  await ctx.runs.upsert({ sessionId: result.manifest.sessionId, artifacts: { extract: result.dir } });
}

async function extractAll(ctx: CommandContext): Promise<Outcome<z.input<typeof ExtractAllResult>>> {
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
  return { code: failed.length ? 1 : 0, result: { extracted: done.map((r) => ({ sessionId: r.id, dir: r.dir, counts: r.manifest.counts })), failed } };
}

export const extractCommand = defineCommand({
  name: 'extract',
  summary: 'trace zip + sidecars -> JSONL and screenshots in extract/<id>/ (no browser, no LLM)',
  input: ExtractInput,
  result: z.union([ExtractOneResult, ExtractAllResult]),
  async run(ctx, { session: target, all }) {
    if (all) {
      if (target) throw new UsageError('pass a session (or a trace zip path) or --all, not both');
      return extractAll(ctx);
    }
    if (!target) throw new UsageError('`bu extract` needs a session id, a path to a trace zip, or --all', 'see `bu runs list` for recorded sessions');
    ctx.log(`extracting ${target}`);
    const result = await extractTrace(target, { paths: ctx.paths, cwd: ctx.cwd });
    await recordArtifact(ctx, result);
    ctx.print(summary(result));
    return { code: 0, result: { sessionId: result.manifest.sessionId, id: result.id, dir: result.dir, counts: result.manifest.counts } };
  },
});
