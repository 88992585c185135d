import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { kFlowSpecs, runGeneratedSpecs } from '../../harness/generate/pipeline.ts';

/** A spec's time budget on an idle machine: the flows here take 1-4 s each. */
const kTestTimeoutMs = 10_000;

/**
 * The most the budget grows under load. A spec run on a machine whose load is 8-20 on 2 cores got
 * a quarter of a core or less and hit 10 s in a click still running on the right element, which the
 * bench then counted as "not a locator failure (timed out)": a figure about the machine, not about
 * heal. The budget is therefore scaled by the load per core (at least 1x), so a spec gets about
 * the same CPU share before it times out however busy the machine is. A longer fixed timeout would
 * do as well under load but cost every action whose locator is broken (it waits out the whole
 * timeout, the generated config sets no action timeout) that much on an idle machine; a retry of
 * timed-out specs would rerun those too. Nothing is hidden: a spec that still times out is reported
 * as before, and each run's budget and load are printed by the caller.
 */
const kMaxTimeoutScale = 4;

/** The test timeout for a run starting now, from the 1-minute load average per core. */
export function benchTestTimeoutMs(load = os.loadavg()[0]!, cores = os.availableParallelism()): number {
  const scale = Math.min(kMaxTimeoutScale, Math.max(1, load / cores));
  return Math.round(kTestTimeoutMs * scale);
}

/**
 * Runs the flow specs (not the replay spec) of a generated project on `url`, one at a time, each
 * failing after benchTestTimeoutMs (kept in kSpecRuns with the load); the outcome of each test by
 * `file › title`. Playwright keeps a failing test's trace under test-results/.
 */
export async function runFlowSpecs(out: string, url: string, env: NodeJS.ProcessEnv): Promise<Map<string, boolean>> {
  const report = path.join(out, 'report.json');
  fs.rmSync(report, { force: true });
  const load = os.loadavg()[0]!;
  const testTimeoutMs = benchTestTimeoutMs(load);
  await runGeneratedSpecs(out, url, kFlowSpecs, { PLAYWRIGHT_JSON_OUTPUT_NAME: report, ...env }, { reporter: 'json', testTimeoutMs });
  kSpecRuns.push({ testTimeoutMs, loads: [load, os.loadavg()[0]!] });
  return reportOutcomes(report);
}

/** Each test's outcome by `file › title` from a Playwright JSON report; empty when the run wrote none. */
export function reportOutcomes(report: string): Map<string, boolean> {
  const outcomes = new Map<string, boolean>();
  if (!fs.existsSync(report)) return outcomes;
  type Suite = { suites?: Suite[]; specs?: { title: string; file?: string; ok: boolean }[] };
  const visit = (suite: Suite) => {
    for (const spec of suite.specs ?? []) outcomes.set(spec.file ? `${spec.file} › ${spec.title}` : spec.title, spec.ok);
    for (const child of suite.suites ?? []) visit(child);
  };
  visit(JSON.parse(fs.readFileSync(report, 'utf8')) as Suite);
  return outcomes;
}

/** Every spec run so far: its test timeout and the 1-minute load average as it started and ended. */
export const kSpecRuns: { testTimeoutMs: number; loads: number[] }[] = [];

/** `test timeout a-b s, load average x-y on n cores` over `runs` (by default every run so far). */
export function loadSummary(runs = kSpecRuns): string {
  const range = (xs: number[], digits: number) => (xs.length ? `${Math.min(...xs).toFixed(digits)}-${Math.max(...xs).toFixed(digits)}` : 'n/a');
  return `test timeout ${range(runs.map((r) => r.testTimeoutMs / 1000), 0)} s, load average ${range(runs.flatMap((r) => r.loads), 1)} on ${os.availableParallelism()} cores`;
}

/** Heal names a test `file:line › describe › title`; the runs above name it `file › title`. */
export function isSameTest(runKey: string, healName: string): boolean {
  const named = healName.replace(/:\d+ › /, ' › ');
  if (runKey === named || runKey.endsWith(` › ${healName}`)) return true;
  const [file, ...title] = runKey.split(' › ');
  return named.startsWith(`${file} › `) && named.endsWith(` › ${title.join(' › ')}`);
}
