import fs from 'node:fs';
import { extractTrace } from '../extract/extract.ts';
import { UsageError } from '../core/errors.ts';
import { writeReport } from '../report/report.ts';
import type { CommandDef } from './command.ts';

export const reportCommand: CommandDef = {
  name: 'report',
  summary: 'write a static HTML timeline of a run and its replays (report/<id>/index.html)',
  args: ['<session>'],
  json: true,
  async run(ctx, [sessionId]) {
    const id = sessionId!;
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
    ctx.result({ sessionId: id, reportPath: file, steps, replays });
    return 0;
  },
};
