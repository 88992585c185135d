import { UsageError } from '../core/errors.ts';
import type { CommandDef } from './command.ts';

function pad(text: string, width: number): string {
  return text.length >= width ? text : text + ' '.repeat(width - text.length);
}

export const runsCommand: CommandDef = {
  name: 'runs',
  summary: 'the run database (.brow-use/runs.json)',
  subcommands: [
    {
      name: 'list',
      summary: 'list recorded runs, newest last',
      json: true,
      async run(ctx) {
        const runs = await ctx.runs.list();
        if (!runs.length) ctx.print(`no runs yet in ${ctx.runs.file}: run \`bu capture\` first`);
        for (const run of runs) {
          ctx.print(
            `${pad(run.sessionId, 28)} ${pad(run.terminationReason ?? (run.endedAt ? '-' : 'running'), 15)} ${pad(run.startedAt, 25)} ${run.url}`,
          );
        }
        ctx.result({ runs });
        return 0;
      },
    },
    {
      name: 'show',
      summary: 'show one run entry',
      args: ['<session>'],
      json: true,
      async run(ctx, [sessionId]) {
        const run = await ctx.runs.get(sessionId!);
        if (!run) throw new UsageError(`no run ${sessionId} in ${ctx.runs.file}`, 'see `bu runs list` for recorded sessions');
        ctx.print(JSON.stringify(run, null, 2));
        ctx.result({ run });
        return 0;
      },
    },
  ],
};
