import path from 'node:path';
import { writeFileAtomic } from '../core/io/atomic.ts';
import { applyHeal, heal, type HealChange, type HealResult } from '../heal/heal.ts';
import { healAndRerun, kDefaultRounds, type RerunResult } from '../heal/rerun.ts';
import { positive } from './capture-llm.ts';
import type { CommandDef } from './command.ts';

function changeLines(change: HealChange): string[] {
  const ruledOut = change.runnerUp?.contradictions.length ? `, ruled out: ${change.runnerUp.contradictions.join(', ')}` : '';
  const runner = change.runnerUp ? `runner-up ${change.runnerUp.what} (score ${change.runnerUp.score}${ruledOut}), margin ${change.margin}` : 'no runner-up';
  return [
    `healed ${change.member} (${change.file}) for "${change.test}"`,
    `  ${change.before}  ->  ${change.after}`,
    `  found at level ${change.level}, score ${change.score} (position aside); matched ${change.signals.join(', ') || 'no single signal'}; ${runner}`,
  ];
}

export const healCommand: CommandDef = {
  name: 'heal',
  summary: "repair generated page objects from failing tests' Playwright traces: re-find each broken locator's recorded element, print a patch",
  args: ['<traces...>'],
  options: [
    { flags: '--dir <dir>', description: 'the generated folder (holds pom/ and pom/.fingerprints.json)', default: '.' },
    { flags: '--patch <file>', description: 'write the unified diff to this file instead of stdout' },
    { flags: '--write', description: 'apply the changes to the page objects' },
    { flags: '--rerun', description: "after writing, run the healed tests again with the project's Playwright and heal what fails next (a flow broken at several members), round by round; implies --write" },
    { flags: '--rounds <n>', description: `heal rounds with --rerun, the first included (default ${kDefaultRounds})` },
  ],
  json: true,
  async run(ctx, args, options) {
    const inputs = args.filter(Boolean).map((input) => path.resolve(ctx.cwd, input));
    const root = path.resolve(ctx.cwd, typeof options.dir === 'string' ? options.dir : '.');
    const started = Date.now();
    const rerun = Boolean(options.rerun);
    const rounds = positive(options.rounds, '--rounds', true) ?? kDefaultRounds;
    const result: HealResult & Partial<Pick<RerunResult, 'rounds' | 'green' | 'rerunProblem'>> = rerun ? await healAndRerun({ root, inputs, env: ctx.env, rounds }) : await heal({ root, inputs, env: ctx.env });
    for (const change of result.changes) for (const line of changeLines(change)) ctx.log(line);
    for (const refused of result.notHealed) ctx.log(`not healed: "${refused.test}": ${refused.reason}`);
    if (typeof options.patch === 'string') {
      await writeFileAtomic(path.resolve(ctx.cwd, options.patch), result.diff);
      ctx.log(`patch: ${options.patch}`);
    } else if (result.diff) ctx.print(result.diff.trimEnd());
    if (rerun) ctx.log(`wrote ${result.files.size} page object(s) over ${result.rounds ?? 1} round(s); passing when rerun: ${result.green?.length ?? 0}`);
    if (result.rerunProblem) ctx.log(`rerun failed: ${result.rerunProblem}`);
    // --rerun has written every round already: its result's `before` is the page objects as they
    // were, which applyHeal would take the files it wrote itself for someone else's edit.
    else if (options.write && !rerun) {
      await applyHeal(root, result.files);
      ctx.log(`wrote ${result.files.size} page object(s)`);
    }
    ctx.log(`${result.failing} failing test(s): ${result.changes.length} healed, ${result.notHealed.length} not healable (${Date.now() - started} ms)`);
    ctx.result({
      failing: result.failing, healed: result.changes.length, notHealed: result.notHealed,
      changes: result.changes, files: [...result.files.keys()], diff: result.diff, written: Boolean(options.write) || rerun,
      ...(rerun ? { rounds: result.rounds, green: result.green, rerunProblem: result.rerunProblem ?? null } : {}),
    });
    return result.notHealed.length || result.rerunProblem ? 1 : 0;
  },
};
