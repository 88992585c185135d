import { z } from 'zod';
import { UsageError } from '../core/errors.ts';
import { RunRecord } from '../core/schema/run.ts';
import { defineCommand, defineGroup } from './command.ts';
import { cliField } from './field-meta.ts';

function pad(text: string, width: number): string {
  return text.length >= width ? text : text + ' '.repeat(width - text.length);
}

export const RunsListResult = z.object({ runs: z.array(RunRecord) });
export const RunsShowInput = z.object({
  session: z.string().min(1).register(cliField, { description: 'a session id', positional: true }),
});
export const RunsShowResult = z.object({ run: RunRecord });

const listCommand = defineCommand({
  name: 'list',
  summary: 'list recorded runs, newest last',
  input: z.object({}),
  result: RunsListResult,
  async run(ctx) {
    const runs = await ctx.runs.list();
    if (!runs.length) ctx.print(`no runs yet in ${ctx.runs.file}: run \`bu capture\` first`);
    for (const run of runs) {
      ctx.print(`${pad(run.sessionId, 28)} ${pad(run.terminationReason ?? (run.endedAt ? '-' : 'running'), 15)} ${pad(run.startedAt, 25)} ${run.url}`);
    }
    return { code: 0, result: { runs } };
  },
});

const showCommand = defineCommand({
  name: 'show',
  summary: 'show one run entry',
  input: RunsShowInput,
  result: RunsShowResult,
  async run(ctx, { session }) {
    const run = await ctx.runs.get(session);
    if (!run) throw new UsageError(`no run ${session} in ${ctx.runs.file}`, 'see `bu runs list` for recorded sessions');
    ctx.print(JSON.stringify(run, null, 2));
    return { code: 0, result: { run } };
  },
});

export const runsCommand = defineGroup({ name: 'runs', summary: 'the run database (.brow-use/runs.json)', subcommands: [listCommand, showCommand] });
