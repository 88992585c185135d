/**
 * Replay benchmark: `npx tsx bench/replay.bench.ts`. Records the demo flows once with
 * `bu capture script`, replays them on every demo variant with `--strategy full` and
 * `--strategy locator-only`, and prints:
 *   H = % of steps replayed correctly across all variants, per strategy
 *   wrong-element actions (must be 0 for full)
 *   P3 = replay wall time / a hand-written Playwright script doing the same flow (goal <= 1.15x):
 *        the median of the ratios of runs made side by side, in alternating order; beside it the
 *        median ratio of their CPU time (this process and the browser's, steadier on a shared
 *        machine) and the Playwright calls (round trips to the browser) each makes per run
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright';
import { launchBrowser } from '../core/browser.ts';
import { readJsonFile } from '../core/io/read.ts';
import { History } from '../core/schema/history.ts';
import { startDemoServer } from '../demo/server.ts';
import { kUser } from '../demo/store.ts';
import { kVariants } from '../demo/variants.ts';
import type { Strategy } from '../replay/find.ts';
import { replay } from '../replay/replay.ts';
import { captureFlow, flowDone, watchDecoys, type FlowName } from '../harness/demo-flows.ts';
import { countApiCalls } from './api-calls.ts';
import { processTreeCpuMs } from './process-cpu.ts';

/**
 * Timing rounds: a replay and a hand-written run side by side, in alternating order, their ratio
 * taken per round; the median of the ratios damps noise from other processes on the machine.
 */
const kTimingRounds = Number(process.env.BENCH_ROUNDS ?? 21);
const kFlows: FlowName[] = ['items', 'settings'];
const kNotAppSteps = new Set(['done', 'write_file', 'read_file', 'replace_file']);

interface Tally { correct: number; total: number; wrong: number; flowsOk: number; flows: number }

async function withServer<T>(variant: number, fn: (url: string) => Promise<T>): Promise<T> {
  const server = await startDemoServer({ port: 0, variant });
  try {
    return await fn(server.url);
  } finally {
    await server.close();
  }
}

async function withPage<T>(browser: Browser, fn: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext();
  try {
    return await fn(await context.newPage());
  } finally {
    await context.close();
  }
}

async function replayOnce(browser: Browser, history: History, flow: FlowName, variant: number, strategy: Strategy, tally: Tally): Promise<void> {
  await withServer(variant, (url) =>
    withPage(browser, async (page) => {
      const decoyHits = await watchDecoys(page.context());
      const { report } = await replay(page, history, {
        replayId: 'bench', baseUrl: url, strategy, substitutions: { vars: {}, secrets: { password: kUser.password } },
      });
      const appSteps = report.steps.filter((s) => !kNotAppSteps.has(s.action));
      tally.total += appSteps.length;
      tally.correct += appSteps.filter((s) => s.status === 'passed' || s.status === 'healed').length;
      const done = report.summary.ok && (await flowDone(flow, url));
      const postFailures = report.steps.filter((s) => s.category === 'postcondition_failed').length;
      tally.wrong += decoyHits() + postFailures + (report.summary.ok && !done ? 1 : 0);
      tally.flows++;
      if (done) tally.flowsOk++;
      const failed = report.steps.find((s) => s.status === 'failed');
      process.stderr.write(`  ${strategy.padEnd(12)} v${variant} ${flow.padEnd(8)} ${report.summary.ok ? 'ok    ' : 'FAILED'} ${failed ? `step ${failed.index + 1} ${failed.category}` : ''}\n`);
    }),
  );
}

/** The items flow as a person would write it with Playwright, waiting for each page. */
async function handWritten(page: Page, url: string): Promise<void> {
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  await page.getByTestId('login-email').fill(kUser.email);
  await page.getByTestId('login-password').fill(kUser.password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(url);
  await page.getByTestId('nav').getByRole('link', { name: 'New item' }).click();
  await page.waitForURL('**/items/new');
  await page.getByTestId('item-title-input').fill('Blue Kettle');
  await page.getByLabel('Category').selectOption({ label: 'Kitchen' });
  await page.getByRole('spinbutton', { name: 'Price' }).fill('12.50');
  await page.getByTestId('create-submit').click();
  await page.waitForURL(/\/items\/\d+\?created=1$/);
  await page.getByRole('link', { name: 'Back to items' }).click();
  await page.waitForURL(/\/items$/);
  await page.getByTestId('search-input').fill('Kettle');
  await page.getByTestId('search-submit').click();
  await page.waitForURL(/\?q=Kettle$/);
  await page.getByRole('link', { name: 'Blue Kettle' }).click();
  await page.waitForURL(/\/items\/\d+$/);
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByTestId('delete-item').click();
  await page.waitForURL(/deleted=/);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function main(): Promise<void> {
  const outputDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bu-replay-bench-'));
  const browser = await launchBrowser();
  try {
    process.stderr.write('recording the demo flows with `bu capture script` ...\n');
    const files = await Promise.all(kFlows.map((flow) => captureFlow(flow, outputDir)));
    const histories = await Promise.all(files.map((file) => readJsonFile(History, file, 'history')));
    const tallies: Record<Strategy, Tally> = {
      full: { correct: 0, total: 0, wrong: 0, flowsOk: 0, flows: 0 },
      'locator-only': { correct: 0, total: 0, wrong: 0, flowsOk: 0, flows: 0 },
    };
    for (const strategy of ['full', 'locator-only'] as const) {
      for (const variant of kVariants) {
        for (const [i, flow] of kFlows.entries()) await replayOnce(browser, histories[i]!, flow, variant.id, strategy, tallies[strategy]);
      }
    }

    const timedScript = (page: Page, url: string) => handWritten(page, url);
    const timedReplay = async (page: Page, url: string) => {
      const { report } = await replay(page, histories[0]!, { replayId: 'bench', baseUrl: url, substitutions: { vars: {}, secrets: { password: kUser.password } } });
      if (!report.summary.ok) throw new Error(`the timed replay failed: ${report.steps.find((s) => s.status === 'failed')?.message ?? ''}`);
      if (process.env.BENCH_VERBOSE === '1') {
        process.stderr.write(`  replay ${Math.round(report.summary.totalMs)} ms, its first step starts at ${report.steps[0]?.timing.startMs ?? '-'} ms\n`);
        for (const s of report.steps) process.stderr.write(`  ${s.index} ${s.action.padEnd(10)} ${s.level ?? '-'} start ${s.timing.startMs} find ${s.timing.findMs} act ${s.timing.actMs} verify ${s.timing.verifyMs} total ${s.timing.totalMs} ${s.checks.join(',')}\n`);
      }
    };
    // Wall time, and the CPU time of this process and the browser's (steadier on a shared machine).
    const timed = (run: (page: Page, url: string) => Promise<void>) => withServer(0, (url) => withPage(browser, async (page) => {
      const cpu = processTreeCpuMs();
      const t = performance.now();
      await run(page, url);
      const ms = performance.now() - t;
      const after = processTreeCpuMs();
      return { ms, cpuMs: cpu === null || after === null ? null : after - cpu };
    }));
    const replayTimes: number[] = [];
    const scriptTimes: number[] = [];
    const ratios: number[] = [];
    const cpuRatios: number[] = [];
    for (let i = 0; i < kTimingRounds; i++) {
      // Which side goes first alternates: a side that always ran second would always meet the other's leftovers.
      let script = { ms: 0, cpuMs: null as number | null };
      let replayed = script;
      if (i % 2 === 0) {
        script = await timed(timedScript);
        replayed = await timed(timedReplay);
      } else {
        replayed = await timed(timedReplay);
        script = await timed(timedScript);
      }
      scriptTimes.push(script.ms);
      replayTimes.push(replayed.ms);
      ratios.push(replayed.ms / script.ms);
      if (script.cpuMs && replayed.cpuMs !== null) cpuRatios.push(replayed.cpuMs / script.cpuMs);
    }
    const calls = async (run: (page: Page, url: string) => Promise<void>) => withServer(0, (url) => withPage(browser, (page) => countApiCalls(page.context(), () => run(page, url))));
    const [replayCounted, scriptCounted] = [await calls(timedReplay), await calls(timedScript)];
    const [replayCalls, scriptCalls] = [replayCounted.total, scriptCounted.total];
    const byMethod = (counted: typeof replayCounted) => [...counted.byMethod].sort((a, b) => b[1] - a[1]).map(([method, n]) => `${method} ${n}`).join(', ');
    const appSteps = histories[0]!.steps.filter((s) => !kNotAppSteps.has(s.action)).length;

    const pct = (t: Tally) => ((100 * t.correct) / Math.max(1, t.total)).toFixed(1);
    const full = tallies.full;
    const base = tallies['locator-only'];
    console.log(`H (steps replayed correctly, ${kVariants.length} variants x ${kFlows.length} flows): full ${pct(full)}% (${full.correct}/${full.total}, ${full.flowsOk}/${full.flows} flows) vs locator-only ${pct(base)}% (${base.correct}/${base.total}, ${base.flowsOk}/${base.flows} flows)`);
    console.log(`wrong-element actions: full ${full.wrong} (must be 0); locator-only ${base.wrong}`);
    console.log(`P3 (replay / hand-written Playwright, items flow, median of ${kTimingRounds} ratios side by side; ${Math.round(median(replayTimes))} ms vs ${Math.round(median(scriptTimes))} ms; ` +
      `${replayCalls} vs ${scriptCalls} Playwright calls per run${cpuRatios.length ? `; CPU time ${median(cpuRatios).toFixed(2)}x` : ''}; goal <= 1.15x): ${median(ratios).toFixed(2)}x`);
    console.log(`Playwright calls, replay (${appSteps} steps, ${(replayCalls / appSteps).toFixed(1)} per step): ${byMethod(replayCounted)}`);
    console.log(`Playwright calls, hand-written script: ${byMethod(scriptCounted)}`);
  } finally {
    await browser.close();
    await fs.rm(outputDir, { recursive: true, force: true });
  }
}

await main();
