import fs from 'node:fs';
import { z } from 'zod';
import { extractTrace } from '../extract/extract.ts';
import { UsageError } from '../core/errors.ts';
import { writeReport } from '../report/report.ts';
import { defineCommand } from './command.ts';
import { cliField } from './field-meta.ts';

export const ReportInput = z.object({
  session: z.string().min(1).register(cliField, { description: 'a session id (see `bu runs list`)', positional: true }),
});

export const ReportResult = z.object({ sessionId: z.string(), reportPath: z.string(), steps: z.number().int(), replays: z.number().int() });

export const reportCommand = defineCommand({
  name: 'report',
  summary: 'write a static HTML timeline of a run and its replays (report/<id>/index.html)',
  input: ReportInput,
  result: ReportResult,
  async run(ctx, { session: id }) {
    const run = await ctx.runs.get(id);
    if (!fs.existsSync(ctx.paths.extractDir(id))) {
      if (!fs.existsSync(ctx.paths.trace(id))) {
        throw new UsageError(`no trace for session ${id} in ${ctx.paths.root}`, 'run `bu capture` first, or check BU_OUTPUT and `bu runs list`');
      }
      ctx.log(`extracting ${id} first`);
      await extractTrace(id, { paths: ctx.paths, cwd: ctx.cwd });
    }
    const { file, steps, replays } = await writeReport({ paths: ctx.paths, sessionId: id, run });
    ctx.log(`report: ${steps} steps, ${replays} replays`);
    ctx.print(file);
    return { code: 0, result: { sessionId: id, reportPath: file, steps, replays } };
  },
});
