import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { UsageError, errorMessage } from '../core/errors.ts';
import { writeFileAtomic } from '../core/io/atomic.ts';
import { BaselineFile, baselineText, kBaselineFile, type Baseline } from '../core/schema/baseline.ts';
import { takeBaseline } from '../heal/baseline.ts';
import { defineCommand } from './command.ts';
import { cliField } from './field-meta.ts';

export const BaselineInput = z.object({
  traces: z.array(z.string().min(1)).min(1).register(cliField, { description: "passing tests' Playwright traces (trace.zip files, test-results or playwright-report folders, or zips of them)", positional: true }),
  out: z.string().default(kBaselineFile).register(cliField, { description: 'the baseline file to write (its other tests are kept)', value: 'file' }),
});

export const BaselineResult = z.object({
  file: z.string(),
  /** Test traces read, and the passing ones among them (only those are kept). */
  traces: z.number().int(),
  passing: z.number().int(),
  /** Tests in the file, and calls recorded by this run. */
  tests: z.number().int(),
  calls: z.number().int(),
  missed: z.array(z.object({ test: z.string(), call: z.string(), reason: z.string() })),
  bytes: z.number().int(),
});

/** The baseline at `file`; null when there is none yet. A file that does not read is an error, never overwritten. */
export async function readBaselineFile(file: string): Promise<Baseline | null> {
  const text = await fs.readFile(file, 'utf8').catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return null;
    throw err;
  });
  if (text === null) return null;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new UsageError(`${file} is not JSON: ${errorMessage(err)}`, 'remove it and run `bu baseline` again');
  }
  const parsed = BaselineFile.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new UsageError(`${file} is not a baseline this version reads: ${issue ? `${issue.path.join('.')}: ${issue.message}` : 'invalid'}`, 'remove it and run `bu baseline` again');
  }
  return parsed.data;
}

export const baselineCommand = defineCommand({
  name: 'baseline',
  summary: "record what the elements of a passing Playwright suite look like, from its traces, for `bu heal --baseline` (.brow-use/baseline.json)",
  input: BaselineInput,
  result: BaselineResult,
  async run(ctx, input) {
    const file = path.resolve(ctx.cwd, input.out);
    const previous = await readBaselineFile(file);
    const started = Date.now();
    const run = await takeBaseline({ inputs: input.traces.map((trace) => path.resolve(ctx.cwd, trace)), previous, env: ctx.env, log: ctx.log });
    for (const miss of run.missed) ctx.log(`not kept: "${miss.test}": ${miss.call}: ${miss.reason}`);
    const text = baselineText(run.baseline);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await writeFileAtomic(file, text);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    ctx.print(`${path.relative(ctx.cwd, file) || file}: ${run.baseline.tests.length} test(s); this run: ${run.passing} passing of ${run.traces} trace(s), ${run.calls} call(s) kept, ${run.missed.length} not (${seconds} s, ${text.length} bytes)`);
    return {
      code: run.passing ? 0 : 1,
      result: { file, traces: run.traces, passing: run.passing, tests: run.baseline.tests.length, calls: run.calls, missed: run.missed, bytes: text.length },
    };
  },
});
