import path from 'node:path';
import { z } from 'zod';
import { writeFileAtomic } from '../core/io/atomic.ts';
import { applyHeal, heal, type HealChange, type HealResult } from '../heal/heal.ts';
import { healAndRerun, kDefaultRounds, type RerunResult } from '../heal/rerun.ts';
import type { ExpectationChange } from '../heal/expectation.ts';
import { healSuite } from '../heal/heal-suite.ts';
import { HealSummary, healSummary, summaryLine } from '../heal/heal-summary.ts';
import { UsageError } from '../core/errors.ts';
import { readBaselineFile } from './baseline.ts';
import { defineCommand } from './command.ts';
import { cliField, wholeNumber } from './field-meta.ts';

export const HealInput = z.object({
  traces: z.array(z.string().min(1)).min(1).register(cliField, { description: "failing tests' Playwright traces (zip files or folders of them)", positional: true }),
  dir: z.string().default('.').register(cliField, { description: 'the generated folder (holds pom/ and pom/.fingerprints.json)' }),
  baseline: z.string().min(1).optional().register(cliField, {
    description: 'heal any Playwright suite, hand-written or not, from the baseline `bu baseline` wrote from its passing runs (.brow-use/baseline.json); --dir is then not used',
    value: 'file',
  }),
  patch: z.string().min(1).optional().register(cliField, { description: 'write the unified diff to this file instead of stdout', value: 'file' }),
  write: z.boolean().default(false).register(cliField, { description: 'apply the changes to the page objects' }),
  rerun: z.boolean().default(false).register(cliField, {
    description: "after writing, run the healed tests again with the project's Playwright and heal what fails next (a flow broken at several members), round by round; implies --write",
  }),
  acceptExpectations: z.boolean().default(false).register(cliField, {
    description: 'also write the assertions whose expected value changed (shown for review under "expectations that changed"); never written without it',
  }),
  rounds: wholeNumber().optional().register(cliField, { description: `heal rounds with --rerun, the first included (default ${kDefaultRounds})` }),
});

const Runner = z.object({ what: z.string(), score: z.number(), contradictions: z.array(z.string()) });
export const HealChangeResult = z.object({
  test: z.string(), trace: z.string(), file: z.string(), member: z.string(), before: z.string(), after: z.string(),
  level: z.string(), score: z.number(), signals: z.array(z.string()), runnerUp: Runner.nullable(), margin: z.number().nullable(),
});

export const ExpectationChangeResult = z.object({
  test: z.string(), trace: z.string(), file: z.string(), line: z.number().int(), statement: z.string(), matcher: z.string(),
  before: z.string(), now: z.string().nullable(), after: z.string().nullable(), why: z.string().nullable(),
  refound: z.array(z.string()), missing: z.array(z.string()), accepted: z.boolean(),
});

const TestReason = z.object({ test: z.string(), trace: z.string(), reason: z.string() });

export const HealCommandResult = z.object({
  /** Failing tests (each once, however many traces of it), and traces that could not be read. */
  failing: z.number().int(),
  /** Failing tests something was written for: a locator, or an accepted expectation. */
  healed: z.number().int(),
  /** Each failing test in exactly one outcome; its counts add up to `failing`. */
  summary: HealSummary,
  /** Tests not healed, with why (a test healed in any round is under `green` or `stillFailing` instead). */
  notHealed: z.array(TestReason),
  /** Traces that could not be read and tests whose heal failed; the others were healed all the same. */
  errors: z.array(TestReason),
  changes: z.array(HealChangeResult),
  /** Assertions whose expected value changed, for review; written only with --accept-expectations. */
  expectations: z.array(ExpectationChangeResult),
  /** Page objects changed, by path under the generated folder. */
  files: z.array(z.string()),
  diff: z.string(),
  written: z.boolean(),
  /** With --rerun. */
  rounds: z.number().int().optional(),
  /** Healed tests whose last rerun passed. */
  green: z.array(z.string()).optional(),
  /** Healed tests whose last rerun failed, with how. */
  stillFailing: z.array(z.object({ test: z.string(), reason: z.string() })).optional(),
  rerunProblem: z.string().nullable().optional(),
});

function changeLines(change: HealChange): string[] {
  const ruledOut = change.runnerUp?.contradictions.length ? `, ruled out: ${change.runnerUp.contradictions.join(', ')}` : '';
  const runner = change.runnerUp ? `runner-up ${change.runnerUp.what} (score ${change.runnerUp.score}${ruledOut}), margin ${change.margin}` : 'no runner-up';
  return [
    `healed ${change.member} (${change.file}) for "${change.test}"`,
    `  ${change.before}  ->  ${change.after}`,
    `  found at level ${change.level}, score ${change.score} (position aside); matched ${change.signals.join(', ') || 'no single signal'}; ${runner}`,
  ];
}

/** The review section: each changed expectation's old and new value and the evidence of its page. */
function expectationLines(changes: ExpectationChange[], accept: boolean): string[] {
  if (!changes.length) return [];
  const lines = [`expectations that changed (${accept ? 'written where the page is the same' : 'for review: never written without --accept-expectations'}):`];
  for (const c of changes) {
    lines.push(`  ${c.file}:${c.line} "${c.test}"`, `    ${c.statement.replace(/\s*\n\s*/g, ' ')}`);
    lines.push(`    expected ${c.before}, the page showed ${c.now === null ? '(not known)' : JSON.stringify(c.now)}`);
    const kept = c.refound.length + c.missing.length;
    lines.push(`    same page: ${c.refound.length} of ${kept} elements a passing run found there re-found${c.refound.length ? ` (${c.refound.slice(0, 5).join(', ')}${c.refound.length > 5 ? ', ...' : ''})` : ''}${c.missing.length ? `; not found: ${c.missing.slice(0, 5).join(', ')}${c.missing.length > 5 ? ', ...' : ''}` : ''}`);
    if (c.accepted) lines.push(`    written: ${c.before}  ->  ${c.after}`);
    else if (c.after !== null) lines.push(`    would write: ${c.before}  ->  ${c.after}`);
    else lines.push(`    not written: ${c.why}`);
  }
  return lines;
}

export const healCommand = defineCommand({
  name: 'heal',
  summary: "repair Playwright tests from failing tests' traces: re-find each broken locator's recorded element (generated page objects, or any suite with --baseline), print a patch",
  input: HealInput,
  result: HealCommandResult,
  async run(ctx, input) {
    const inputs = input.traces.map((trace) => path.resolve(ctx.cwd, trace));
    const started = Date.now();
    const { rerun, write } = input;
    const rounds = input.rounds ?? kDefaultRounds;
    let root = path.resolve(ctx.cwd, input.dir);
    let healWith: ((inputs: string[], earlier?: string[]) => Promise<HealResult>) | undefined;
    if (input.baseline !== undefined) {
      const file = path.resolve(ctx.cwd, input.baseline);
      const baseline = await readBaselineFile(file);
      if (!baseline) throw new UsageError(`${input.baseline} does not exist`, 'run `bu baseline` over the traces of a passing run first (trace: \'on\' in the Playwright config)');
      // A suite's files are named from the project: that is where patches are written and tests rerun.
      root = ctx.cwd;
      healWith = (from, earlier = []) => healSuite({ inputs: from, earlier, baseline, cwd: ctx.cwd, env: ctx.env, acceptExpectations: input.acceptExpectations });
    }
    const result: HealResult & Partial<Pick<RerunResult, 'rounds' | 'green' | 'stillFailing' | 'rerunProblem'>> = rerun
      ? await healAndRerun({ root, inputs, env: ctx.env, rounds, healWith, acceptExpectations: input.acceptExpectations })
      : healWith ? await healWith(inputs) : await heal({ root, inputs, env: ctx.env, acceptExpectations: input.acceptExpectations });
    for (const change of result.changes) for (const line of changeLines(change)) ctx.log(line);
    for (const refused of result.notHealed) ctx.log(`not healed: "${refused.test}": ${refused.reason}`);
    for (const error of result.errors) ctx.log(`error: "${error.test}": ${error.reason}`);
    for (const failing of result.stillFailing ?? []) ctx.log(`still failing after its heal: "${failing.test}": ${failing.reason}`);
    for (const line of expectationLines(result.expectations, input.acceptExpectations)) ctx.log(line);
    if (input.patch !== undefined) {
      await writeFileAtomic(path.resolve(ctx.cwd, input.patch), result.diff);
      ctx.log(`patch: ${input.patch}`);
    } else if (result.diff) ctx.print(result.diff.trimEnd());
    if (rerun) ctx.log(`wrote ${result.files.size} ${input.baseline === undefined ? 'page object(s)' : 'file(s)'} over ${result.rounds ?? 1} round(s)`);
    if (result.rerunProblem) ctx.log(`rerun failed: ${result.rerunProblem}`);
    // --rerun has written every round already: its result's `before` is the page objects as they
    // were, which applyHeal would take the files it wrote itself for someone else's edit.
    else if (write && !rerun) {
      await applyHeal(root, result.files);
      ctx.log(`wrote ${result.files.size} ${input.baseline === undefined ? 'page object(s)' : 'file(s)'}`);
    }
    const summary = healSummary({ ...result, rerun: rerun ? { green: result.green ?? [], stillFailing: result.stillFailing ?? [] } : null });
    ctx.log(`${summaryLine(summary, rerun)} (${Date.now() - started} ms)`);
    const { counts } = summary;
    // Healed and not rerun is as far as a heal without --rerun goes; every other outcome but green is a test still failing.
    const allHealed = counts['still-failing'] + counts.review + counts.refused + counts.error === 0;
    return {
      code: allHealed && !result.rerunProblem ? 0 : 1,
      result: {
        failing: summary.failing, healed: counts.green + counts['still-failing'] + counts['not-rerun'], summary, notHealed: result.notHealed, errors: result.errors,
        changes: result.changes, expectations: result.expectations, files: [...result.files.keys()], diff: result.diff, written: write || rerun,
        ...(rerun ? { rounds: result.rounds, green: result.green, stillFailing: result.stillFailing, rerunProblem: result.rerunProblem ?? null } : {}),
      },
    };
  },
});
